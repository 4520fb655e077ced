//! Where stored images live: a local directory (`<data dir>/media`, the default) or an
//! S3-compatible bucket through `object_store`. Names are relative (`u/<hash>-640.jpg`) and the
//! same in both.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

use crate::config::MediaBucketConfig;

/// A storage failure, with its cause for the log.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StorageError(pub String);

/// The storage adapters.
#[derive(Clone, Debug)]
pub enum Storage {
    /// Files under this directory.
    Local(PathBuf),
    /// Objects in a bucket.
    Bucket {
        store: Arc<dyn ObjectStore>,
        bucket: String,
    },
}

impl Storage {
    /// A directory (created on the first write).
    pub fn local(dir: impl Into<PathBuf>) -> Self {
        Self::Local(dir.into())
    }

    /// The bucket `config` names, with short timeouts and few retries: an upload waits on it.
    pub fn bucket(config: &MediaBucketConfig) -> Result<Self, StorageError> {
        let mut builder = object_store::aws::AmazonS3Builder::new()
            .with_bucket_name(&config.bucket)
            .with_region(&config.region)
            .with_retry(object_store::RetryConfig {
                max_retries: 2,
                retry_timeout: Duration::from_secs(10),
                ..object_store::RetryConfig::default()
            })
            .with_client_options(
                object_store::ClientOptions::new()
                    .with_timeout(Duration::from_secs(15))
                    .with_connect_timeout(Duration::from_secs(3)),
            );
        if let Some(endpoint) = &config.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"))
                .with_virtual_hosted_style_request(false);
        }
        if let Some(credentials) = &config.credentials {
            builder = builder
                .with_access_key_id(&credentials.access_key_id)
                .with_secret_access_key(credentials.secret_access_key.expose());
            if let Some(token) = &credentials.session_token {
                builder = builder.with_token(token.expose());
            }
        }
        let store = builder
            .build()
            .map_err(|e| StorageError(format!("the media bucket: {e}")))?;
        Ok(Self::Bucket {
            store: Arc::new(store),
            bucket: config.bucket.clone(),
        })
    }

    /// For the start-up log line.
    pub fn describe(&self) -> String {
        match self {
            Self::Local(dir) => format!("directory {}", dir.display()),
            Self::Bucket { bucket, .. } => format!("S3 bucket {bucket}"),
        }
    }

    /// Stores `bytes` as `name`, atomically: a reader sees the whole object or none.
    pub async fn put(&self, name: &str, bytes: Vec<u8>) -> Result<(), StorageError> {
        match self {
            Self::Local(dir) => {
                let path = dir.join(name);
                blocking(move || write_atomically(&path, &bytes)).await
            }
            Self::Bucket { store, .. } => store
                .put(&ObjectPath::from(name), PutPayload::from(bytes))
                .await
                .map(|_| ())
                .map_err(|e| StorageError(format!("writing {name} to the bucket: {e}"))),
        }
    }

    /// The bytes stored as `name`, or `None`.
    pub async fn get(&self, name: &str) -> Result<Option<Vec<u8>>, StorageError> {
        match self {
            Self::Local(dir) => {
                let path = dir.join(name);
                blocking(move || match std::fs::read(&path) {
                    Ok(bytes) => Ok(Some(bytes)),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                    Err(e) => Err(StorageError(format!("reading {}: {e}", path.display()))),
                })
                .await
            }
            Self::Bucket { store, .. } => match store.get(&ObjectPath::from(name)).await {
                Ok(found) => found
                    .bytes()
                    .await
                    .map(|b| Some(b.to_vec()))
                    .map_err(|e| StorageError(format!("reading {name} from the bucket: {e}"))),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(StorageError(format!("reading {name} from the bucket: {e}"))),
            },
        }
    }
}

/// Writes through a temporary file in the same directory and renames it into place.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> Result<(), StorageError> {
    let failed = |e: std::io::Error| StorageError(format!("writing {}: {e}", path.display()));
    let dir = path
        .parent()
        .ok_or_else(|| StorageError(format!("{} has no directory", path.display())))?;
    std::fs::create_dir_all(dir).map_err(failed)?;
    let temporary = dir.join(format!(".{}.tmp", uuid::Uuid::now_v7().simple()));
    let written =
        std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(failed(e));
    }
    Ok(())
}

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, StorageError> + Send + 'static,
) -> Result<T, StorageError> {
    actix_web::web::block(work)
        .await
        .unwrap_or_else(|e| Err(StorageError(format!("the blocking pool: {e}"))))
}
