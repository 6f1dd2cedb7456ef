//! Photographs (JPEG, PNG, WebP): checked, then turned into responsive variants.
//!
//! On upload, [`inspect`] reads the header only (size, orientation, animation) and refuses an
//! image of more than [`MAX_PIXELS`], or longer than [`MAX_ASPECT`] times its width, before any
//! pixel is decoded (a 100 KB PNG may declare 50,000 × 50,000, a 117 KB one 40,000,000 × 1);
//! [`check`] then decodes it once, bounded by [`MAX_DECODED_BYTES`], so a damaged file is
//! refused at upload, not found later. [`render`] (the worker) makes the variants: the widths of
//! [`WIDTHS`] up to the original's and within WebP's largest side ([`ladder`]), each in WebP and
//! in a JPEG (or, with transparency, PNG) fallback, orientation applied, no metadata (they are
//! encoded from pixels), plus the average colour and a tiny preview.
//!
//! Memory: every decode in a process runs on one thread ([`on_image_thread`]), so one image is
//! in memory at a time and the allocator reuses one heap for all of them. Its pixels are decoded
//! at 8 bits a channel (16-bit PNGs narrowed as they are read), at most [`MAX_DECODED_BYTES`];
//! an opaque RGBA image loses its alpha in place, grey is widened to RGB(A) beside it (at most
//! 1.5 times the decoded size in all); the variants are made from one copy at most 2400 pixels
//! wide, and the resizer's own tables grow with the longer side, which [`MAX_ASPECT`] bounds.

use std::io::Cursor;

use base64::Engine;
use fast_image_resize::images::Image;
use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
use image::codecs::jpeg::{JpegDecoder, JpegEncoder};
use image::codecs::png::{CompressionType, PngDecoder, PngEncoder};
use image::codecs::webp::WebPDecoder;
use image::metadata::Orientation;
use image::{DynamicImage, ExtendedColorType, ImageDecoder, ImageEncoder, RgbImage, RgbaImage};
use ssg::model::{ImageInfo, Variant};

use crate::{Kind, strip, url, variant_name};

/// The most pixels an uploaded photograph may have (a 40-megapixel camera's).
pub const MAX_PIXELS: u64 = 40_000_000;
/// The most memory an image's decoded pixels may take: [`MAX_PIXELS`] at four bytes (8-bit RGBA,
/// the most any photograph decodes to here, 16-bit PNGs included), so the pixel limit is the
/// only one a photograph meets.
pub const MAX_DECODED_BYTES: u64 = MAX_PIXELS * 4;
/// How many times its shorter side a photograph's longer side may be. Past it an image is a
/// strip no page shows, and the resizer's memory grows with the longer side (a 40,000,000 × 1
/// PNG took 2.5 GB): within it, no side passes 44,722 pixels at 40 megapixels.
pub const MAX_ASPECT: u64 = 50;
/// The widths of the variants, for the layouts' slots (`ssg::picture::Slot`) at one to three
/// device pixels per CSS pixel; none is wider than the original.
pub const WIDTHS: [u32; 6] = [160, 480, 800, 1200, 1600, 2400];
const WEBP_QUALITY: f32 = 72.0;
const JPEG_QUALITY: u8 = 80;
/// The preview's width: a few hundred bytes, blurred by the browser's scaling.
const PREVIEW_WIDTH: u32 = 16;

type Work = Box<dyn FnOnce() + Send>;

/// The image thread's queue: started with the first image, alive as long as the process.
static IMAGE_THREAD: std::sync::LazyLock<std::sync::Mutex<std::sync::mpsc::Sender<Work>>> =
    std::sync::LazyLock::new(|| {
        let (send, receive) = std::sync::mpsc::channel::<Work>();
        std::thread::Builder::new()
            .name("images".into())
            .spawn(move || {
                for work in receive {
                    work();
                }
            })
            .expect("the image thread starts");
        std::sync::Mutex::new(send)
    });

