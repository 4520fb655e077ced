//! The embedded India address directory: `crates/places/data/india-places.tsv.gz` (derived
//! by `cargo xtask derive-places`; India Post's directory under GODL-India, see NOTICE),
//! compiled into the binary and unpacked and indexed on first use (about 165,000 post offices,
//! a fraction of a second), so a process that never looks up an address never pays for it.

use std::io::Read;
use std::sync::OnceLock;

use crate::error::ApiError;

/// The gzipped directory, as committed.
const DIRECTORY: &[u8] = include_bytes!("../../../crates/places/data/india-places.tsv.gz");

#[derive(Debug, Default)]
pub struct Places {
    directory: OnceLock<Result<places::Directory, String>>,
}

impl Places {
    /// The directory, read now if this is the first call (callers on the async runtime call
    /// from a blocking thread).
    pub fn directory(&self) -> Result<&places::Directory, ApiError> {
        self.directory
            .get_or_init(load)
            .as_ref()
            .map_err(|e| ApiError::Unavailable(format!("the address directory: {e}")))
    }
}

fn load() -> Result<places::Directory, String> {
    let started = std::time::Instant::now();
    let mut text = String::new();
    flate2::read::GzDecoder::new(DIRECTORY)
        .read_to_string(&mut text)
        .map_err(|e| format!("unpacking crates/places/data/india-places.tsv.gz: {e}"))?;
    let directory = places::Directory::parse(&text).map_err(|e| e.to_string())?;
    tracing::info!(
        post_offices = directory.len(),
        ms = started.elapsed().as_millis() as u64,
        "address directory loaded"
    );
    Ok(directory)
}
