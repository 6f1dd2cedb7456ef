//! Metadata out of uploaded photographs, without touching their pixels: camera positions (GPS),
//! serial numbers, names, dates, thumbnails and anything appended after the image never reach
//! the media store. What the picture needs to look right stays: JPEG's JFIF header, colour
//! profile and Adobe colour transform, PNG's colour and transparency chunks, WebP's colour
//! profile and animation. A JPEG that is not upright keeps its orientation, as a minimal Exif
//! block holding nothing else.
//!
//! These work on the container only (segments and chunks), so they are fast and bounded by the
//! file's size; the pixels are checked by decoding ([`super::photo`]).

/// The container is not what its first bytes say: cut short, or a length pointing outside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the file is damaged or incomplete")]
pub struct Damaged;

/// The JPEG without its metadata; `orientation` (Exif 1–8) is kept when it is not 1.
pub fn jpeg(bytes: &[u8], orientation: u8) -> Result<Vec<u8>, Damaged> {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return Err(Damaged);
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&[0xFF, 0xD8]);
    let mut exif_pending = (2..=8).contains(&orientation);
    let mut i = 2;
    loop {
        if bytes.get(i) != Some(&0xFF) {
            return Err(Damaged);
        }
        while bytes.get(i) == Some(&0xFF) {
            i += 1;
        }
        let marker = *bytes.get(i).ok_or(Damaged)?;
        i += 1;
        match marker {
            0xD9 => {
                out.extend_from_slice(&[0xFF, 0xD9]);
                // Anything after the end of the image (a motion photo's video, a second
                // picture) is left out.
                return Ok(out);
            }
            0x01 | 0xD0..=0xD7 => {
                out.extend_from_slice(&[0xFF, marker]);
                continue;
            }
            _ => {}
        }
        let length = u16::from_be_bytes([
            *bytes.get(i).ok_or(Damaged)?,
            *bytes.get(i + 1).ok_or(Damaged)?,
        ]) as usize;
        if length < 2 {
            return Err(Damaged);
        }
        let data = bytes.get(i + 2..i + length).ok_or(Damaged)?;
        let keep = match marker {
            0xE0 => data.starts_with(b"JFIF\0"),
            0xE2 => data.starts_with(b"ICC_PROFILE\0"),
            0xEE => data.starts_with(b"Adobe"),
            0xE1..=0xEF | 0xFE => false,
            _ => true,
        };
        if exif_pending && marker != 0xE0 {
            out.extend_from_slice(&orientation_exif(orientation));
            exif_pending = false;
        }
        if keep {
            out.extend_from_slice(&[0xFF, marker]);
            out.extend_from_slice(&bytes[i..i + length]);
        }
        i += length;
        if marker == 0xDA {
            // The entropy-coded scan runs to the next marker that is neither a stuffed 0xFF00
            // nor a restart marker.
            let start = i;
            loop {
                match bytes.get(i) {
                    None => return Err(Damaged),
                    Some(0xFF) => match bytes.get(i + 1) {
                        None => return Err(Damaged),
                        Some(0x00 | 0xD0..=0xD7) => i += 2,
                        Some(_) => break,
                    },
                    Some(_) => i += 1,
                }
            }
            out.extend_from_slice(&bytes[start..i]);
        }
    }
}

/// An APP1 Exif segment that holds only the orientation (big-endian TIFF, one IFD entry).
fn orientation_exif(orientation: u8) -> Vec<u8> {
    let mut segment = vec![0xFF, 0xE1, 0x00, 34];
    segment.extend_from_slice(b"Exif\0\0MM\0\x2A\0\0\0\x08");
    segment.extend_from_slice(&[0x00, 0x01]); // one entry
    segment.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]);
    segment.extend_from_slice(&[0x00, orientation, 0x00, 0x00]);
    segment.extend_from_slice(&[0x00, 0x00, 0x00, 0x00]); // no next IFD
    segment
}

