//! Videos (MP4, WebM, Ogg): their container walked before they are stored, so a file that only
//! starts like a video (an `ftyp` box, then HTML) is refused, and their metadata (an MP4's
//! `udta` and `meta` boxes with the phone's `©xyz` position, a WebM's tags, title and date, an
//! Ogg stream's comments) taken out.
//!
//! Metadata is blanked in place: an MP4 box becomes a `free` box of the same size, a WebM element
//! a `Void` element of the same size, their contents zeros; an Ogg comment keeps its length. No byte of the file moves, so every
//! offset it holds stays true without being rewritten: `stco`/`co64` chunk offsets into `mdat`
//! (whether `moov` comes before `mdat` or after it), fragments' base offsets, `sidx` and `mfra`,
//! WebM's `SeekHead` and `Cues`. Players skip `free` and `Void`; the cost is the few bytes the
//! metadata took.

use crate::Kind;
use crate::strip::Damaged;

/// The video's bytes to store: checked, metadata blanked.
pub fn clean(bytes: Vec<u8>, kind: Kind) -> Result<Vec<u8>, Damaged> {
    match kind {
        Kind::Mp4 => mp4(bytes),
        Kind::Webm => webm(bytes),
        Kind::Ogg => ogg(bytes),
        _ => Err(Damaged),
    }
}

/// An ISO-BMFF box: its type, where it starts, where its body starts and where it ends.
#[derive(Debug, Clone, Copy)]
struct Mp4Box {
    kind: [u8; 4],
    start: usize,
    body: usize,
    end: usize,
}

/// The boxes filling `bytes[from..to]` exactly: each inside its parent, the last ending at the
/// parent's end, each type four printable characters.
fn mp4_boxes(bytes: &[u8], from: usize, to: usize) -> Result<Vec<Mp4Box>, Damaged> {
    let mut boxes = Vec::new();
    let mut at = from;
    while at < to {
        let header = bytes
            .get(at..at + 8)
            .filter(|_| at + 8 <= to)
            .ok_or(Damaged)?;
        let size = u32::from_be_bytes(header[..4].try_into().expect("four bytes"));
        let kind: [u8; 4] = header[4..8].try_into().expect("four bytes");
        if !kind.iter().all(|c| (0x20..=0x7E).contains(c) || *c == 0xA9) {
            return Err(Damaged);
        }
        let (body, end) = match size {
            0 => (at + 8, to),
            1 => {
                let large = bytes.get(at + 8..at + 16).ok_or(Damaged)?;
                let large = u64::from_be_bytes(large.try_into().expect("eight bytes"));
                let end = usize::try_from(large)
                    .ok()
                    .and_then(|n| at.checked_add(n))
                    .ok_or(Damaged)?;
                (at + 16, end)
            }
            n => (at + 8, at.checked_add(n as usize).ok_or(Damaged)?),
        };
        if end < body || end > to {
            return Err(Damaged);
        }
        boxes.push(Mp4Box {
            kind,
            start: at,
            body,
            end,
        });
        at = end;
    }
    Ok(boxes)
}

/// The UUID of an XMP packet in a top-level `uuid` box.
const XMP_UUID: [u8; 16] = [
    0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC,
];

/// Whether an MP4 box holds metadata: user data (`udta`: `©xyz`, titles, dates), `meta` (Apple's
/// keys, XMP), a `uuid` box of XMP.
fn mp4_metadata(bytes: &[u8], b: &Mp4Box) -> bool {
    match &b.kind {
        b"udta" | b"meta" => true,
        b"uuid" => bytes.get(b.body..b.body + 16) == Some(&XMP_UUID[..]),
        _ => false,
    }
}

/// An MP4 whose boxes add up to the file, that starts with `ftyp` and holds a `moov`, with the
/// metadata of the file, the movie and each track blanked.
fn mp4(mut bytes: Vec<u8>) -> Result<Vec<u8>, Damaged> {
    let top = mp4_boxes(&bytes, 0, bytes.len())?;
    if top.first().map(|b| &b.kind) != Some(b"ftyp") {
        return Err(Damaged);
    }
    let mut blank = Vec::new();
    let mut movie = false;
    for b in &top {
        if &b.kind == b"moov" {
            movie = true;
            for child in mp4_boxes(&bytes, b.body, b.end)? {
                if &child.kind == b"trak" {
                    let track = mp4_boxes(&bytes, child.body, child.end)?;
                    blank.extend(track.into_iter().filter(|t| mp4_metadata(&bytes, t)));
                } else if mp4_metadata(&bytes, &child) {
                    blank.push(child);
                }
            }
        } else if mp4_metadata(&bytes, b) {
            blank.push(*b);
        }
    }
    if !movie {
        return Err(Damaged);
    }
    for b in blank {
        bytes[b.start + 4..b.start + 8].copy_from_slice(b"free");
        bytes[b.body..b.end].fill(0);
    }
    Ok(bytes)
}

