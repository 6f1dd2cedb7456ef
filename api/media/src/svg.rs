//! SVG sanitising: the file is parsed with an XML parser (quick-xml) and written again keeping
//! only an allow-list of drawing elements and attributes. Scripts, event handlers,
//! `<foreignObject>`, `<style>`, DOCTYPEs (and so entity tricks), links and every reference
//! outside the document (`href` not starting with `#`, `url(…)` not starting with `#`) are
//! dropped.

use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, Writer};

const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "title",
    "desc",
    "symbol",
    "use",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textpath",
    "lineargradient",
    "radialgradient",
    "stop",
    "pattern",
    "clippath",
    "mask",
    "marker",
    "filter",
    "fegaussianblur",
    "feoffset",
    "feblend",
    "fecolormatrix",
    "feflood",
    "fecomposite",
    "femerge",
    "femergenode",
    "fedropshadow",
];

const ATTRIBUTES: &[&str] = &[
    "id",
    "class",
    "style",
    "transform",
    "d",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "width",
    "height",
    "viewbox",
    "preserveaspectratio",
    "points",
    "pathlength",
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-opacity",
    "opacity",
    "offset",
    "stop-color",
    "stop-opacity",
    "gradientunits",
    "gradienttransform",
    "spreadmethod",
    "fx",
    "fy",
    "fr",
    "patternunits",
    "patterncontentunits",
    "patterntransform",
    "clip-path",
    "clip-rule",
    "clippathunits",
    "mask",
    "maskunits",
    "maskcontentunits",
    "filter",
    "filterunits",
    "primitiveunits",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "letter-spacing",
    "word-spacing",
    "text-anchor",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "dx",
    "dy",
    "rotate",
    "textlength",
    "lengthadjust",
    "startoffset",
    "xmlns",
    "xmlns:xlink",
    "version",
    "role",
    "aria-label",
    "aria-hidden",
    "aria-labelledby",
    "focusable",
    "href",
    "xlink:href",
    "vector-effect",
    "shape-rendering",
    "color",
    "display",
    "visibility",
    "overflow",
    "marker-start",
    "marker-mid",
    "marker-end",
    "markerwidth",
    "markerheight",
    "refx",
    "refy",
    "orient",
    "markerunits",
    "stddeviation",
    "in",
    "in2",
    "result",
    "mode",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "values",
    "type",
    "flood-color",
    "flood-opacity",
    "lighting-color",
    "xml:space",
    "lang",
    "xml:lang",
    "dir",
    "paint-order",
    "mix-blend-mode",
    "isolation",
    "writing-mode",
];

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SvgError {
    #[error("the file is not well-formed SVG: {0}")]
    Malformed(String),
    #[error("the file's root element is not <svg>")]
    NotSvg,
}

fn local_name(raw: &str) -> String {
    raw.to_ascii_lowercase()
}

/// True when every `url(…)` in `value` points inside the document (`url(#id)`).
fn only_local_urls(value: &str) -> bool {
    value.match_indices("url(").all(|(at, _)| {
        value[at + 4..]
            .trim_start()
            .trim_start_matches(['"', '\''])
            .starts_with('#')
    })
}

/// `value` with CSS escapes decoded (`\\72` and `\\r` are both `r`), so that `u\\rl(` is seen
/// as the `url(` a browser reads.
fn css_unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let mut hex = String::new();
        while hex.len() < 6 && chars.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
            hex.extend(chars.next());
        }
        if hex.is_empty() {
            out.extend(chars.next());
        } else {
            if chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            out.push(
                u32::from_str_radix(&hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .unwrap_or('\u{fffd}'),
            );
        }
    }
    out
}

fn safe_value(name: &str, value: &str) -> bool {
    let squashed: String = css_unescape(value)
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    if squashed.contains("javascript:")
        || squashed.contains("vbscript:")
        || squashed.contains("data:")
    {
        return false;
    }
    if (name == "href" || name == "xlink:href") && !value.trim_start().starts_with('#') {
        return false;
    }
    if name == "style"
        && (squashed.contains("@import")
            || squashed.contains("expression(")
            || squashed.contains("behavior:"))
    {
        return false;
    }
    only_local_urls(&squashed)
}

