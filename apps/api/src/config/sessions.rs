//! The secret that signs sessions.

use super::vars::Vars;
use super::{ConfigError, Secret, invalid};

/// Shortest session secret accepted: 32 characters of a random string carry enough entropy
/// for HMAC-SHA256.
pub const MIN_SESSION_SECRET_CHARS: usize = 32;

/// `SHOP_SESSION_SECRET`, at least `MIN_SESSION_SECRET_CHARS` characters once trimmed.
pub(super) fn secret(vars: &Vars) -> Result<Option<Secret>, ConfigError> {
    match vars.get("SHOP_SESSION_SECRET") {
        None => Ok(None),
        Some(raw) if raw.trim().chars().count() >= MIN_SESSION_SECRET_CHARS => {
            Ok(Some(Secret::new(raw.trim())))
        }
        Some(_) => Err(invalid(
            "SHOP_SESSION_SECRET",
            format!(
                "is shorter than {MIN_SESSION_SECRET_CHARS} characters; use a long random string (e.g. `openssl rand -hex 32`)"
            ),
        )),
    }
}