/// Runs `work` on the process's one image thread, after the images queued before it: the bound
/// on memory (one image at a time, one heap) and off the async workers. A panic in `work` (a
/// codec's, or ours) ends that job only: it is answered as [`Crashed`], and the thread goes on
/// with the next image.
pub async fn on_image_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Crashed> {
    let (done, result) = tokio::sync::oneshot::channel();
    let job: Work = Box::new(move || {
        let _ = done.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)));
    });
    IMAGE_THREAD
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .send(job)
        .expect("the image thread never stops");
    result
        .await
        .expect("the image thread answers every job")
        .map_err(|panic| Crashed(panic_message(panic.as_ref())))
}

/// The processing of an image panicked; what the panic said.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Crashed(pub String);

/// What a caught panic said, when it said it with a string.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// How a damaged photograph's refusal begins (the worker records it as the reason).
pub const DAMAGED: &str = "the image is damaged or incomplete";

/// Why a photograph is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the image has {width} × {height} pixels, more than {MAX_PIXELS}")]
    TooLarge { width: u32, height: u32 },
    #[error("the image has {width} × {height} pixels, longer than {MAX_ASPECT} times its width")]
    Shape { width: u32, height: u32 },
    #[error("{DAMAGED}: {0}")]
    Damaged(String),
    /// Its processing stopped part way (a panic, or a process that died on it).
    #[error("the image's processing stopped: {0}")]
    Crashed(String),
}

impl From<Crashed> for Refusal {
    fn from(crashed: Crashed) -> Self {
        Refusal::Crashed(crashed.0)
    }
}

impl From<strip::Damaged> for Refusal {
    fn from(e: strip::Damaged) -> Self {
        Refusal::Damaged(e.to_string())
    }
}

fn damaged(e: impl std::fmt::Display) -> Refusal {
    Refusal::Damaged(e.to_string())
}

/// What a photograph's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// As shown: orientation applied.
    pub width: u32,
    pub height: u32,
    /// Exif orientation, 1 (upright) to 8.
    pub orientation: u8,
    /// An animated PNG or WebP: kept as it is, without variants.
    pub animated: bool,
}

fn decoder(bytes: &[u8], kind: Kind) -> Result<Box<dyn ImageDecoder + '_>, Refusal> {
    let cursor = Cursor::new(bytes);
    Ok(match kind {
        Kind::Jpeg => Box::new(JpegDecoder::new(cursor).map_err(damaged)?),
        Kind::Png => Box::new(PngDecoder::new(cursor).map_err(damaged)?),
        Kind::Webp => Box::new(WebPDecoder::new(cursor).map_err(damaged)?),
        _ => return Err(Refusal::Damaged(format!("{kind:?} is not a photograph"))),
    })
}

fn animated(bytes: &[u8], kind: Kind) -> Result<bool, Refusal> {
    Ok(match kind {
        Kind::Png => PngDecoder::new(Cursor::new(bytes))
            .and_then(|d| d.is_apng())
            .map_err(damaged)?,
        Kind::Webp => WebPDecoder::new(Cursor::new(bytes))
            .map_err(damaged)?
            .has_animation(),
        _ => false,
    })
}

/// The header of a photograph: its size, orientation and whether it moves. Refuses more than
/// [`MAX_PIXELS`] without decoding anything.
pub fn inspect(bytes: &[u8], kind: Kind) -> Result<Header, Refusal> {
    let mut decoder = decoder(bytes, kind)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS || width == 0 || height == 0 {
        return Err(Refusal::TooLarge { width, height });
    }
    let (long, short) = (width.max(height), width.min(height));
    if u64::from(long) > u64::from(short) * MAX_ASPECT {
        return Err(Refusal::Shape { width, height });
    }
    let orientation = decoder.orientation().map(Orientation::to_exif).unwrap_or(1);
    let (width, height) = if transposed(orientation) {
        (height, width)
    } else {
        (width, height)
    };
    Ok(Header {
        width,
        height,
        orientation,
        animated: animated(bytes, kind)?,
    })
}

fn transposed(orientation: u8) -> bool {
    (5..=8).contains(&orientation)
}

/// Decodes the whole image, bounded: a damaged file is refused here.
fn decode(bytes: &[u8], kind: Kind) -> Result<DynamicImage, Refusal> {
    if kind == Kind::Png {
        return decode_png(bytes);
    }
    let decoder = decoder(bytes, kind)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refusal::TooLarge { width, height });
    }
    if decoder.total_bytes() > MAX_DECODED_BYTES {
        return Err(Refusal::TooLarge { width, height });
    }
    DynamicImage::from_decoder(decoder).map_err(damaged)
}

