//! A small reader of the generator's HTML for the tests: what a reader of a page meets.

/// What a reader of the page meets: each text (outside `<script>`, `<style>`, `<title>` and
/// `<textarea>`) and each image's alt text, with the language and direction the HTML gives it
/// (the nearest `lang` and `dir`, its own element's included for an alt text), and the element
/// that holds it.
pub struct Shown {
    pub text: String,
    pub lang: String,
    pub dir: String,
    /// The element that holds it, and whether it holds only this text (but white space).
    pub element: String,
    pub alone: bool,
}

/// A small reader of the generator's HTML (every element closed, values quoted).
pub fn shown(html: &str) -> Vec<Shown> {
    const VOID: [&str; 14] = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr",
    ];
    struct Open {
        name: String,
        lang: Option<String>,
        dir: Option<String>,
        texts: Vec<usize>,
        children: usize,
    }
    let attr = |tag: &str, name: &str| -> Option<String> {
        let needle = format!(" {name}=\"");
        let at = tag.find(&needle)? + needle.len();
        Some(tag[at..at + tag[at..].find('"')?].to_owned())
    };
    let mut stack: Vec<Open> = Vec::new();
    let mut out: Vec<Shown> = Vec::new();
    let inherited = |stack: &[Open], pick: fn(&Open) -> &Option<String>| {
        stack
            .iter()
            .rev()
            .find_map(|o| pick(o).clone())
            .unwrap_or_default()
    };
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else { break };
        let text = rest[..lt].trim();
        if !text.is_empty() {
            out.push(Shown {
                text: text.to_owned(),
                lang: inherited(&stack, |o| &o.lang),
                dir: inherited(&stack, |o| &o.dir),
                element: stack.last().map(|o| o.name.clone()).unwrap_or_default(),
                alone: false,
            });
            if let Some(open) = stack.last_mut() {
                open.texts.push(out.len() - 1);
            }
        }
        rest = &rest[lt..];
        if rest.starts_with("<!--") {
            rest = &rest[rest.find("-->").map_or(rest.len(), |i| i + 3)..];
            continue;
        }
        // Quoted values may hold `>`.
        let mut quote = None;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                match (quote, c) {
                    (None, '"') => quote = Some('"'),
                    (Some('"'), '"') => quote = None,
                    (None, '>') => return true,
                    _ => {}
                }
                false
            })
            .map_or(rest.len(), |(i, _)| i + 1);
        let tag = &rest[..end];
        rest = &rest[end..];
        let name: String = tag
            .trim_start_matches(['<', '/', '!'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect::<String>()
            .to_ascii_lowercase();
        if tag.starts_with("</") {
            if let Some(depth) = stack.iter().rposition(|o| o.name == name) {
                for open in stack.drain(depth..) {
                    if open.texts.len() == 1 && open.children == 0 {
                        out[open.texts[0]].alone = true;
                    }
                }
            }
            continue;
        }
        if tag.starts_with("<!") {
            continue;
        }
        if let Some(parent) = stack.last_mut() {
            parent.children += 1;
        }
        if name == "img"
            && let Some(alt) = attr(tag, "alt").filter(|a| !a.is_empty())
        {
            out.push(Shown {
                text: alt,
                lang: attr(tag, "lang").unwrap_or_else(|| inherited(&stack, |o| &o.lang)),
                dir: attr(tag, "dir").unwrap_or_else(|| inherited(&stack, |o| &o.dir)),
                element: name.clone(),
                alone: true,
            });
        }
        if ["script", "style", "title", "textarea"].contains(&name.as_str()) {
            let close = format!("</{name}");
            rest = &rest[rest.find(&close).unwrap_or(rest.len())..];
            continue;
        }
        if VOID.contains(&name.as_str()) || tag.ends_with("/>") {
            continue;
        }
        stack.push(Open {
            name,
            lang: attr(tag, "lang"),
            dir: attr(tag, "dir"),
            texts: Vec::new(),
            children: 0,
        });
    }
    out
}
