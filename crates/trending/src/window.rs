//! The time windows of the trending calls (000 §2.7, §7, §9).

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, TimeDelta, Utc};

use crate::TrendingError;

/// A trending period: the last 24 hours, 7 days or 30 days (000 §2.7, §7).
///
/// The default is [`TimeWindow::Week`] (7d), as for the `timeWindow` query and the Trends
/// screen's time-frame tabs (000 §2.7, §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum TimeWindow {
    /// `24h`, labelled "Today".
    Day,
    /// `7d`, labelled "Week"; the default.
    #[default]
    Week,
    /// `30d`, labelled "Month".
    Month,
}

impl TimeWindow {
    /// Every window, shortest first (the order of the 24H / 7D / 30D tabs, 000 §2.7).
    pub const ALL: [TimeWindow; 3] = [TimeWindow::Day, TimeWindow::Week, TimeWindow::Month];

    /// Parses the wire value `24h`, `7d` or `30d`. Surrounding spaces and letter case are
    /// ignored, so the tab captions `24H`, `7D`, `30D` parse too.
    pub fn parse(raw: &str) -> Result<Self, TrendingError> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "24h" => Ok(TimeWindow::Day),
            "7d" => Ok(TimeWindow::Week),
            "30d" => Ok(TimeWindow::Month),
            _ => Err(TrendingError::UnknownTimeWindow(raw.to_owned())),
        }
    }

    /// The wire value: `24h`, `7d` or `30d`.
    pub fn as_str(self) -> &'static str {
        match self {
            TimeWindow::Day => "24h",
            TimeWindow::Week => "7d",
            TimeWindow::Month => "30d",
        }
    }

    /// The stats-strip label: Today, Week or Month (000 §2.7).
    pub fn label(self) -> &'static str {
        match self {
            TimeWindow::Day => "Today",
            TimeWindow::Week => "Week",
            TimeWindow::Month => "Month",
        }
    }

    /// How long the window is.
    pub fn duration(self) -> TimeDelta {
        match self {
            TimeWindow::Day => TimeDelta::hours(24),
            TimeWindow::Week => TimeDelta::days(7),
            TimeWindow::Month => TimeDelta::days(30),
        }
    }

    /// The instant the window starts: `now` minus its duration (the earliest representable
    /// instant if that would underflow).
    pub fn start(self, now: DateTime<Utc>) -> DateTime<Utc> {
        now.checked_sub_signed(self.duration())
            .unwrap_or(DateTime::<Utc>::MIN_UTC)
    }
}

impl fmt::Display for TimeWindow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for TimeWindow {
    type Err = TrendingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn parses_every_wire_value_and_tab_caption() {
        // (spec, input, expected)
        let table = [
            ("000 §7", "24h", TimeWindow::Day),
            ("000 §7", "7d", TimeWindow::Week),
            ("000 §7", "30d", TimeWindow::Month),
            ("000 §2.7", "24H", TimeWindow::Day),
            ("000 §2.7", "7D", TimeWindow::Week),
            ("000 §2.7", " 30D ", TimeWindow::Month),
        ];
        for (spec, input, expected) in table {
            assert_eq!(TimeWindow::parse(input), Ok(expected), "{spec}: {input:?}");
        }
    }

    #[test]
    fn rejects_other_windows() {
        for input in ["", "1h", "7", "d7", "week", "48h", "30 d"] {
            assert_eq!(
                TimeWindow::parse(input),
                Err(TrendingError::UnknownTimeWindow(input.to_owned())),
                "{input:?}"
            );
        }
    }

    #[test]
    fn default_is_seven_days() {
        // 000 §2.7 (default 7D), 000 §7 (timeWindow default 7d)
        assert_eq!(TimeWindow::default(), TimeWindow::Week);
    }

    #[test]
    fn labels_are_today_week_month() {
        // 000 §2.7: the time-frame label Today / Week / Month
        let labels: Vec<_> = TimeWindow::ALL.iter().map(|w| w.label()).collect();
        assert_eq!(labels, ["Today", "Week", "Month"]);
    }

    #[test]
    fn wire_value_round_trips() {
        for window in TimeWindow::ALL {
            assert_eq!(window.as_str().parse::<TimeWindow>(), Ok(window));
            assert_eq!(window.to_string(), window.as_str());
        }
    }

    #[test]
    fn start_is_now_minus_the_window() {
        let now = Utc.with_ymd_and_hms(2025, 3, 31, 10, 30, 0).unwrap();
        let table = [
            (
                TimeWindow::Day,
                Utc.with_ymd_and_hms(2025, 3, 30, 10, 30, 0).unwrap(),
            ),
            (
                TimeWindow::Week,
                Utc.with_ymd_and_hms(2025, 3, 24, 10, 30, 0).unwrap(),
            ),
            (
                TimeWindow::Month,
                Utc.with_ymd_and_hms(2025, 3, 1, 10, 30, 0).unwrap(),
            ),
        ];
        for (window, expected) in table {
            assert_eq!(window.start(now), expected, "{window}");
        }
    }

    #[test]
    fn start_saturates_at_the_earliest_instant() {
        assert_eq!(
            TimeWindow::Month.start(DateTime::<Utc>::MIN_UTC),
            DateTime::<Utc>::MIN_UTC
        );
    }
}
