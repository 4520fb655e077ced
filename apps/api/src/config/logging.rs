//! How log lines are written.

use super::vars::Vars;
use super::{ConfigError, invalid};

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default).
    Pretty,
    /// One JSON object per line, for log shippers (`SHOP_LOG_FORMAT=json`).
    Json,
}

/// `SHOP_LOG_FORMAT`: `json`, or `pretty` (also `text`, and unset).
pub(super) fn format(vars: &Vars) -> Result<LogFormat, ConfigError> {
    match vars.get("SHOP_LOG_FORMAT").as_deref().map(str::trim) {
        None | Some("pretty") | Some("text") => Ok(LogFormat::Pretty),
        Some("json") => Ok(LogFormat::Json),
        Some(other) => Err(invalid(
            "SHOP_LOG_FORMAT",
            format!("'{other}' is not a log format; use 'json' or 'pretty'"),
        )),
    }
}
