//! The demo catalogue and how often the in-memory catalogue refreshes.

use std::time::Duration;

use super::vars::Vars;
use super::{ConfigError, invalid};

/// `SHOP_SEED_DEMO`, true unless set.
pub(super) fn seed_demo(vars: &Vars) -> Result<bool, ConfigError> {
    match vars.get("SHOP_SEED_DEMO").as_deref().map(str::trim) {
        None | Some("1") | Some("true") => Ok(true),
        Some("0") | Some("false") => Ok(false),
        Some(other) => Err(invalid(
            "SHOP_SEED_DEMO",
            format!("'{other}' is not a boolean; use true or false"),
        )),
    }
}

/// `SHOP_DEMO_PRODUCTS`, 1 to 1,000,000, the demo catalogue's own count unless set.
pub(super) fn demo_products(vars: &Vars) -> Result<usize, ConfigError> {
    vars.number(
        "SHOP_DEMO_PRODUCTS",
        catalogue::DEMO_PRODUCT_COUNT,
        1..=1_000_000,
    )
}

/// `SHOP_CATALOGUE_REFRESH_MS`, 10 to 600,000, a second unless set.
pub(super) fn refresh(vars: &Vars) -> Result<Duration, ConfigError> {
    vars.millis(
        "SHOP_CATALOGUE_REFRESH_MS",
        Duration::from_millis(1000),
        10..=600_000,
    )
}
