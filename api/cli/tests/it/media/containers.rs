//! Videos and audio (MP4, WebM, Ogg): stored without where they were made or their tags, still playable.

use super::*;

/// An ISO-BMFF box.
fn mp4_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut b = ((body.len() + 8) as u32).to_be_bytes().to_vec();
    b.extend_from_slice(kind);
    b.extend_from_slice(body);
    b
}

/// A `udta` holding a `©xyz` position, as phones write it.
fn located_udta() -> Vec<u8> {
    let mut xyz = (PLACE.len() as u16).to_be_bytes().to_vec();
    xyz.extend_from_slice(&[0x15, 0xC7]);
    xyz.extend_from_slice(PLACE);
    mp4_box(b"udta", &mp4_box(b"\xA9xyz", &xyz))
}

/// The chunks of the test videos' one track, as they sit in `mdat`.
const CHUNKS: [&[u8]; 2] = [b"CHUNK-ONE-frames", b"CHUNK-TWO-frames"];

/// A small but whole MP4, written box by box: ftyp, moov {mvhd, trak {tkhd, mdia {minf {stbl
/// {stco}}}, udta {©xyz}}, udta {©xyz}}, mdat, with `moov` before or after `mdat`. The chunk
/// offsets (`stco`) point at [`CHUNKS`].
pub fn located_mp4(moov_first: bool) -> Vec<u8> {
    let ftyp = mp4_box(b"ftyp", b"isom\x00\x00\x02\x00isomiso2mp41");
    let mdat = mp4_box(b"mdat", &CHUNKS.concat());
    let moov = |offsets: [u32; 2]| {
        let mut stco = vec![0, 0, 0, 0, 0, 0, 0, 2];
        for o in offsets {
            stco.extend_from_slice(&o.to_be_bytes());
        }
        let stbl = mp4_box(b"stbl", &mp4_box(b"stco", &stco));
        let mdia = mp4_box(b"mdia", &mp4_box(b"minf", &stbl));
        let mut trak = mp4_box(b"tkhd", &[0u8; 84]);
        trak.extend(mdia);
        trak.extend(located_udta());
        let mut body = mp4_box(b"mvhd", &[0u8; 100]);
        body.extend(mp4_box(b"trak", &trak));
        body.extend(located_udta());
        mp4_box(b"moov", &body)
    };
    let moov_len = moov([0, 0]).len();
    let mdat_at = ftyp.len() + if moov_first { moov_len } else { 0 };
    let first = (mdat_at + 8) as u32;
    let moov = moov([first, first + CHUNKS[0].len() as u32]);
    let mut file = ftyp;
    if moov_first {
        file.extend(moov);
        file.extend(mdat);
    } else {
        file.extend(mdat);
        file.extend(moov);
    }
    file
}

/// The boxes of `bytes` (type, start of body, end), descending into the containers.
fn walk(bytes: &[u8], from: usize, to: usize, out: &mut Vec<([u8; 4], usize, usize)>) {
    let mut at = from;
    while at < to {
        let size = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let kind: [u8; 4] = bytes[at + 4..at + 8].try_into().unwrap();
        assert!(size >= 8 && at + size <= to, "a box fits its parent");
        out.push((kind, at + 8, at + size));
        if matches!(
            &kind,
            b"moov" | b"trak" | b"mdia" | b"minf" | b"stbl" | b"udta"
        ) {
            walk(bytes, at + 8, at + size, out);
        }
        at += size;
    }
    assert_eq!(at, to, "the boxes add up to their parent");
}

#[tokio::test]
async fn a_video_is_stored_without_its_position_and_its_chunk_offsets_still_point_at_its_frames() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    for moov_first in [true, false] {
        let video = located_mp4(moov_first);
        assert!(video.windows(PLACE.len()).any(|w| w == PLACE));

        let (status, body) = upload(&app, &token, "clip.mp4", "video/mp4", video).await;

        assert_eq!(status, 200, "{body}");
        let url = body["responseData"].as_str().unwrap();
        let stored = app
            .client
            .get(format!("{}{url}", app.address))
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap()
            .to_vec();
        assert!(
            !stored.windows(PLACE.len()).any(|w| w == PLACE)
                && !stored.windows(4).any(|w| w == b"\xA9xyz"),
            "moov first: {moov_first}: no position is stored"
        );
        let mut boxes = Vec::new();
        walk(&stored, 0, stored.len(), &mut boxes);
        let (_, stco, _) = boxes.iter().find(|b| &b.0 == b"stco").expect("stco");
        for (i, chunk) in CHUNKS.iter().enumerate() {
            let at = u32::from_be_bytes(
                stored[stco + 8 + 4 * i..stco + 12 + 4 * i]
                    .try_into()
                    .unwrap(),
            ) as usize;
            assert_eq!(
                &stored[at..at + chunk.len()],
                *chunk,
                "moov first: {moov_first}: chunk {i} is where its offset says"
            );
        }
    }
}