/// PNG chunks kept besides the critical ones: colour, transparency, density and animation.
const PNG_KEEP: [&[u8; 4]; 11] = [
    b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"sBIT", b"pHYs", b"bKGD", b"acTL", b"fcTL",
    b"fdAT",
];

/// The PNG without text, Exif, time or any other ancillary chunk, and nothing after its end.
pub fn png(bytes: &[u8]) -> Result<Vec<u8>, Damaged> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if !bytes.starts_with(SIGNATURE) {
        return Err(Damaged);
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(SIGNATURE);
    let mut i = SIGNATURE.len();
    loop {
        let header = bytes.get(i..i + 8).ok_or(Damaged)?;
        let length = u32::from_be_bytes(header[..4].try_into().expect("four bytes")) as usize;
        let kind: &[u8; 4] = header[4..8].try_into().expect("four bytes");
        let end = i.checked_add(12 + length).ok_or(Damaged)?;
        let chunk = bytes.get(i..end).ok_or(Damaged)?;
        if kind[0].is_ascii_uppercase() || PNG_KEEP.contains(&kind) {
            out.extend_from_slice(chunk);
        }
        i = end;
        if kind == b"IEND" {
            return Ok(out);
        }
    }
}

/// The WebP without its Exif and XMP chunks (and the extended header's flags for them).
pub fn webp(bytes: &[u8]) -> Result<Vec<u8>, Damaged> {
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WEBP" {
        return Err(Damaged);
    }
    let declared = u32::from_le_bytes(bytes[4..8].try_into().expect("four bytes")) as usize;
    let end = declared.checked_add(8).ok_or(Damaged)?;
    let body = bytes.get(12..end).ok_or(Damaged)?;
    let mut chunks = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let header = body.get(i..i + 8).ok_or(Damaged)?;
        let size = u32::from_le_bytes(header[4..8].try_into().expect("four bytes")) as usize;
        let padded = size + (size & 1);
        let chunk = body
            .get(i..i + 8 + padded)
            .or_else(|| body.get(i..i + 8 + size))
            .ok_or(Damaged)?;
        match &header[..4] {
            b"EXIF" | b"XMP " => {}
            b"VP8X" => {
                let mut chunk = chunk.to_vec();
                if let Some(flags) = chunk.get_mut(8) {
                    *flags &= !(0x08 | 0x04);
                }
                chunks.extend_from_slice(&chunk);
            }
            _ => chunks.extend_from_slice(chunk),
        }
        i += 8 + padded;
    }
    let mut out = Vec::with_capacity(chunks.len() + 12);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&((chunks.len() + 4) as u32).to_le_bytes());
    out.extend_from_slice(b"WEBP");
    out.extend_from_slice(&chunks);
    Ok(out)
}

/// What an AVIF file says of itself, read from its boxes (this server does not decode AVIF).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct AvifFacts {
    /// The largest image's size (`ispe`), if any.
    pub size: Option<(u32, u32)>,
    /// It carries an Exif or XMP item (which may hold a position).
    pub metadata: bool,
}

