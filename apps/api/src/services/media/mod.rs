//! Uploaded images: checked by their bytes ([`checks`]), re-encoded without metadata into a
//! few widths ([`variants`]), stored content-addressed in a directory or a bucket
//! ([`storage`]) and served immutable under `/api/media/u/`.
//!
//! Names come from the SHA-256 of the original bytes, so the same file uploaded twice is
//! stored once: a small manifest per purpose (`u/<hash>.<purpose>.json`, written after the
//! variants) says what was stored, and a second upload reads it instead of decoding again.

pub mod checks;
pub mod fetch;
pub mod storage;
pub mod variants;

use serde::{Deserialize, Serialize};

pub use storage::{Storage, StorageError};

/// Where uploaded images are served from.
pub const URL_PREFIX: &str = "/api/media/";

/// What an upload fails with; the Display is the message people read.
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    /// The bytes are not JPEG, PNG or WebP, whatever the name or content type says (415).
    #[error("Upload a JPEG, PNG or WebP image.")]
    Unsupported,
    /// Over [`checks::MAX_UPLOAD_BYTES`] (413).
    #[error("The file is larger than 10 MB. Upload a smaller image.")]
    PayloadTooLarge,
    /// Over [`checks::MAX_PIXELS`] or [`checks::MAX_SIDE`], by its header (422).
    #[error(
        "The image is {width} x {height} pixels; at most 40 megapixels (and 20,000 pixels a side) are accepted."
    )]
    ImageTooLarge { width: u32, height: u32 },
    /// Truncated or corrupt: the cause is for the log (422).
    #[error("The image could not be read: the file is truncated or damaged.")]
    Invalid(String),
    /// No `file` field, or an empty one (400).
    #[error("Choose an image to upload (the form field `file`).")]
    FileRequired,
    /// The multipart form itself is unreadable or breaks its bounds (400).
    #[error("{0}")]
    BadForm(String),
    /// No such stored image (404).
    #[error("Image not found.")]
    NotFound,
    /// The directory or the bucket refused: the cause is for the log (503).
    #[error("Images cannot be stored right now. Please try again in a few minutes.")]
    Storage(String),
}

impl From<StorageError> for MediaError {
    fn from(e: StorageError) -> Self {
        Self::Storage(e.0)
    }
}

/// What an image is for: its widths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Product,
    Logo,
    Banner,
}

impl Purpose {
    /// The widths stored (never above the original's).
    pub fn widths(self) -> &'static [u32] {
        match self {
            Self::Product | Self::Logo => &[320, 640, 1080],
            // The home hero spans a desktop window.
            Self::Banner => &[320, 640, 1080, 1920],
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Product => "product",
            Self::Logo => "logo",
            Self::Banner => "banner",
        }
    }
}

/// A stored upload. `url` and `srcset` are relative to the shop's origin (answers make them
/// absolute as they do every image URL).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredImage {
    /// The content hash: the same file has the same id.
    pub id: String,
    /// The largest variant.
    pub url: String,
    /// `"<url> 320w, <url> 640w, <url> 1080w"`.
    pub srcset: String,
    /// The upright original's size.
    pub width: u32,
    pub height: u32,
}

/// What was stored for one hash and purpose (the manifest).
#[derive(Debug, Serialize, Deserialize)]
struct Manifest {
    extension: String,
    width: u32,
    height: u32,
    widths: Vec<u32>,
}

/// A stored file to serve.
#[derive(Debug)]
pub struct MediaFile {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
}

/// The image store of the process (`state.media`).
#[derive(Debug)]
pub struct Media {
    storage: Storage,
    /// Decodes at once: each may hold up to a few hundred MB of pixels.
    decoding: tokio::sync::Semaphore,
    /// `host:port` pairs the import's fetcher may reach whatever their addresses
    /// (`SHOP_IMPORT_FETCH_ALLOW`).
    fetch_allow: Vec<String>,
}