/// An EBML element with an eight-byte size.
fn ebml(id: &[u8], body: &[u8]) -> Vec<u8> {
    let mut e = id.to_vec();
    e.push(0x01);
    e.extend_from_slice(&(body.len() as u64).to_be_bytes()[1..]);
    e.extend_from_slice(body);
    e
}

/// A small WebM: EBML header, Segment {Info {TimecodeScale, Title}, Tracks, Cluster, Tags {a
/// location}}.
fn located_webm() -> Vec<u8> {
    let header = ebml(&[0x1A, 0x45, 0xDF, 0xA3], &ebml(&[0x42, 0x82], b"webm"));
    let mut info = ebml(&[0x2A, 0xD7, 0xB1], &[0x0F, 0x42, 0x40]);
    info.extend(ebml(&[0x7B, 0xA9], b"Villa +25.2048+055.2708/"));
    let mut segment = ebml(&[0x15, 0x49, 0xA9, 0x66], &info);
    segment.extend(ebml(
        &[0x16, 0x54, 0xAE, 0x6B],
        &ebml(&[0xAE], &ebml(&[0xD7], &[1])),
    ));
    segment.extend(ebml(&[0x1F, 0x43, 0xB6, 0x75], &ebml(&[0xE7], &[0])));
    let mut simple = ebml(&[0x45, 0xA3], b"LOCATION");
    simple.extend(ebml(&[0x44, 0x87], PLACE));
    segment.extend(ebml(
        &[0x12, 0x54, 0xC3, 0x67],
        &ebml(&[0x73, 0x73], &ebml(&[0x67, 0xC8], &simple)),
    ));
    let mut file = header;
    file.extend(ebml(&[0x18, 0x53, 0x80, 0x67], &segment));
    file
}

#[tokio::test]
async fn a_webm_is_stored_without_its_tags_and_title() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let video = located_webm();

    let (status, body) = upload(&app, &token, "clip.webm", "video/webm", video.clone()).await;

    assert_eq!(status, 200, "{body}");
    let url = body["responseData"].as_str().unwrap();
    assert!(url.ends_with(".webm"), "{url}");
    let stored = std::fs::read(
        app.data_dir
            .path()
            .join("media")
            .join(url.trim_start_matches("/media/")),
    )
    .unwrap();
    assert_eq!(
        stored.len(),
        video.len(),
        "blanked in place: every position stays"
    );
    assert!(
        !stored.windows(PLACE.len()).any(|w| w == PLACE),
        "no location"
    );
    assert!(!stored.windows(5).any(|w| w == b"Villa"), "no title");
    assert!(
        stored.windows(4).any(|w| w == [0x1F, 0x43, 0xB6, 0x75]),
        "the cluster stays"
    );
}

#[tokio::test]
async fn a_video_whose_container_does_not_parse_is_refused_in_the_requests_language() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let html = b"<!doctype html><html><body><script>alert(1)</script></body></html>";
    let whole = located_mp4(true);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "a 12-byte ftyp, then HTML",
            [&b"\x00\x00\x00\x0cftypisom"[..], html].concat(),
        ),
        (
            "an ftyp with brands, then HTML",
            [
                &b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2mp41"[..],
                html,
            ]
            .concat(),
        ),
        ("an MP4 cut short", whole[..whole.len() - 5].to_vec()),
        (
            "an MP4 with bytes after its last box",
            [&whole[..], b"<html>"].concat(),
        ),
        (
            "an MP4 without a movie",
            mp4_box(b"ftyp", b"isom\x00\x00\x02\x00isom"),
        ),
        (
            "a WebM header, then HTML",
            [&located_webm()[..40], html].concat(),
        ),
        (
            "an EBML header without a segment",
            ebml(&[0x1A, 0x45, 0xDF, 0xA3], &ebml(&[0x42, 0x82], b"webm")),
        ),
        (
            "an Ogg capture pattern, then HTML",
            [&b"OggS"[..], html].concat(),
        ),
    ];
    for (case, bytes) in cases {
        let (status, body) = upload(&app, &token, "clip.mp4", "video/mp4", bytes).await;
        assert_eq!(status, 400, "{case}: {body}");
        assert_eq!(
            body["message"],
            "The video file is damaged or incomplete. Please export it again and upload it.",
            "{case}"
        );
    }
    let (status, body) = read(
        app.api(Method::POST, "/blob-upload")
            .bearer_auth(&token)
            .header("accept-language", "ar")
            .multipart(Form::new().part(
                "file",
                Part::bytes([&b"\x00\x00\x00\x0cftypisom"[..], html].concat()).file_name("x.mp4"),
            ))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["message"],
        "ملف الفيديو تالف أو غير مكتمل. يرجى تصديره من جديد ثم رفعه."
    );
    assert_eq!(
        std::fs::read_dir(app.data_dir.path().join("media"))
            .map(|d| d.count())
            .unwrap_or(0),
        0,
        "nothing stored"
    );
}

