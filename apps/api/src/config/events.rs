//! The brands' live event streams.

use std::time::Duration;

use super::ConfigError;
use super::vars::Vars;

/// `SHOP_EVENTS_HEARTBEAT_MS`, 50 to 600,000, 15 seconds unless set: how often an open event
/// stream sends its heartbeat comment and checks its session again.
pub(super) fn heartbeat(vars: &Vars) -> Result<Duration, ConfigError> {
    vars.millis(
        "SHOP_EVENTS_HEARTBEAT_MS",
        crate::services::events::HEARTBEAT,
        50..=600_000,
    )
}