/// A PNG's pixels at 8 bits a channel (palette and low-depth grey expanded, 16 bits narrowed a
/// row at a time as it is decoded), so a 16-bit PNG takes the memory of an 8-bit one.
fn decode_png(bytes: &[u8]) -> Result<DynamicImage, Refusal> {
    let mut decoder = png::Decoder::new_with_limits(
        Cursor::new(bytes),
        png::Limits {
            bytes: MAX_DECODED_BYTES as usize,
        },
    );
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(damaged)?;
    let (width, height) = reader.info().size();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(Refusal::TooLarge { width, height });
    }
    let size = reader
        .output_buffer_size()
        .filter(|n| *n as u64 <= MAX_DECODED_BYTES)
        .ok_or(Refusal::TooLarge { width, height })?;
    let mut buffer = vec![0; size];
    let frame = reader.next_frame(&mut buffer).map_err(damaged)?;
    buffer.truncate(frame.buffer_size());
    let image = match frame.color_type {
        png::ColorType::Grayscale => {
            image::GrayImage::from_raw(width, height, buffer).map(DynamicImage::ImageLuma8)
        }
        png::ColorType::GrayscaleAlpha => {
            image::GrayAlphaImage::from_raw(width, height, buffer).map(DynamicImage::ImageLumaA8)
        }
        png::ColorType::Rgb => {
            RgbImage::from_raw(width, height, buffer).map(DynamicImage::ImageRgb8)
        }
        png::ColorType::Rgba => {
            RgbaImage::from_raw(width, height, buffer).map(DynamicImage::ImageRgba8)
        }
        png::ColorType::Indexed => None,
    };
    image.ok_or_else(|| Refusal::Damaged(format!("{:?} pixels left as they are", frame.color_type)))
}

/// Decodes a photograph once to be sure it is whole (the upload's check).
pub fn check(bytes: &[u8], kind: Kind) -> Result<Header, Refusal> {
    let header = inspect(bytes, kind)?;
    if !header.animated {
        decode(bytes, kind)?;
    }
    Ok(header)
}

/// The bytes to store for an uploaded photograph: the same pixels, without metadata.
pub fn clean(bytes: &[u8], kind: Kind, header: &Header) -> Result<Vec<u8>, Refusal> {
    Ok(match kind {
        Kind::Jpeg => strip::jpeg(bytes, header.orientation)?,
        Kind::Png => strip::png(bytes)?,
        Kind::Webp => strip::webp(bytes)?,
        _ => bytes.to_vec(),
    })
}

/// The variants of the stored photograph `name`, and what the pages need to know of it.
pub struct Rendered {
    pub info: ImageInfo,
    /// Each variant's stored name and bytes.
    pub files: Vec<(String, Vec<u8>)>,
}

/// Pixels as the variants are made from them: three channels, or four when any is transparent.
#[derive(Clone)]
enum Pixels {
    Rgb(RgbImage),
    Rgba(RgbaImage),
}

impl Pixels {
    fn of(image: DynamicImage) -> Pixels {
        match image {
            DynamicImage::ImageRgb8(rgb) => Pixels::Rgb(rgb),
            DynamicImage::ImageRgba8(rgba) if rgba.pixels().all(|p| p.0[3] == 255) => {
                Pixels::Rgb(without_alpha(rgba))
            }
            DynamicImage::ImageRgba8(rgba) => Pixels::Rgba(rgba),
            other if other.color().has_alpha() => {
                Pixels::of(DynamicImage::ImageRgba8(other.into_rgba8()))
            }
            other => Pixels::Rgb(other.into_rgb8()),
        }
    }

    fn dimensions(&self) -> (u32, u32) {
        match self {
            Pixels::Rgb(i) => i.dimensions(),
            Pixels::Rgba(i) => i.dimensions(),
        }
    }

