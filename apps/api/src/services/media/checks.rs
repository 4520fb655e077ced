//! What an upload is, judged by its bytes alone: its format by the magic bytes (JPEG, PNG or
//! WebP; never the file's name or the client's content type), its size, and its dimensions
//! read from the header before a single pixel is decoded.

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits};

use super::MediaError;

/// The largest upload read, in bytes (10 MB).
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// The most pixels an image may have (40 megapixels): anything larger is refused from its
/// header, before decoding, so a decompression bomb never allocates its canvas.
pub const MAX_PIXELS: u64 = 40_000_000;

/// The longest side accepted, whatever the pixel count (a 40-megapixel strip is no photo).
pub const MAX_SIDE: u32 = 20_000;

/// The formats accepted, named by their bytes.
pub fn format_of(bytes: &[u8]) -> Option<ImageFormat> {
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(PNG) {
        Some(ImageFormat::Png)
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

/// The decoder limits every upload is read under: the side and allocation bounds the header
/// check enforces, so a decoder refuses a bomb even if a header lied to the check.
pub fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // 40 MP of 16-bit RGBA is 320 MB; a decoder's working buffers fit in the rest.
    limits.max_alloc = Some(MAX_PIXELS * 8 + 64 * 1024 * 1024);
    limits
}

/// An upload that passed the checks: its format and the dimensions its header declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
}

/// Checks `bytes` without decoding pixels: present, at most [`MAX_UPLOAD_BYTES`], JPEG/PNG/WebP
/// by its magic bytes, a readable header, at most [`MAX_PIXELS`].
pub fn check(bytes: &[u8]) -> Result<Checked, MediaError> {
    if bytes.is_empty() {
        return Err(MediaError::FileRequired);
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(MediaError::PayloadTooLarge);
    }
    let format = format_of(bytes).ok_or(MediaError::Unsupported)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    // No limits for the header read: a side over the bound is reported as too large below,
    // not as a corrupt file.
    reader.no_limits();
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| MediaError::Invalid(e.to_string()))?;
    if format == ImageFormat::Jpeg && !jpeg_is_complete(bytes) {
        // The JPEG decoder paints what is missing grey instead of failing.
        return Err(MediaError::Invalid("a JPEG without its end".into()));
    }
    if width == 0 || height == 0 {
        return Err(MediaError::Invalid("an image without pixels".into()));
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS || width.max(height) > MAX_SIDE {
        return Err(MediaError::ImageTooLarge { width, height });
    }
    Ok(Checked {
        format,
        width,
        height,
    })
}

/// Whether a JPEG's segments lead to a scan that ends with an end-of-image marker: a file cut
/// short (an upload that stopped, say) has none. Bytes after the end (some cameras append a
/// trailer) are allowed.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let mut at = 2;
    loop {
        // A marker is 0xFF (any number of them, as fill) and its code.
        while bytes.get(at) == Some(&0xFF) && bytes.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        if bytes.get(at) != Some(&0xFF) {
            return false;
        }
        let Some(&code) = bytes.get(at + 1) else {
            return false;
        };
        match code {
            // The first scan: the image ends with an end-of-image marker after it.
            0xDA => return bytes[at..].windows(2).any(|pair| pair == [0xFF, 0xD9]),
            0xD9 => return false,
            0x01 | 0xD0..=0xD7 => at += 2,
            _ => {
                let Some(length) = bytes.get(at + 2..at + 4) else {
                    return false;
                };
                at += 2 + usize::from(u16::from_be_bytes([length[0], length[1]]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG whose header says `width` x `height`, with one tiny (wrong) IDAT: what a
    /// decompression bomb's first bytes look like.
    pub(crate) fn png_header(width: u32, height: u32) -> Vec<u8> {
        fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
            out.extend_from_slice(&u32::try_from(data.len()).unwrap_or(0).to_be_bytes());
            let mut crc_input = kind.to_vec();
            crc_input.extend_from_slice(data);
            out.extend_from_slice(kind);
            out.extend_from_slice(data);
            out.extend_from_slice(&crc32(&crc_input).to_be_bytes());
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&width.to_be_bytes());
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &ihdr);
        chunk(
            &mut out,
            b"IDAT",
            &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        );
        chunk(&mut out, b"IEND", &[]);
        out
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn formats_are_named_by_their_bytes() {
        assert_eq!(
            format_of(&[0xFF, 0xD8, 0xFF, 0xE0]),
            Some(ImageFormat::Jpeg)
        );
        assert_eq!(format_of(&png_header(1, 1)), Some(ImageFormat::Png));
        assert_eq!(format_of(b"RIFF\0\0\0\0WEBPVP8 "), Some(ImageFormat::WebP));
        assert_eq!(format_of(b"GIF89a\x01\x00"), None);
        assert_eq!(format_of(b"just some text, named photo.jpg"), None);
        assert_eq!(format_of(b""), None);
    }

    #[test]
    fn a_bomb_is_refused_from_its_header() {
        let started = std::time::Instant::now();
        let outcome = check(&png_header(50_000, 50_000));
        assert!(
            matches!(
                outcome,
                Err(MediaError::ImageTooLarge {
                    width: 50_000,
                    height: 50_000
                })
            ),
            "{outcome:?}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    #[test]
    fn a_header_within_bounds_passes_and_the_rest_is_checked() {
        let checked = check(&png_header(4_000, 3_000)).expect("12 MP is fine");
        assert_eq!((checked.width, checked.height), (4_000, 3_000));
        assert!(matches!(check(&[]), Err(MediaError::FileRequired)));
        assert!(matches!(
            check(b"GIF89a\x01\x00\x01\x00"),
            Err(MediaError::Unsupported)
        ));
        assert!(matches!(
            check(&[0xFF, 0xD8, 0xFF, 0xE0, 0x00]),
            Err(MediaError::Invalid(_))
        ));
        assert!(matches!(
            check(&vec![0xFF; MAX_UPLOAD_BYTES + 1]),
            Err(MediaError::PayloadTooLarge)
        ));
    }

    #[test]
    fn a_long_strip_is_refused_by_its_side() {
        assert!(matches!(
            check(&png_header(30_000, 10)),
            Err(MediaError::ImageTooLarge { .. })
        ));
    }
}