fn clean_element(e: &BytesStart<'_>) -> Option<BytesStart<'static>> {
    let name = local_name(e.name().as_ref());
    if !ELEMENTS.contains(&name.as_str()) {
        return None;
    }
    let mut out = BytesStart::new(AsRef::<str>::as_ref(&e.name()).to_owned());
    for attr in e.attributes().flatten() {
        let key = local_name(attr.key.as_ref());
        if key.starts_with("on") || !ATTRIBUTES.contains(&key.as_str()) {
            continue;
        }
        let Ok(value) = attr.normalized_value(quick_xml::XmlVersion::Implicit1_0) else {
            continue;
        };
        if safe_value(&key, &value) {
            out.push_attribute((AsRef::<str>::as_ref(&attr.key), value.as_ref()));
        }
    }
    Some(out)
}

/// Returns the sanitised SVG document.
/// The size an SVG declares for itself: its `width` and `height` when both are plain numbers (or
/// pixels), else its `viewBox`'s; `None` when it declares neither.
pub fn size(input: &[u8]) -> Option<(u32, u32)> {
    let mut reader = Reader::from_reader(input);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf).ok()? {
            Event::Start(e) | Event::Empty(e) => {
                if local_name(e.name().as_ref()) != "svg" {
                    return None;
                }
                let attr = |name: &str| {
                    e.attributes()
                        .flatten()
                        .find_map(|a| (a.key.as_ref() == name).then(|| a.value.trim().to_owned()))
                };
                let number = |v: Option<String>| {
                    let v = v?;
                    let v = v.strip_suffix("px").unwrap_or(&v);
                    v.parse::<f64>()
                        .ok()
                        .filter(|n| n.is_finite() && *n >= 1.0 && *n <= 100_000.0)
                };
                if let (Some(w), Some(h)) = (number(attr("width")), number(attr("height"))) {
                    return Some((w.round() as u32, h.round() as u32));
                }
                let view_box: Vec<f64> = attr("viewBox")?
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|p| !p.is_empty())
                    .filter_map(|p| p.parse().ok())
                    .collect();
                let [_, _, w, h] = view_box[..] else {
                    return None;
                };
                let ok = |n: f64| n.is_finite() && (1.0..=100_000.0).contains(&n);
                return (ok(w) && ok(h)).then(|| (w.round() as u32, h.round() as u32));
            }
            Event::Eof => return None,
            _ => {}
        }
        buf.clear();
    }
}