/// Ogg's page checksum (CRC-32, polynomial 0x04C11DB7, the checksum field read as zeros).
fn ogg_crc(page: &[u8]) -> u32 {
    let mut crc = 0u32;
    for (i, byte) in page.iter().enumerate() {
        crc ^= u32::from(if (22..26).contains(&i) { 0 } else { *byte }) << 24;
        for _ in 0..8 {
            crc = (crc << 1)
                ^ if crc & 0x8000_0000 != 0 {
                    0x04C1_1DB7
                } else {
                    0
                };
        }
    }
    crc
}

/// One Ogg page of stream 7 holding whole `packets`.
fn ogg_page(flags: u8, sequence: u32, packets: &[&[u8]]) -> Vec<u8> {
    let mut lacing = Vec::new();
    for p in packets {
        lacing.extend(std::iter::repeat_n(255u8, p.len() / 255));
        lacing.push((p.len() % 255) as u8);
    }
    let mut page = b"OggS\0".to_vec();
    page.push(flags);
    page.extend_from_slice(&0u64.to_le_bytes());
    page.extend_from_slice(&7u32.to_le_bytes());
    page.extend_from_slice(&sequence.to_le_bytes());
    page.extend_from_slice(&[0; 4]);
    page.push(lacing.len() as u8);
    page.extend(lacing);
    for p in packets {
        page.extend_from_slice(p);
    }
    let crc = ogg_crc(&page);
    page[22..26].copy_from_slice(&crc.to_le_bytes());
    page
}

/// An Ogg Opus stream whose comments carry a title and a position.
fn located_ogg() -> Vec<u8> {
    let head = b"OpusHead\x01\x02\x38\x01\x80\xBB\0\0\0\0\0".to_vec();
    let mut tags = b"OpusTags".to_vec();
    tags.extend_from_slice(&4u32.to_le_bytes());
    tags.extend_from_slice(b"test");
    tags.extend_from_slice(&2u32.to_le_bytes());
    for comment in [[&b"LOCATION="[..], PLACE].concat(), b"TITLE=Villa".to_vec()] {
        tags.extend_from_slice(&(comment.len() as u32).to_le_bytes());
        tags.extend_from_slice(&comment);
    }
    [
        ogg_page(0x02, 0, &[&head]),
        ogg_page(0, 1, &[&tags]),
        ogg_page(0x04, 2, &[b"\xFC\xFF\xFE"]),
    ]
    .concat()
}

#[tokio::test]
async fn an_ogg_is_stored_without_its_comments_and_its_pages_still_check() {
    let app = spawn_app().await;
    let token = app.admin_token().await;
    let audio = located_ogg();

    let (status, body) = upload(&app, &token, "clip.ogg", "video/ogg", audio.clone()).await;

    assert_eq!(status, 200, "{body}");
    let name = body["responseData"]
        .as_str()
        .unwrap()
        .trim_start_matches("/media/");
    let stored = std::fs::read(app.data_dir.path().join("media").join(name)).unwrap();
    assert_eq!(stored.len(), audio.len(), "every packet keeps its length");
    assert!(
        !stored.windows(PLACE.len()).any(|w| w == PLACE),
        "no position"
    );
    assert!(!stored.windows(5).any(|w| w == b"Villa"), "no title");
    assert!(stored.windows(8).any(|w| w == b"OpusTags"));
    let mut at = 0;
    while at < stored.len() {
        let segments = usize::from(stored[at + 26]);
        let body: usize = stored[at + 27..at + 27 + segments]
            .iter()
            .map(|s| usize::from(*s))
            .sum();
        let page = &stored[at..at + 27 + segments + body];
        assert_eq!(
            ogg_crc(page).to_le_bytes(),
            page[22..26],
            "the page at {at} checks"
        );
        at += page.len();
    }
}