    /// A copy `width` × `height` (Lanczos 3, alpha-aware).
    fn resized(&self, width: u32, height: u32) -> Pixels {
        let (w, h) = self.dimensions();
        let (raw, kind) = match self {
            Pixels::Rgb(i) => (i.as_raw(), PixelType::U8x3),
            Pixels::Rgba(i) => (i.as_raw(), PixelType::U8x4),
        };
        let src = fast_image_resize::images::ImageRef::new(w, h, raw, kind)
            .expect("buffer matches its size");
        let mut dst = Image::new(width, height, kind);
        Resizer::new()
            .resize(
                &src,
                &mut dst,
                &ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3)),
            )
            .expect("same pixel type");
        let buffer = dst.into_vec();
        match self {
            Pixels::Rgb(_) => Pixels::Rgb(RgbImage::from_raw(width, height, buffer).expect("size")),
            Pixels::Rgba(_) => {
                Pixels::Rgba(RgbaImage::from_raw(width, height, buffer).expect("size"))
            }
        }
    }

    fn oriented(self, orientation: u8) -> Pixels {
        if orientation <= 1 {
            return self;
        }
        let orientation = Orientation::from_exif(orientation).unwrap_or(Orientation::NoTransforms);
        let mut image = match self {
            Pixels::Rgb(i) => DynamicImage::ImageRgb8(i),
            Pixels::Rgba(i) => DynamicImage::ImageRgba8(i),
        };
        image.apply_orientation(orientation);
        match image {
            DynamicImage::ImageRgba8(i) => Pixels::Rgba(i),
            other => Pixels::Rgb(other.into_rgb8()),
        }
    }

    fn webp(&self, quality: f32) -> Result<Vec<u8>, Refusal> {
        let (w, h) = self.dimensions();
        let encoder = match self {
            Pixels::Rgb(i) => webp::Encoder::from_rgb(i.as_raw(), w, h),
            Pixels::Rgba(i) => webp::Encoder::from_rgba(i.as_raw(), w, h),
        };
        // `encode` panics on what libwebp refuses (a side over 16,383 pixels); this answers it.
        let encoded = encoder
            .encode_simple(false, quality)
            .map_err(|e| Refusal::Damaged(format!("WebP could not encode {w} × {h}: {e:?}")))?;
        Ok(encoded.to_vec())
    }

    /// The fallback: JPEG, or PNG to keep transparency.
    fn fallback(&self) -> Result<(Kind, Vec<u8>), Refusal> {
        let (w, h) = self.dimensions();
        let mut out = Vec::new();
        match self {
            Pixels::Rgb(i) => {
                JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
                    .write_image(i.as_raw(), w, h, ExtendedColorType::Rgb8)
                    .map_err(damaged)?;
                Ok((Kind::Jpeg, out))
            }
            Pixels::Rgba(i) => {
                PngEncoder::new_with_quality(&mut out, CompressionType::Fast, Default::default())
                    .write_image(i.as_raw(), w, h, ExtendedColorType::Rgba8)
                    .map_err(damaged)?;
                Ok((Kind::Png, out))
            }
        }
    }

    fn average(&self) -> String {
        let (mut sum, mut n) = ([0u64; 3], 0u64);
        let mut add = |p: &[u8]| {
            for c in 0..3 {
                sum[c] += u64::from(p[c]);
            }
            n += 1;
        };
        match self {
            Pixels::Rgb(i) => i.pixels().for_each(|p| add(&p.0)),
            Pixels::Rgba(i) => i.pixels().for_each(|p| add(&p.0)),
        }
        let n = n.max(1);
        format!("#{:02x}{:02x}{:02x}", sum[0] / n, sum[1] / n, sum[2] / n)
    }
}

/// The same pixels without their (opaque) alpha, in the same buffer: no second copy of the
/// image is made.
fn without_alpha(rgba: RgbaImage) -> RgbImage {
    let (width, height) = rgba.dimensions();
    let mut raw = rgba.into_raw();
    let pixels = raw.len() / 4;
    for i in 0..pixels {
        raw.copy_within(i * 4..i * 4 + 3, i * 3);
    }
    raw.truncate(pixels * 3);
    RgbImage::from_raw(width, height, raw).expect("three bytes a pixel")
}

/// The largest side a WebP image may have.
pub const WEBP_MAX_SIDE: u32 = 16_383;

