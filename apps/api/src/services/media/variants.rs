//! The stored forms of an upload: decoded under [`checks::limits`], turned upright by its EXIF
//! orientation, and re-encoded from pixels alone into a few widths, so no metadata (EXIF, GPS,
//! comments, XMP) of the original survives.
//!
//! Opaque images become JPEG at quality 80: a fraction of a PNG's bytes for a photo. Images that
//! use transparency (a logo on no background, say) stay PNG: flattening them onto white would
//! draw a white box wherever they sit on a coloured header or banner.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageReader};

use super::checks::{self, Checked};
use super::{MediaError, Purpose};

/// JPEG quality of the variants.
pub const JPEG_QUALITY: u8 = 80;

/// The widths stored for `purpose` from an image `width` pixels wide: the purpose's widths
/// below it, and the image's own width when it is narrower than the largest (never upscaled).
pub fn widths(purpose: Purpose, width: u32) -> Vec<u32> {
    let targets = purpose.widths();
    let mut widths: Vec<u32> = targets.iter().copied().filter(|w| *w < width).collect();
    let largest = targets.last().copied().unwrap_or(width);
    widths.push(width.min(largest));
    widths.dedup();
    widths
}

/// One encoded width.
#[derive(Debug, Clone)]
pub struct Variant {
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

/// Every variant of an upload, smallest first, in one format.
#[derive(Debug, Clone)]
pub struct Rendered {
    /// "jpg" or "png".
    pub extension: &'static str,
    /// The upright image's size.
    pub width: u32,
    pub height: u32,
    pub variants: Vec<Variant>,
}

/// Decodes `bytes` (already [`checks::check`]ed) and encodes its variants for `purpose`.
/// CPU-bound: run it off the async runtime.
pub fn render(bytes: &[u8], checked: Checked, purpose: Purpose) -> Result<Rendered, MediaError> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), checked.format);
    reader.limits(checks::limits());
    let invalid = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => MediaError::ImageTooLarge {
            width: checked.width,
            height: checked.height,
        },
        other => MediaError::Invalid(other.to_string()),
    };
    let mut decoder = reader.into_decoder().map_err(invalid)?;
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(invalid)?;
    image.apply_orientation(orientation);
    let transparent = uses_transparency(&image);
    let (width, height) = (image.width(), image.height());
    let mut variants = Vec::new();
    // Largest first, each from the one before: resizing a 1080-pixel image to 640 costs a
    // fraction of resizing the original again, and looks the same.
    let mut source = image;
    let largest = widths(purpose, width).last().copied().unwrap_or(width);
    if width > largest * 2 {
        // A fast area average down to twice the largest width first (each source pixel read
        // once): a 12-megapixel photo then costs a fraction of filtering it whole, and the
        // filter below still has twice the pixels it keeps.
        let height_there = scaled_height(width, height, largest * 2);
        source = source.thumbnail_exact(largest * 2, height_there);
    }
    for target in widths(purpose, width).into_iter().rev() {
        let scaled = if target == source.width() {
            source
        } else {
            let target_height = scaled_height(width, height, target);
            source.resize_exact(target, target_height, FilterType::CatmullRom)
        };
        let bytes = encode(&scaled, transparent)?;
        variants.push(Variant {
            width: scaled.width(),
            height: scaled.height(),
            bytes,
        });
        source = scaled;
    }
    variants.reverse();
    Ok(Rendered {
        extension: if transparent { "png" } else { "jpg" },
        width,
        height,
        variants,
    })
}

fn scaled_height(width: u32, height: u32, target: u32) -> u32 {
    let scaled = (u64::from(height) * u64::from(target) + u64::from(width) / 2) / u64::from(width);
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// Whether any pixel is less than opaque (an alpha channel that is all 255 is no transparency).
fn uses_transparency(image: &DynamicImage) -> bool {
    if !image.color().has_alpha() {
        return false;
    }
    image.to_rgba8().pixels().any(|p| p.0[3] < 255)
}

fn encode(image: &DynamicImage, transparent: bool) -> Result<Vec<u8>, MediaError> {
    let mut out = Vec::new();
    let failed = |e: image::ImageError| MediaError::Invalid(e.to_string());
    if transparent {
        image
            .to_rgba8()
            .write_with_encoder(PngEncoder::new(&mut out))
            .map_err(failed)?;
    } else {
        image
            .to_rgb8()
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
            .map_err(failed)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_never_upscale() {
        assert_eq!(widths(Purpose::Product, 4000), vec![320, 640, 1080]);
        assert_eq!(widths(Purpose::Product, 1080), vec![320, 640, 1080]);
        assert_eq!(widths(Purpose::Product, 800), vec![320, 640, 800]);
        assert_eq!(widths(Purpose::Product, 200), vec![200]);
        assert_eq!(widths(Purpose::Product, 320), vec![320]);
    }

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let image = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        });
        let mut out = Vec::new();
        image
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 90))
            .expect("encode");
        out
    }

    #[test]
    fn a_photo_becomes_jpeg_variants_of_each_width() {
        let bytes = jpeg(1500, 1000);
        let checked = checks::check(&bytes).expect("checked");
        let rendered = render(&bytes, checked, Purpose::Product).expect("rendered");
        assert_eq!(rendered.extension, "jpg");
        let sizes: Vec<(u32, u32)> = rendered
            .variants
            .iter()
            .map(|v| (v.width, v.height))
            .collect();
        assert_eq!(sizes, vec![(320, 213), (640, 427), (1080, 720)]);
        for variant in &rendered.variants {
            assert_eq!(
                checks::format_of(&variant.bytes),
                Some(image::ImageFormat::Jpeg)
            );
        }
    }

    #[test]
    fn a_wide_photo_is_averaged_down_first_and_keeps_its_shape() {
        let bytes = jpeg(3000, 300);
        let checked = checks::check(&bytes).expect("checked");
        let rendered = render(&bytes, checked, Purpose::Product).expect("rendered");
        let sizes: Vec<(u32, u32)> = rendered
            .variants
            .iter()
            .map(|v| (v.width, v.height))
            .collect();
        assert_eq!(sizes, vec![(320, 32), (640, 64), (1080, 108)]);
    }

    #[test]
    fn a_transparent_png_stays_png() {
        let image = image::RgbaImage::from_fn(400, 400, |x, _| {
            image::Rgba([200, 10, 10, if x < 200 { 0 } else { 255 }])
        });
        let mut bytes = Vec::new();
        image
            .write_with_encoder(PngEncoder::new(&mut bytes))
            .expect("encode");
        let checked = checks::check(&bytes).expect("checked");
        let rendered = render(&bytes, checked, Purpose::Product).expect("rendered");
        assert_eq!(rendered.extension, "png");
        assert_eq!(rendered.variants.len(), 2);
    }

    #[test]
    fn a_truncated_jpeg_is_invalid() {
        let bytes = jpeg(600, 400);
        let cut = &bytes[..bytes.len() / 2];
        let outcome = checks::check(cut)
            .and_then(|c| render(cut, c, Purpose::Product))
            .map(|r| r.variants.len());
        assert!(
            matches!(outcome, Err(MediaError::Invalid(_))),
            "{outcome:?}"
        );
    }
}