pub fn sanitize(input: &[u8]) -> Result<Vec<u8>, SvgError> {
    let mut reader = Reader::from_reader(input);
    reader.config_mut().trim_text(false);
    let mut writer = Writer::new(Vec::with_capacity(input.len()));
    let mut skipping = 0usize;
    let mut depth = 0usize;
    let mut saw_root = false;
    let mut buf = Vec::new();
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| SvgError::Malformed(e.to_string()))?;
        let write = |writer: &mut Writer<Vec<u8>>, event: Event<'_>| {
            writer
                .write_event(event)
                .map_err(|e| SvgError::Malformed(e.to_string()))
        };
        match event {
            Event::Eof => break,
            Event::Start(e) => {
                if skipping > 0 {
                    skipping += 1;
                    continue;
                }
                if depth == 0 {
                    if local_name(e.name().as_ref()) != "svg" {
                        return Err(SvgError::NotSvg);
                    }
                    saw_root = true;
                }
                match clean_element(&e) {
                    Some(clean) => {
                        depth += 1;
                        write(&mut writer, Event::Start(clean))?;
                    }
                    None => skipping = 1,
                }
            }
            Event::Empty(e) => {
                if skipping > 0 {
                    continue;
                }
                if depth == 0 {
                    if local_name(e.name().as_ref()) != "svg" {
                        return Err(SvgError::NotSvg);
                    }
                    saw_root = true;
                }
                if let Some(clean) = clean_element(&e) {
                    write(&mut writer, Event::Empty(clean))?;
                }
            }
            Event::End(e) => {
                if skipping > 0 {
                    skipping -= 1;
                    continue;
                }
                depth = depth.saturating_sub(1);
                write(&mut writer, Event::End(e.into_owned()))?;
            }
            Event::Text(t) if skipping == 0 && depth > 0 => {
                write(&mut writer, Event::Text(t.into_owned()))?
            }
            Event::GeneralRef(r) if skipping == 0 && depth > 0 => {
                let name = AsRef::<str>::as_ref(&r).to_owned();
                let predefined = matches!(name.as_str(), "amp" | "lt" | "gt" | "quot" | "apos")
                    || name.starts_with('#');
                if predefined {
                    write(&mut writer, Event::GeneralRef(r.into_owned()))?;
                }
            }
            Event::Decl(d) if !saw_root => write(&mut writer, Event::Decl(d.into_owned()))?,
            // Comments, processing instructions, DOCTYPEs, CDATA and text outside the root go.
            _ => {}
        }
        buf.clear();
    }
    if !saw_root {
        return Err(SvgError::NotSvg);
    }
    Ok(writer.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(svg: &str) -> String {
        String::from_utf8(sanitize(svg.as_bytes()).unwrap()).unwrap()
    }

    #[test]
    fn scripts_handlers_and_external_references_are_removed() {
        let dirty = r##"<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(1)</script>
  <style>@import url(https://evil.example/x.css);</style>
  <a href="javascript:alert(1)"><rect width="5" height="5"/></a>
  <foreignObject><iframe src="https://evil.example"/></foreignObject>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#x"/>
  <use href="#local"/>
  <rect id="local" width="10" height="10" fill="url(#g)" stroke="url(https://evil.example/p)" onclick="x()"/>
  <circle r="2" style="fill:url(javascript:alert(1))"/>
  <circle r="3" style="fill:u\rl(https://evil.example/a)"/>
  <circle r="4" style="fill:\75 rl(https://evil.example/b)"/>
  <circle r="5" fill="\000075rl(https://evil.example/c)"/>
  <text x="1" y="9">&amp;x;&x;</text>
</svg>"##;
        let out = clean(dirty);
        for bad in [
            "script",
            "onload",
            "onclick",
            "javascript",
            "evil.example",
            "<style",
            "foreignObject",
            "iframe",
            "<image",
            "DOCTYPE",
            "ENTITY",
            "<a ",
            "&x;",
        ] {
            assert!(!out.contains(bad), "{bad} survived:\n{out}");
        }
        assert!(out.contains(r##"<use href="#local"/>"##), "{out}");
        assert!(out.contains(r##"fill="url(#g)""##), "{out}");
        assert!(out.contains("&amp;x;"), "{out}");
    }

    #[test]
    fn ordinary_drawings_are_kept() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><title>Star</title><defs><linearGradient id="g"><stop offset="0" stop-color="#C9A227"/></linearGradient></defs><path d="M0 0L10 10" stroke="#0B1F3A" stroke-width="2" fill="none"/></svg>"##;
        assert_eq!(clean(svg), svg);
    }

    #[test]
    fn other_documents_are_refused() {
        assert_eq!(sanitize(b"<html><body/></html>"), Err(SvgError::NotSvg));
        assert!(matches!(
            sanitize(b"<svg><g></svg>"),
            Err(SvgError::Malformed(_))
        ));
        assert_eq!(sanitize(b"just text"), Err(SvgError::NotSvg));
    }

    #[test]
    fn an_svg_declares_its_size_by_width_and_height_or_by_its_view_box() {
        assert_eq!(
            size(br#"<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700"/>"#),
            Some((1600, 700))
        );
        assert_eq!(
            size(br#"<?xml version="1.0"?><svg viewBox="0 0 400 400.4" width="100%"></svg>"#),
            Some((400, 400))
        );
        assert_eq!(size(br#"<svg width="12em" height="3em"/>"#), None);
        assert_eq!(size(b"<html/>"), None);
    }
}