/// Reads an AVIF's size and whether it carries metadata items.
pub fn avif(bytes: &[u8]) -> Result<AvifFacts, Damaged> {
    let mut facts = AvifFacts::default();
    let meta = boxes(bytes)?
        .into_iter()
        .find(|(kind, _)| kind == b"meta")
        .ok_or(Damaged)?
        .1;
    // `meta` is a full box: version and flags first.
    for (kind, body) in boxes(meta.get(4..).ok_or(Damaged)?)? {
        match &kind {
            b"iinf" => {
                let version = *body.first().ok_or(Damaged)?;
                let skip = if version == 0 { 6 } else { 8 };
                for (kind, infe) in boxes(body.get(skip..).ok_or(Damaged)?)? {
                    // infe version 2 and 3: item id (2 or 4 bytes), protection (2), then type.
                    let version = *infe.first().ok_or(Damaged)?;
                    if kind != *b"infe" || version < 2 {
                        continue;
                    }
                    let at = if version == 2 { 8 } else { 10 };
                    let item_type = infe.get(at..at + 4).ok_or(Damaged)?;
                    if item_type == b"Exif" || item_type == b"mime" {
                        facts.metadata = true;
                    }
                }
            }
            b"iprp" => {
                for (kind, ipco) in boxes(body)? {
                    if kind != *b"ipco" {
                        continue;
                    }
                    for (kind, ispe) in boxes(ipco)? {
                        if kind != *b"ispe" {
                            continue;
                        }
                        let width = u32::from_be_bytes(
                            ispe.get(4..8)
                                .ok_or(Damaged)?
                                .try_into()
                                .expect("four bytes"),
                        );
                        let height = u32::from_be_bytes(
                            ispe.get(8..12)
                                .ok_or(Damaged)?
                                .try_into()
                                .expect("four bytes"),
                        );
                        if facts.size.is_none_or(|(w, h)| {
                            u64::from(w) * u64::from(h) < u64::from(width) * u64::from(height)
                        }) {
                            facts.size = Some((width, height));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(facts)
}

/// An ISO-BMFF box: its type and body.
type IsoBox<'a> = ([u8; 4], &'a [u8]);

/// The ISO-BMFF boxes of `bytes`.
fn boxes(bytes: &[u8]) -> Result<Vec<IsoBox<'_>>, Damaged> {
    let mut out = Vec::new();
    let mut i = 0usize;
    while i < bytes.len() {
        let header = bytes.get(i..i + 8).ok_or(Damaged)?;
        let size = u32::from_be_bytes(header[..4].try_into().expect("four bytes")) as u64;
        let kind: [u8; 4] = header[4..8].try_into().expect("four bytes");
        let (start, end) = match size {
            0 => (i + 8, bytes.len()),
            1 => {
                let large = bytes.get(i + 8..i + 16).ok_or(Damaged)?;
                let large = u64::from_be_bytes(large.try_into().expect("eight bytes"));
                let end = usize::try_from(large)
                    .ok()
                    .and_then(|l| i.checked_add(l))
                    .ok_or(Damaged)?;
                (i + 16, end)
            }
            n if n < 8 => return Err(Damaged),
            n => (i + 8, i.checked_add(n as usize).ok_or(Damaged)?),
        };
        out.push((kind, bytes.get(start..end).ok_or(Damaged)?));
        i = end;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segment(marker: u8, data: &[u8]) -> Vec<u8> {
        let mut s = vec![0xFF, marker];
        s.extend_from_slice(&((data.len() + 2) as u16).to_be_bytes());
        s.extend_from_slice(data);
        s
    }

    fn jpeg_with(app: &[Vec<u8>]) -> Vec<u8> {
        let mut bytes = vec![0xFF, 0xD8];
        bytes.extend(segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"));
        for a in app {
            bytes.extend(a);
        }
        bytes.extend(segment(0xFE, b"shot by a client"));
        bytes.extend(segment(0xDB, &[0u8; 65]));
        bytes.extend(segment(0xDA, &[1, 1, 0, 0, 63, 0]));
        bytes.extend([0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56]);
        bytes.extend([0xFF, 0xD9]);
        bytes.extend(b"motion photo video after the image");
        bytes
    }

    #[test]
    fn a_jpeg_loses_its_exif_xmp_comments_and_trailer_and_keeps_its_pixels_and_colour() {
        let gps = segment(0xE1, b"Exif\0\0MM\0*GPS 25.2048 N 55.2708 E");
        let icc = segment(0xE2, b"ICC_PROFILE\0\x01\x01profile");
        let iptc = segment(0xED, b"Photoshop 3.0\0IPTC");
        let stripped = jpeg(&jpeg_with(&[gps, icc.clone(), iptc]), 1).unwrap();

        let text = String::from_utf8_lossy(&stripped);
        for gone in ["GPS", "Exif", "shot by", "IPTC", "motion photo"] {
            assert!(!text.contains(gone), "{gone} is gone");
        }
        assert!(
            stripped.windows(icc.len()).any(|w| w == icc),
            "the colour profile stays"
        );
        assert!(
            stripped.ends_with(&[0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0xD9]),
            "the scan is intact"
        );
    }

    #[test]
    fn a_turned_jpeg_keeps_only_its_orientation() {
        let gps = segment(0xE1, b"Exif\0\0MM\0*GPS");
        let stripped = jpeg(&jpeg_with(&[gps]), 6).unwrap();
        let exif = orientation_exif(6);
        let at = stripped
            .windows(exif.len())
            .position(|w| w == exif)
            .expect("an orientation block");
        assert_eq!(
            &stripped[at - 18..at - 14],
            &[0xFF, 0xE0, 0x00, 0x10],
            "after the JFIF header"
        );
        assert!(!String::from_utf8_lossy(&stripped).contains("GPS"));
    }

    #[test]
    fn damaged_containers_are_refused_not_read_past_their_end() {
        let whole = jpeg_with(&[]);
        for cut in [3, 10, whole.len() - 40] {
            assert_eq!(jpeg(&whole[..cut], 1), Err(Damaged), "cut at {cut}");
        }
        assert_eq!(png(b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR"), Err(Damaged));
        assert_eq!(webp(b"RIFF\xff\xff\xff\x7fWEBPVP8 "), Err(Damaged));
        assert_eq!(avif(b"\0\0\0\x1cftypavif"), Err(Damaged));
    }

    fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut c = (data.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(data);
        c.extend_from_slice(&[0, 0, 0, 0]);
        c
    }

    #[test]
    fn a_png_keeps_its_image_and_colour_chunks_only() {
        let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
        for (kind, data) in [
            (b"IHDR", &b"0123456789abc"[..]),
            (b"iCCP", b"profile"),
            (b"eXIf", b"MM\0*GPS"),
            (b"tEXt", b"Author\0client"),
            (b"IDAT", b"pixels"),
            (b"IEND", b""),
        ] {
            bytes.extend(png_chunk(kind, data));
        }
        bytes.extend(b"trailer");
        let text = String::from_utf8_lossy(&png(&bytes).unwrap()).into_owned();
        assert!(
            text.contains("IHDR")
                && text.contains("iCCP")
                && text.contains("IDAT")
                && text.ends_with("IEND\0\0\0\0")
        );
        for gone in ["eXIf", "GPS", "tEXt", "client", "trailer"] {
            assert!(!text.contains(gone), "{gone}");
        }
    }

    #[test]
    fn a_webp_loses_exif_and_xmp_and_its_flags_for_them() {
        let chunk = |kind: &[u8; 4], data: &[u8]| {
            let mut c = kind.to_vec();
            c.extend_from_slice(&(data.len() as u32).to_le_bytes());
            c.extend_from_slice(data);
            if data.len() % 2 == 1 {
                c.push(0);
            }
            c
        };
        let mut body = b"WEBP".to_vec();
        body.extend(chunk(b"VP8X", &[0x2C, 0, 0, 0, 9, 0, 0, 9, 0, 0]));
        body.extend(chunk(b"VP8 ", b"pixels!"));
        body.extend(chunk(b"EXIF", b"MM\0*GPS"));
        body.extend(chunk(b"XMP ", b"<x:xmpmeta/>"));
        let mut bytes = b"RIFF".to_vec();
        bytes.extend((body.len() as u32).to_le_bytes());
        bytes.extend(body);

        let stripped = webp(&bytes).unwrap();
        let text = String::from_utf8_lossy(&stripped);
        assert!(!text.contains("GPS") && !text.contains("xmpmeta"));
        assert_eq!(stripped[20], 0x20, "the Exif and XMP flags are cleared");
        assert_eq!(
            u32::from_le_bytes(stripped[4..8].try_into().unwrap()) as usize,
            stripped.len() - 8
        );
    }
}