/// An EBML variable-length integer at `at`: its length and its value without the length marker.
fn vint(bytes: &[u8], at: usize) -> Result<(usize, u64), Damaged> {
    let first = *bytes.get(at).ok_or(Damaged)?;
    if first == 0 {
        return Err(Damaged);
    }
    let len = first.leading_zeros() as usize + 1;
    let rest = bytes.get(at + 1..at + len).ok_or(Damaged)?;
    let value = rest.iter().fold(u64::from(first) & (0xFF >> len), |v, b| {
        (v << 8) | u64::from(*b)
    });
    Ok((len, value))
}

/// A WebM element: its ID (with its length marker, as written), where it starts, where its data
/// starts and where it ends (`None`: an unknown size, running to its parent's end).
#[derive(Debug, Clone, Copy)]
struct Element {
    id: u32,
    start: usize,
    data: usize,
    end: Option<usize>,
}

fn element(bytes: &[u8], at: usize, to: usize) -> Result<Element, Damaged> {
    let (id_len, _) = vint(bytes, at)?;
    if id_len > 4 {
        return Err(Damaged);
    }
    let id = bytes[at..at + id_len]
        .iter()
        .fold(0u32, |v, b| (v << 8) | u32::from(*b));
    let (size_len, size) = vint(bytes, at + id_len)?;
    let data = at + id_len + size_len;
    let unknown = size == (1u64 << (7 * size_len)) - 1;
    let end = match unknown {
        true => None,
        false => Some(
            usize::try_from(size)
                .ok()
                .and_then(|s| data.checked_add(s))
                .filter(|end| *end <= to)
                .ok_or(Damaged)?,
        ),
    };
    if data > to {
        return Err(Damaged);
    }
    Ok(Element {
        id,
        start: at,
        data,
        end,
    })
}

/// The elements filling `bytes[from..to]`; one of unknown size ends the list (it runs to `to`).
fn elements(bytes: &[u8], from: usize, to: usize) -> Result<Vec<Element>, Damaged> {
    let mut list = Vec::new();
    let mut at = from;
    while at < to {
        let e = element(bytes, at, to)?;
        list.push(e);
        match e.end {
            Some(end) => at = end,
            None => break,
        }
    }
    Ok(list)
}

const EBML: u32 = 0x1A45_DFA3;
const DOC_TYPE: u32 = 0x4282;
const SEGMENT: u32 = 0x1853_8067;
const CLUSTER: u32 = 0x1F43_B675;
const INFO: u32 = 0x1549_A966;
const TAGS: u32 = 0x1254_C367;
const ATTACHMENTS: u32 = 0x1941_A469;
const TITLE: u32 = 0x7BA9;
const DATE_UTC: u32 = 0x4461;
const VOID: u8 = 0xEC;

/// A WebM: an EBML header saying `webm`, then a Segment whose elements add up to it (a live
/// stream's last cluster may have no size), with its tags, attachments, title and date blanked.
fn webm(mut bytes: Vec<u8>) -> Result<Vec<u8>, Damaged> {
    let len = bytes.len();
    let top = elements(&bytes, 0, len)?;
    let header = top.first().filter(|e| e.id == EBML).ok_or(Damaged)?;
    let header_end = header.end.ok_or(Damaged)?;
    let doc_type = elements(&bytes, header.data, header_end)?
        .into_iter()
        .find(|e| e.id == DOC_TYPE)
        .ok_or(Damaged)?;
    if bytes.get(doc_type.data..doc_type.end.ok_or(Damaged)?) != Some(b"webm") {
        return Err(Damaged);
    }
    let segment = top.iter().find(|e| e.id == SEGMENT).ok_or(Damaged)?;
    let segment_end = segment.end.unwrap_or(len);
    let mut blank = Vec::new();
    for child in elements(&bytes, segment.data, segment_end)? {
        let Some(end) = child.end else {
            if child.id == CLUSTER {
                break;
            }
            return Err(Damaged);
        };
        match child.id {
            TAGS | ATTACHMENTS => blank.push((child.start, end)),
            INFO => blank.extend(
                elements(&bytes, child.data, end)?
                    .into_iter()
                    .filter(|e| e.id == TITLE || e.id == DATE_UTC)
                    .map(|e| (e.start, e.end.unwrap_or(end))),
            ),
            _ => {}
        }
    }
    for (start, end) in blank {
        void(&mut bytes[start..end]);
    }
    Ok(bytes)
}