impl Media {
    pub fn new(storage: Storage) -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Self {
            storage,
            decoding: tokio::sync::Semaphore::new(cores.clamp(1, 4)),
            fetch_allow: Vec::new(),
        }
    }

    /// The bucket `config` names, or `<data dir>/media`.
    pub fn from_config(config: &crate::config::Config) -> Result<Self, StorageError> {
        let storage = match &config.media_bucket {
            Some(bucket) => Storage::bucket(bucket)?,
            None => Storage::local(config.data_dir.join("media")),
        };
        Ok(Self {
            fetch_allow: config.import_fetch_allow.clone(),
            ..Self::new(storage)
        })
    }

    /// The `host:port` pairs the import's fetcher may reach whatever their addresses.
    pub fn fetch_allow(&self) -> &[String] {
        &self.fetch_allow
    }

    pub fn describe(&self) -> String {
        self.storage.describe()
    }

    /// Checks `bytes`, and stores its variants for `purpose` unless the same bytes were stored
    /// for it before.
    pub async fn put_image(
        &self,
        bytes: Vec<u8>,
        purpose: Purpose,
    ) -> Result<StoredImage, MediaError> {
        let checked = checks::check(&bytes)?;
        let hash = content_hash(&bytes);
        let manifest_name = format!("u/{hash}.{}.json", purpose.name());
        if let Some(stored) = self.storage.get(&manifest_name).await?
            && let Ok(manifest) = serde_json::from_slice::<Manifest>(&stored)
        {
            return Ok(stored_image(&hash, &manifest));
        }
        let rendered = {
            let _permit = self
                .decoding
                .acquire()
                .await
                .map_err(|e| MediaError::Storage(e.to_string()))?;
            actix_web::web::block(move || variants::render(&bytes, checked, purpose))
                .await
                .map_err(|e| MediaError::Invalid(format!("the decoder stopped: {e}")))??
        };
        let manifest = Manifest {
            extension: rendered.extension.to_owned(),
            width: rendered.width,
            height: rendered.height,
            widths: rendered.variants.iter().map(|v| v.width).collect(),
        };
        for variant in rendered.variants {
            let name = variant_name(&hash, variant.width, rendered.extension);
            self.storage.put(&name, variant.bytes).await?;
        }
        let json = serde_json::to_vec(&manifest).map_err(|e| MediaError::Storage(e.to_string()))?;
        self.storage.put(&manifest_name, json).await?;
        Ok(stored_image(&hash, &manifest))
    }

    /// A stored variant by its name under `/api/media/` (`u/<hash>-<width>.<jpg|png>`);
    /// `NotFound` for any other name.
    pub async fn read(&self, name: &str) -> Result<MediaFile, MediaError> {
        let content_type = served_type(name).ok_or(MediaError::NotFound)?;
        let bytes = self.storage.get(name).await?.ok_or(MediaError::NotFound)?;
        Ok(MediaFile {
            bytes,
            content_type,
        })
    }
}

/// The image at `path` under `/api/media/`: a stored upload (`u/...`) or generated SVG art.
pub async fn serve(state: &crate::state::AppState, path: &str) -> Result<MediaFile, MediaError> {
    if path.starts_with("u/") {
        return state.media.read(path).await;
    }
    let svg = super::catalogue::artwork(path).map_err(|_| MediaError::NotFound)?;
    Ok(MediaFile {
        bytes: svg.into_bytes(),
        content_type: "image/svg+xml",
    })
}

/// The content type of a variant's name, or `None` when `name` is no variant's name.
fn served_type(name: &str) -> Option<&'static str> {
    let file = name.strip_prefix("u/")?;
    let (stem, extension) = file.rsplit_once('.')?;
    let (hash, width) = stem.split_once('-')?;
    let hex = hash.len() == 32 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    let number = (1..=5).contains(&width.len()) && width.bytes().all(|b| b.is_ascii_digit());
    if !hex || !number {
        return None;
    }
    match extension {
        "jpg" => Some("image/jpeg"),
        "png" => Some("image/png"),
        _ => None,
    }
}

/// The first 128 bits of the SHA-256 of `bytes`, in hex.
fn content_hash(bytes: &[u8]) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, bytes);
    digest.as_ref()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn variant_name(hash: &str, width: u32, extension: &str) -> String {
    format!("u/{hash}-{width}.{extension}")
}

fn stored_image(hash: &str, manifest: &Manifest) -> StoredImage {
    let url = |width: u32| {
        format!(
            "{URL_PREFIX}{}",
            variant_name(hash, width, &manifest.extension)
        )
    };
    let srcset = manifest
        .widths
        .iter()
        .map(|w| format!("{} {w}w", url(*w)))
        .collect::<Vec<_>>()
        .join(", ");
    StoredImage {
        id: hash.to_owned(),
        url: url(manifest.widths.last().copied().unwrap_or(manifest.width)),
        srcset,
        width: manifest.width,
        height: manifest.height,
    }
}

/// `srcset` with each URL made absolute at `origin` (empty: left relative).
pub fn absolute_srcset(origin: &str, srcset: &str) -> String {
    if origin.is_empty() {
        return srcset.to_owned();
    }
    srcset
        .split(", ")
        .map(|entry| {
            if entry.starts_with('/') {
                format!("{origin}{entry}")
            } else {
                entry.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_variant_names_are_served() {
        let hash = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            served_type(&format!("u/{hash}-640.jpg")),
            Some("image/jpeg")
        );
        assert_eq!(
            served_type(&format!("u/{hash}-1080.png")),
            Some("image/png")
        );
        for name in [
            format!("u/{hash}.product.json"),
            format!("u/{hash}-640.gif"),
            format!("u/../{hash}-640.jpg"),
            format!("u/{hash}-64x.jpg"),
            "u/.0190.tmp".to_owned(),
            format!("{hash}-640.jpg"),
        ] {
            assert_eq!(served_type(&name), None, "{name}");
        }
    }

    #[test]
    fn srcsets_list_every_width_and_go_absolute() {
        let manifest = Manifest {
            extension: "jpg".into(),
            width: 2000,
            height: 1000,
            widths: vec![320, 640, 1080],
        };
        let image = stored_image("ab", &manifest);
        assert_eq!(image.url, "/api/media/u/ab-1080.jpg");
        assert_eq!(
            image.srcset,
            "/api/media/u/ab-320.jpg 320w, /api/media/u/ab-640.jpg 640w, /api/media/u/ab-1080.jpg 1080w"
        );
        assert_eq!(
            absolute_srcset("https://shop.in", "/a 320w, /b 640w"),
            "https://shop.in/a 320w, https://shop.in/b 640w"
        );
    }
}
