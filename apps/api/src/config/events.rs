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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::config::Config;

    fn heartbeat(value: Option<&str>) -> Result<Duration, String> {
        Config::from_lookup(|name| {
            (name == "SHOP_EVENTS_HEARTBEAT_MS")
                .then(|| value.map(str::to_owned))
                .flatten()
        })
        .map(|c| c.events_heartbeat)
        .map_err(|e| e.variable.to_owned())
    }

    #[test]
    fn the_heartbeat_is_fifteen_seconds_unless_set_within_bounds() {
        assert_eq!(heartbeat(None), Ok(Duration::from_secs(15)));
        assert_eq!(heartbeat(Some("250")), Ok(Duration::from_millis(250)));
        for bad in ["0", "49", "600001", "soon"] {
            assert_eq!(
                heartbeat(Some(bad)),
                Err("SHOP_EVENTS_HEARTBEAT_MS".to_owned()),
                "{bad}"
            );
        }
    }
}