/// Turns a whole element (at least two bytes, as every element is) into a `Void` of its size.
fn void(element: &mut [u8]) {
    let total = element.len();
    element.fill(0);
    element[0] = VOID;
    if total >= 9 {
        // An eight-byte size: 0x01, then seven bytes.
        element[1] = 0x01;
        element[2..9].copy_from_slice(&((total - 9) as u64).to_be_bytes()[1..]);
    } else {
        element[1] = 0x80 | (total - 2) as u8;
    }
}

/// An Ogg page: where it starts, where its body starts, where it ends, its stream and its
/// lacing values (the sizes of the packet pieces it carries, 255 meaning "continued").
struct Page {
    start: usize,
    body: usize,
    end: usize,
    serial: u32,
    lacing: Vec<u8>,
}

/// The pages of an Ogg stream, from the first byte to the last: each with its capture pattern,
/// version 0 and a checksum that matches, the first one opening a stream.
fn ogg_pages(bytes: &[u8]) -> Result<Vec<Page>, Damaged> {
    let mut pages = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let header = bytes.get(at..at + 27).ok_or(Damaged)?;
        if &header[..4] != b"OggS" || header[4] != 0 || (at == 0 && header[5] & 0x02 == 0) {
            return Err(Damaged);
        }
        let serial = u32::from_le_bytes(header[14..18].try_into().expect("four bytes"));
        let segments = usize::from(header[26]);
        let lacing = bytes.get(at + 27..at + 27 + segments).ok_or(Damaged)?;
        let body = at + 27 + segments;
        let end = body + lacing.iter().map(|s| usize::from(*s)).sum::<usize>();
        let page = bytes.get(at..end).ok_or(Damaged)?;
        let stated = u32::from_le_bytes(page[22..26].try_into().expect("four bytes"));
        if ogg_crc(page) != stated {
            return Err(Damaged);
        }
        pages.push(Page {
            start: at,
            body,
            end,
            serial,
            lacing: lacing.to_vec(),
        });
        at = end;
    }
    if pages.is_empty() {
        return Err(Damaged);
    }
    Ok(pages)
}

/// An Ogg stream, checked page by page, with the comments of its Vorbis, Opus or Theora streams
/// (`TITLE=`, `LOCATION=`…, the second packet of each) blanked: each becomes `X=` and spaces of
/// the same length, so no packet or page changes size; the pages touched get a new checksum.
fn ogg(mut bytes: Vec<u8>) -> Result<Vec<u8>, Damaged> {
    let pages = ogg_pages(&bytes)?;
    let mut touched = std::collections::BTreeSet::new();
    for serial in pages
        .iter()
        .map(|p| p.serial)
        .collect::<std::collections::BTreeSet<_>>()
    {
        let Some(pieces) = second_packet(&pages, serial) else {
            continue;
        };
        let packet: Vec<u8> = pieces
            .iter()
            .flat_map(|(at, len, _)| bytes[*at..at + len].iter().copied())
            .collect();
        let blanks = comment_fields(&packet).ok_or(Damaged)?;
        for (from, to) in blanks {
            for (i, offset) in (from..to).enumerate() {
                let (at, page) = locate(&pieces, offset).ok_or(Damaged)?;
                bytes[at] = match i {
                    0 => b'X',
                    1 => b'=',
                    _ => b' ',
                };
                touched.insert(page);
            }
        }
    }
    for page in touched {
        let p = &pages[page];
        let crc = ogg_crc(&bytes[p.start..p.end]);
        bytes[p.start + 22..p.start + 26].copy_from_slice(&crc.to_le_bytes());
    }
    Ok(bytes)
}