/// The widths of the variants of an image `width` × `height` (as shown): those of [`WIDTHS`]
/// below its width, and its own width when it is within them; none so wide that its height
/// would pass [`WEBP_MAX_SIDE`] (a long screenshot's widest variant is as tall as WebP allows).
pub fn ladder(width: u32, height: u32) -> Vec<u32> {
    let fits = u64::from(WEBP_MAX_SIDE) * u64::from(width) / u64::from(height.max(1));
    let top = width.min(u32::try_from(fits).unwrap_or(u32::MAX));
    let mut widths: Vec<u32> = WIDTHS.iter().copied().filter(|w| *w < top).collect();
    if top <= WIDTHS[WIDTHS.len() - 1] && top > 0 {
        widths.push(top);
    }
    widths
}

/// Makes the variants of the stored photograph `name` (its bytes as stored).
///
/// One function of about ninety lines on purpose: each step frees the buffer of the one before
/// it (decoded pixels, the upright copy, each width's resize) before the next is allocated, and
/// the order of those drops is what keeps a 40-megapixel photograph within the worker's memory
/// bound; split into helpers, the lifetimes are no longer visible in one place.
pub fn render(name: &str, bytes: &[u8], kind: Kind) -> Result<Rendered, Refusal> {
    let header = inspect(bytes, kind)?;
    let pixels = Pixels::of(decode(bytes, kind)?);
    let (shown_w, shown_h) = (header.width, header.height);
    let widths = ladder(shown_w, shown_h);
    if widths.is_empty() {
        return Err(Refusal::Damaged(format!(
            "no variant of {shown_w} × {shown_h} fits WebP's {WEBP_MAX_SIDE} pixels"
        )));
    }
    let size_of = |w: u32| {
        (
            w,
            ((u64::from(shown_h) * u64::from(w) + u64::from(shown_w) / 2) / u64::from(shown_w))
                .max(1) as u32,
        )
    };
    // Resize in the stored orientation (transposed images swap sides), then turn the small copy.
    let stored = |w: u32| {
        let (w, h) = size_of(w);
        if transposed(header.orientation) {
            (h, w)
        } else {
            (w, h)
        }
    };
    let top = *widths.last().expect("at least one width");
    let largest = if top == shown_w {
        pixels
    } else {
        let (w, h) = stored(top);
        let resized = pixels.resized(w, h);
        drop(pixels);
        resized
    };
    let mut files = Vec::new();
    let mut variants = Vec::new();
    let (mut color, mut preview, mut opaque) = (String::new(), Vec::new(), true);
    for &width in widths.iter().rev() {
        let (w, h) = stored(width);
        let owned;
        let oriented = if width == top && header.orientation <= 1 {
            &largest
        } else if width == top {
            owned = largest.clone().oriented(header.orientation);
            &owned
        } else {
            owned = largest.resized(w, h).oriented(header.orientation);
            &owned
        };
        let (vw, vh) = oriented.dimensions();
        let webp_name = variant_name(name, width, Kind::Webp);
        files.push((webp_name.clone(), oriented.webp(WEBP_QUALITY)?));
        variants.push(Variant {
            url: url(&webp_name),
            mime: Kind::Webp.content_type().into(),
            width: vw,
            height: vh,
        });
        let (fallback_kind, fallback) = oriented.fallback()?;
        let fallback_name = variant_name(name, width, fallback_kind);
        files.push((fallback_name.clone(), fallback));
        variants.push(Variant {
            url: url(&fallback_name),
            mime: fallback_kind.content_type().into(),
            width: vw,
            height: vh,
        });
        if width == widths[0] {
            opaque = matches!(oriented, Pixels::Rgb(_));
            color = oriented.average();
            let preview_h =
                ((u64::from(vh) * u64::from(PREVIEW_WIDTH)) / u64::from(vw)).max(1) as u32;
            preview = oriented
                .resized(PREVIEW_WIDTH.min(vw), preview_h.min(vh))
                .webp(40.0)?;
        }
    }
    variants.sort_by(|a, b| (a.width, &a.mime).cmp(&(b.width, &b.mime)));
    Ok(Rendered {
        info: ImageInfo {
            width: shown_w,
            height: shown_h,
            opaque,
            color: Some(color),
            preview: Some(format!(
                "data:image/webp;base64,{}",
                base64::engine::general_purpose::STANDARD.encode(preview)
            )),
            variants,
            ..Default::default()
        },
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_stops_at_the_original_width() {
        assert_eq!(ladder(6000, 4000), vec![160, 480, 800, 1200, 1600, 2400]);
        assert_eq!(ladder(1000, 700), vec![160, 480, 800, 1000]);
        assert_eq!(ladder(1200, 1200), vec![160, 480, 800, 1200]);
        assert_eq!(ladder(100, 50), vec![100]);
    }

    #[test]
    fn an_opaque_image_loses_its_alpha_in_its_own_buffer() {
        let rgba = RgbaImage::from_fn(3, 2, |x, y| image::Rgba([x as u8, y as u8, 7, 255]));
        let expected = DynamicImage::ImageRgba8(rgba.clone()).into_rgb8();
        assert_eq!(without_alpha(rgba), expected);
    }

    #[test]
    fn no_variant_is_taller_than_webp_allows() {
        // 1080 × 17000: the widest variant is 1040 × 16370.
        assert_eq!(ladder(1080, 17_000), vec![160, 480, 800, 1040]);
        assert_eq!(ladder(2000, 20_000), vec![160, 480, 800, 1200, 1600, 1638]);
        for (w, h) in [(1080, 17_000), (894, 44_721), (3, 16_384), (2400, 16_383)] {
            for width in ladder(w, h) {
                let height = (u64::from(h) * u64::from(width) + u64::from(w) / 2) / u64::from(w);
                assert!(
                    height <= u64::from(WEBP_MAX_SIDE),
                    "{w} × {h} at {width}: {height}"
                );
            }
        }
    }

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        });
        let mut out = Vec::new();
        JpegEncoder::new_with_quality(&mut out, 90)
            .write_image(image.as_raw(), width, height, ExtendedColorType::Rgb8)
            .unwrap();
        out
    }

    #[test]
    fn a_photograph_gets_webp_and_jpeg_variants_at_each_width_with_its_colour_and_preview() {
        let bytes = jpeg(900, 600);
        let name = "0123456789abcdef0123456789abcdef.jpg";

        let rendered = render(name, &bytes, Kind::Jpeg).unwrap();

        assert_eq!((rendered.info.width, rendered.info.height), (900, 600));
        let widths: Vec<(u32, u32, &str)> = rendered
            .info
            .variants
            .iter()
            .map(|v| (v.width, v.height, v.mime.as_str()))
            .collect();
        assert_eq!(
            widths,
            vec![
                (160, 107, "image/jpeg"),
                (160, 107, "image/webp"),
                (480, 320, "image/jpeg"),
                (480, 320, "image/webp"),
                (800, 533, "image/jpeg"),
                (800, 533, "image/webp"),
                (900, 600, "image/jpeg"),
                (900, 600, "image/webp"),
            ]
        );
        assert_eq!(rendered.files.len(), 8);
        for (file, bytes) in &rendered.files {
            assert_eq!(crate::sniff(bytes), crate::parse_name(file), "{file}");
        }
        assert!(rendered.info.opaque);
        assert!(
            rendered
                .info
                .color
                .as_deref()
                .is_some_and(|c| c.len() == 7 && c.starts_with('#'))
        );
        let preview = rendered.info.preview.unwrap();
        assert!(
            preview.starts_with("data:image/webp;base64,") && preview.len() < 600,
            "{}",
            preview.len()
        );
    }

    #[test]
    fn a_header_that_declares_too_many_pixels_is_refused_before_decoding() {
        // A valid PNG declaring 50,000 × 50,000 pixels, with almost nothing behind it.
        let png = include_bytes!("../../cli/tests/fixtures/images/bomb.png");

        assert_eq!(
            inspect(png, Kind::Png),
            Err(Refusal::TooLarge {
                width: 50_000,
                height: 50_000
            })
        );
    }

    #[test]
    fn a_truncated_jpeg_is_refused_as_damaged() {
        let bytes = jpeg(640, 480);
        let cut = &bytes[..bytes.len() * 6 / 10];
        // The decoder fills in what is missing; the container check finds no end of image.
        let refused = check(cut, Kind::Jpeg).and_then(|header| clean(cut, Kind::Jpeg, &header));
        assert!(matches!(refused, Err(Refusal::Damaged(_))), "{refused:?}");
    }
}
