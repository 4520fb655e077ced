//! Fixed dates and time-ordered ids: nothing here reads a clock.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeDelta};

use crate::rng::Rng;

/// 2026-01-01T00:00:00 (UTC): the catalogue's records are dated from here.
pub(crate) const BASE: NaiveDateTime = at_midnight(2026, 1, 1);

pub(crate) const MINUTE_MS: i64 = 60 * 1000;
pub(crate) const HOUR_MS: i64 = 60 * MINUTE_MS;
pub(crate) const DAY_MS: i64 = 24 * HOUR_MS;

/// Midnight of a date that is known to exist; checked when the constant is built.
pub(crate) const fn at_midnight(year: i32, month: u32, day: u32) -> NaiveDateTime {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date.and_time(NaiveTime::MIN),
        None => panic!("the catalogue's fixed dates are real dates"),
    }
}

/// `BASE` moved by a number of milliseconds (negative goes back into 2025).
pub(crate) fn at(offset_ms: i64) -> NaiveDateTime {
    BASE + TimeDelta::milliseconds(offset_ms)
}

/// A UUID v7 string whose timestamp is `created_at` and whose random part comes from `rng`:
/// ids created later sort after ids created earlier, as strings too.
pub(crate) fn time_ordered_id(created_at: NaiveDateTime, rng: &mut Rng) -> String {
    let millis = u64::try_from(created_at.and_utc().timestamp_millis()).unwrap_or(0);
    uuid::Builder::from_unix_timestamp_millis(millis, &rng.id_bytes())
        .into_uuid()
        .hyphenated()
        .to_string()
}

/// Ids for a list of records created `step_ms` apart from `start_ms` (relative to [`BASE`]).
#[derive(Debug, Clone)]
pub(crate) struct IdSequence {
    rng: Rng,
    start_ms: i64,
    step_ms: i64,
    count: i64,
}

impl IdSequence {
    pub(crate) fn new(stream: u64, start_ms: i64, step_ms: i64) -> Self {
        Self {
            rng: Rng::stream(stream, 0),
            start_ms,
            step_ms,
            count: 0,
        }
    }

    /// The next record's id and creation time.
    pub(crate) fn next_id(&mut self) -> (String, NaiveDateTime) {
        let created_at = at(self.start_ms + self.count * self.step_ms);
        self.count += 1;
        (time_ordered_id(created_at, &mut self.rng), created_at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::STREAM_BRANDS;

    #[test]
    fn base_is_the_first_moment_of_2026() {
        assert_eq!(BASE.and_utc().timestamp(), 1_767_225_600);
        assert_eq!(at(365 * DAY_MS), at_midnight(2027, 1, 1));
    }

    #[test]
    fn ids_are_uuid_v7_and_ordered_by_time() {
        let mut rng = Rng::stream(STREAM_BRANDS, 0);
        let early = time_ordered_id(at(0), &mut rng);
        let late = time_ordered_id(at(1), &mut rng);
        assert!(early < late);
        assert_eq!(early.len(), 36);
        // 1_767_225_600_000 ms is 0x019b_76da_a800; the version digit follows.
        assert!(early.starts_with("019b76da-a800-7"), "{early}");
    }
}