/// Where the second packet of the stream `serial` lies: pieces of (file offset, length, page).
fn second_packet(pages: &[Page], serial: u32) -> Option<Vec<(usize, usize, usize)>> {
    let mut packet = 0;
    let mut pieces = Vec::new();
    for (index, page) in pages.iter().enumerate().filter(|(_, p)| p.serial == serial) {
        let mut at = page.body;
        for &lace in &page.lacing {
            let len = usize::from(lace);
            if packet == 1 && len > 0 {
                pieces.push((at, len, index));
            }
            at += len;
            if lace < 255 {
                if packet == 1 {
                    return Some(pieces);
                }
                packet += 1;
            }
        }
    }
    None
}

/// The file offset of byte `offset` of a packet laid out in `pieces`, and its page.
fn locate(pieces: &[(usize, usize, usize)], mut offset: usize) -> Option<(usize, usize)> {
    for &(at, len, page) in pieces {
        if offset < len {
            return Some((at + offset, page));
        }
        offset -= len;
    }
    None
}

/// The spans of the comments in a Vorbis, Opus or Theora comment packet (the vendor string is
/// kept); an empty list for a packet of another kind, `None` for a comment packet cut short.
fn comment_fields(packet: &[u8]) -> Option<Vec<(usize, usize)>> {
    let start = if packet.starts_with(b"\x03vorbis") || packet.starts_with(b"\x81theora") {
        7
    } else if packet.starts_with(b"OpusTags") {
        8
    } else {
        return Some(Vec::new());
    };
    let read = |at: usize| -> Option<usize> {
        let four = packet.get(at..at + 4)?;
        usize::try_from(u32::from_le_bytes(four.try_into().ok()?)).ok()
    };
    let mut at = start + 4 + read(start)?;
    let count = read(at)?;
    at += 4;
    let mut spans = Vec::new();
    for _ in 0..count {
        let len = read(at)?;
        let from = at + 4;
        let to = from.checked_add(len).filter(|to| *to <= packet.len())?;
        spans.push((from, to));
        at = to;
    }
    Some(spans)
}

/// Ogg's page checksum: CRC-32 (polynomial 0x04C11DB7, not reflected, no final inversion) of
/// the page with its checksum field read as zeros.
fn ogg_crc(page: &[u8]) -> u32 {
    page.iter().enumerate().fold(0u32, |crc, (i, byte)| {
        let byte = if (22..26).contains(&i) { 0 } else { *byte };
        (crc << 8) ^ OGG_CRC_TABLE[usize::from((crc >> 24) as u8 ^ byte)]
    })
}

/// [`ogg_crc`]'s table: the checksum of each byte value.
const OGG_CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut crc = (n as u32) << 24;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 0x8000_0000 != 0 {
                (crc << 1) ^ 0x04C1_1DB7
            } else {
                crc << 1
            };
            bit += 1;
        }
        table[n] = crc;
        n += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blanked_webm_element_keeps_its_size_whatever_its_size() {
        for total in [5usize, 8, 9, 10, 300, 70_000] {
            let mut element = vec![0x55; total];
            void(&mut element);
            let e = element_of(&element);
            assert_eq!((e.id, e.end), (u32::from(VOID), Some(total)), "{total}");
        }
    }

    fn element_of(bytes: &[u8]) -> Element {
        element(bytes, 0, bytes.len()).unwrap()
    }

    #[test]
    fn an_ogg_page_is_checked_by_its_checksum() {
        // One page opening a stream, with a two-byte body.
        let mut page = b"OggS\0\x02".to_vec();
        page.extend_from_slice(&[0; 16]);
        page.extend_from_slice(&[0; 4]);
        page.extend_from_slice(&[1, 2, b'h', b'i']);
        let crc = ogg_crc(&page);
        page[22..26].copy_from_slice(&crc.to_le_bytes());
        assert_eq!(ogg(page.clone()), Ok(page.clone()));
        page[27] ^= 1;
        assert_eq!(ogg(page), Err(Damaged));
    }

    #[test]
    fn sizes_that_do_not_add_up_are_refused() {
        assert!(mp4_boxes(b"\0\0\0\x10ftypisom\0\0\0\0", 0, 12).is_err());
        assert!(mp4_boxes(b"\0\0\0\x04ftyp", 0, 8).is_err());
        assert!(mp4_boxes(b"\0\0\0\x08ftyp\0\0", 0, 10).is_err());
        assert_eq!(mp4_boxes(b"\0\0\0\x08ftyp", 0, 8).unwrap().len(), 1);
    }
}
