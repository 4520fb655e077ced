//! Data at rest under the data key (`SHOP_DATA_KEY`): AES-256-GCM with a fresh 12-byte nonce
//! per value and the record's id as associated data, so a sealed value cannot be moved to
//! another record. Stored as hex of the nonce followed by the ciphertext and its tag.

use std::path::Path;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use anyhow::Context;
use ring::rand::{SecureRandom, SystemRandom};

use crate::config::{Config, DATA_KEY_HEX_CHARS};
use crate::secret_file::{self, hex, unhex};

/// The file under the data directory that holds a generated key.
const KEY_FILE: &str = "data.key";
const NONCE_BYTES: usize = 12;

/// The key that seals data at rest.
pub struct DataKey {
    cipher: Aes256Gcm,
    random: SystemRandom,
}

impl std::fmt::Debug for DataKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DataKey(..)")
    }
}

/// Sealing failed: the system's random source did not answer.
#[derive(Debug, thiserror::Error)]
#[error("the system random source failed")]
pub struct SealError;

impl DataKey {
    pub fn from_bytes(key: &[u8; 32]) -> Self {
        Self {
            cipher: Aes256Gcm::new(key.into()),
            random: SystemRandom::new(),
        }
    }

    /// The configured key, or the one in `<data dir>/data.key`, generated there (readable by
    /// the owner only) on first start with a loud warning.
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let hex = match &config.data_key {
            Some(key) => key.expose().to_owned(),
            None => key_file(&config.data_dir.join(KEY_FILE))?,
        };
        let bytes = unhex(&hex).context("SHOP_DATA_KEY is not hex")?;
        let key: [u8; 32] = bytes
            .try_into()
            .map_err(|_| anyhow::anyhow!("SHOP_DATA_KEY is not 32 bytes"))?;
        Ok(Self::from_bytes(&key))
    }

    /// `plain` sealed for the record `record_id`.
    pub fn seal(&self, plain: &str, record_id: &str) -> Result<String, SealError> {
        let mut nonce = [0u8; NONCE_BYTES];
        self.random.fill(&mut nonce).map_err(|_| SealError)?;
        let sealed = self
            .cipher
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: plain.as_bytes(),
                    aad: record_id.as_bytes(),
                },
            )
            .map_err(|_| SealError)?;
        Ok(hex(&nonce) + &hex(&sealed))
    }

    /// The plain text of a value [`DataKey::seal`]ed for `record_id`; `None` when it was
    /// sealed under another key, for another record, or altered.
    pub fn open(&self, sealed: &str, record_id: &str) -> Option<String> {
        let bytes = unhex(sealed)?;
        if bytes.len() <= NONCE_BYTES {
            return None;
        }
        let (nonce, ciphertext) = bytes.split_at(NONCE_BYTES);
        let plain = self
            .cipher
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: ciphertext,
                    aad: record_id.as_bytes(),
                },
            )
            .ok()?;
        String::from_utf8(plain).ok()
    }
}

fn key_file(path: &Path) -> anyhow::Result<String> {
    let kept = secret_file::read_or_create(
        path,
        |text| text.len() == DATA_KEY_HEX_CHARS,
        || {
            format!(
                "{} does not hold {DATA_KEY_HEX_CHARS} hex characters; restore it from a backup (a new key cannot open the bank details sealed under the old one)",
                path.display()
            )
        },
    )?;
    if kept.generated {
        tracing::warn!(
            path = %path.display(),
            "SHOP_DATA_KEY is not set: generated a data key into the data directory to seal bank \
             details. Fine for development; in production set SHOP_DATA_KEY (64 hex characters, \
             `openssl rand -hex 32`), the same in every process, and back it up: without it the \
             sealed details cannot be read"
        );
    }
    Ok(kept.text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_for_its_record_only() {
        let key = DataKey::from_bytes(&[7; 32]);
        let sealed = key.seal("123456789012", "app-1").expect("sealed");
        assert!(!sealed.contains("123456789012"));
        assert_eq!(key.open(&sealed, "app-1").as_deref(), Some("123456789012"));
        assert_eq!(key.open(&sealed, "app-2"), None);
        assert_eq!(DataKey::from_bytes(&[8; 32]).open(&sealed, "app-1"), None);
        // A fresh nonce each time: the same number never seals to the same text.
        assert_ne!(sealed, key.seal("123456789012", "app-1").expect("sealed"));
        let mut tampered = sealed.clone().into_bytes();
        let last = tampered.len() - 1;
        tampered[last] = if tampered[last] == b'0' { b'1' } else { b'0' };
        assert_eq!(
            key.open(&String::from_utf8(tampered).expect("hex"), "app-1"),
            None
        );
    }

    #[test]
    fn a_generated_key_is_kept_in_the_data_directory() {
        let dir = std::env::temp_dir().join(format!("data-key-{}", uuid::Uuid::now_v7()));
        std::fs::create_dir_all(&dir).expect("dir");
        let first = key_file(&dir.join(KEY_FILE)).expect("generated");
        assert_eq!(first.len(), DATA_KEY_HEX_CHARS);
        assert_eq!(key_file(&dir.join(KEY_FILE)).expect("read back"), first);
        std::fs::remove_dir_all(&dir).ok();
    }
}
