//! The enrolment QR code, drawn here as an SVG (no image service sees the secret).

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// An SVG of `text` as a QR code (error correction M), black on white with a quiet zone, sized
/// by its `viewBox` so the page decides how large it shows.
pub fn svg(text: &str) -> anyhow::Result<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M)
        .map_err(|e| anyhow::anyhow!("Failed to encode the QR code: {e}"))?;
    Ok(code
        .render::<svg::Color<'_>>()
        .min_dimensions(200, 200)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_qr_code_is_a_self_contained_svg() {
        let svg = super::svg("otpauth://totp/Concierge:layla?secret=ABC").unwrap();
        assert!(svg.contains("<svg"), "{svg}");
        assert!(svg.contains("viewBox") || svg.contains("width"));
        assert!(!svg.contains("http://") || svg.contains("http://www.w3.org/2000/svg"));
        assert!(!svg.contains("<script"));
    }
}
