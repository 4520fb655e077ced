//! The key that seals data at rest (brand applications' bank accounts).

use super::vars::Vars;
use super::{ConfigError, Secret, invalid};

/// Hex characters of `SHOP_DATA_KEY`: 32 bytes.
pub const DATA_KEY_HEX_CHARS: usize = 64;

/// `SHOP_DATA_KEY`: 64 hex characters (a 32-byte AES-256 key, e.g. `openssl rand -hex 32`).
pub(super) fn key(vars: &Vars) -> Result<Option<Secret>, ConfigError> {
    match vars.get("SHOP_DATA_KEY") {
        None => Ok(None),
        Some(raw) => {
            let hex = raw.trim();
            if hex.len() == DATA_KEY_HEX_CHARS && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                Ok(Some(Secret::new(hex.to_ascii_lowercase())))
            } else {
                Err(invalid(
                    "SHOP_DATA_KEY",
                    format!(
                        "must be {DATA_KEY_HEX_CHARS} hex characters (32 bytes; e.g. `openssl rand -hex 32`)"
                    ),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn read(value: &str) -> Result<Option<Secret>, ConfigError> {
        let map = HashMap::from([("SHOP_DATA_KEY".to_owned(), value.to_owned())]);
        let lookup = |name: &str| map.get(name).cloned();
        key(&Vars::new(&lookup))
    }

    #[test]
    fn a_key_is_64_hex_characters() {
        let good = "0123456789ABCDEF".repeat(4);
        assert_eq!(
            read(&good).expect("valid").map(|s| s.expose().to_owned()),
            Some(good.to_ascii_lowercase())
        );
        assert!(read("").expect("blank is unset").is_none());
        let short = read("abcd").expect_err("short");
        assert_eq!(short.variable, "SHOP_DATA_KEY");
        assert!(read(&"g".repeat(64)).is_err());
    }
}
