//! The database: where it is, how many connections, how long a request waits on it, and the
//! swipe writers.

use std::path::{Path, PathBuf};

use store::DatabaseUrl;

use super::vars::Vars;
use super::{ConfigError, invalid};

/// `SHOP_DATA_DIR`, ./data unless set.
pub(super) fn data_dir(vars: &Vars) -> PathBuf {
    PathBuf::from(
        vars.get("SHOP_DATA_DIR")
            .unwrap_or_else(|| "./data".to_owned()),
    )
}

/// `DATABASE_URL`; SQLite at `<data dir>/shop.sqlite3` unless set.
pub(super) fn url(vars: &Vars, data_dir: &Path) -> Result<DatabaseUrl, ConfigError> {
    match vars.get("DATABASE_URL") {
        Some(url) => DatabaseUrl::parse(&url).map_err(|e| invalid("DATABASE_URL", e.to_string())),
        None => Ok(DatabaseUrl::Sqlite(
            data_dir.join("shop.sqlite3").to_string_lossy().into_owned(),
        )),
    }
}

/// `SHOP_DB_POOL_SIZE`, 1 to 200, 10 unless set.
pub(super) fn pool_size(vars: &Vars) -> Result<u32, ConfigError> {
    vars.number("SHOP_DB_POOL_SIZE", 10, 1..=200)
}

/// `SHOP_SWIPE_WRITERS`, 1 to 32, 1 unless set.
pub(super) fn swipe_writers(vars: &Vars) -> Result<usize, ConfigError> {
    vars.number("SHOP_SWIPE_WRITERS", 1, 1..=32)
}

/// `SHOP_DB_CONNECT_TIMEOUT_MS` and `SHOP_DB_STATEMENT_TIMEOUT_MS`, the store's defaults
/// unless set.
pub(super) fn timeouts(vars: &Vars) -> Result<store::Timeouts, ConfigError> {
    let defaults = store::Timeouts::default();
    Ok(store::Timeouts {
        connect: vars.millis("SHOP_DB_CONNECT_TIMEOUT_MS", defaults.connect, 200..=60_000)?,
        statement: vars.millis(
            "SHOP_DB_STATEMENT_TIMEOUT_MS",
            defaults.statement,
            100..=3_600_000,
        )?,
    })
}
