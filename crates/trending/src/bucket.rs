//! Hourly rollup arithmetic: which bucket a swipe lands in, which buckets a window sums, and
//! folding bucket rows into per-product totals.

use std::collections::BTreeMap;
use std::fmt;

use chrono::{DateTime, TimeDelta, Utc};

use crate::{SwipeCounts, TimeWindow, TrendingError};

const SECONDS_PER_HOUR: i64 = 3600;

/// The key of an hourly rollup bucket: the start of a UTC hour.
///
/// A value of this type is always exactly on the hour, so two swipes in the same hour always
/// share a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HourBucket {
    start: DateTime<Utc>,
}

impl HourBucket {
    /// The bucket a swipe at `t` lands in: `t` rounded down to the hour.
    pub fn containing(t: DateTime<Utc>) -> Self {
        let into_hour = TimeDelta::seconds(t.timestamp().rem_euclid(SECONDS_PER_HOUR))
            + TimeDelta::nanoseconds(i64::from(t.timestamp_subsec_nanos()));
        // The earliest representable instant is on the hour, so rounding down stays in range.
        let start = t.checked_sub_signed(into_hour).unwrap_or(t);
        HourBucket { start }
    }

    /// The bucket that starts at `start`, which must be exactly on the hour (as read back from
    /// the store).
    pub fn from_start(start: DateTime<Utc>) -> Result<Self, TrendingError> {
        let bucket = HourBucket::containing(start);
        if bucket.start == start {
            Ok(bucket)
        } else {
            Err(TrendingError::UnalignedBucket)
        }
    }

    /// The bucket numbered `hours` hours after 1970-01-01T00:00Z (negative before), if that
    /// instant can be represented.
    pub fn from_hours_since_epoch(hours: i64) -> Option<Self> {
        let seconds = hours.checked_mul(SECONDS_PER_HOUR)?;
        DateTime::from_timestamp(seconds, 0).map(|start| HourBucket { start })
    }

    /// The first instant of the hour.
    pub fn start(self) -> DateTime<Utc> {
        self.start
    }

    /// Whole hours since 1970-01-01T00:00Z: a compact integer key for storage.
    pub fn hours_since_epoch(self) -> i64 {
        self.start.timestamp().div_euclid(SECONDS_PER_HOUR)
    }

    /// The bucket one hour later, if representable.
    pub fn next(self) -> Option<Self> {
        self.start
            .checked_add_signed(TimeDelta::hours(1))
            .map(|start| HourBucket { start })
    }

    /// The first bucket starting at or after `t`: `t` rounded up to the hour.
    fn first_at_or_after(t: DateTime<Utc>) -> Option<Self> {
        let bucket = HourBucket::containing(t);
        if bucket.start == t {
            Some(bucket)
        } else {
            bucket.next()
        }
    }
}

impl fmt::Display for HourBucket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start.format("%Y-%m-%dT%H:00Z"))
    }
}

/// The buckets a window sums, `first..=last`.
///
/// `first` is the earliest bucket whose hour starts at or after the window start
/// (`now - window`, rounded *up* to the hour); `last` is the bucket containing `now`. When `now`
/// is not on the hour, the swipes between the window start and the next full hour sit in a bucket
/// that starts before the window and are not counted: the oldest, partial hour is dropped, so a
/// window counts between `window - 1h` and `window` of history plus the current partial hour.
/// When `now` is on the hour, the start is too and nothing is dropped.
///
/// In SQL terms: `bucket >= first.start() AND bucket <= last.start()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BucketRange {
    first: HourBucket,
    last: HourBucket,
}

impl BucketRange {
    /// The buckets of `window` as seen at `now`.
    pub fn for_window(window: TimeWindow, now: DateTime<Utc>) -> Self {
        let last = HourBucket::containing(now);
        let first = HourBucket::first_at_or_after(window.start(now)).unwrap_or(last);
        BucketRange { first, last }
    }

    /// The oldest bucket summed.
    pub fn first(self) -> HourBucket {
        self.first
    }

    /// The newest bucket summed: the one containing `now`.
    pub fn last(self) -> HourBucket {
        self.last
    }

    /// Whether a bucket is summed.
    pub fn contains(self, bucket: HourBucket) -> bool {
        self.first <= bucket && bucket <= self.last
    }

    /// Whether a swipe at `t` is counted: its bucket is in the range.
    pub fn counts(self, t: DateTime<Utc>) -> bool {
        self.contains(HourBucket::containing(t))
    }

    /// How many buckets are summed.
    pub fn len(self) -> usize {
        let hours = self.last.hours_since_epoch() - self.first.hours_since_epoch() + 1;
        usize::try_from(hours).unwrap_or(0)
    }

    /// Whether no bucket is summed (never the case for the three windows).
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Every bucket key summed, oldest first.
    pub fn iter(self) -> impl Iterator<Item = HourBucket> {
        let last = self.last;
        std::iter::successors(Some(self.first), move |bucket| {
            bucket.next().filter(|next| *next <= last)
        })
        .filter(move |bucket| *bucket <= last)
    }
}

/// One row of the hourly rollup: a product's likes and dislikes in one hour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BucketRow {
    /// The product's id.
    pub product_id: String,
    /// The hour.
    pub bucket: HourBucket,
    /// Likes and dislikes in that hour.
    pub counts: SwipeCounts,
}

impl BucketRow {
    /// A row from its parts.
    pub fn new(
        product_id: impl Into<String>,
        bucket: HourBucket,
        likes: u64,
        dislikes: u64,
    ) -> Self {
        BucketRow {
            product_id: product_id.into(),
            bucket,
            counts: SwipeCounts::new(likes, dislikes),
        }
    }
}

/// Sums the rows whose bucket is in `range` into one count per product, keyed by product id.
/// Rows outside the range are ignored, so the store may hand over more rows than needed.
pub fn fold_buckets(
    rows: impl IntoIterator<Item = BucketRow>,
    range: BucketRange,
) -> BTreeMap<String, SwipeCounts> {
    let mut totals: BTreeMap<String, SwipeCounts> = BTreeMap::new();
    for row in rows.into_iter().filter(|row| range.contains(row.bucket)) {
        totals.entry(row.product_id).or_default().add(row.counts);
    }
    totals
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(d: u32, h: u32, m: u32, s: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2025, 3, d, h, m, s).unwrap()
    }

    #[test]
    fn a_swipe_lands_in_its_hour() {
        // (time, bucket start)
        let table = [
            (at(10, 14, 0, 0), at(10, 14, 0, 0)),
            (at(10, 14, 0, 1), at(10, 14, 0, 0)),
            (at(10, 14, 59, 59), at(10, 14, 0, 0)),
            (at(10, 15, 0, 0), at(10, 15, 0, 0)),
            (at(10, 0, 30, 0), at(10, 0, 0, 0)),
        ];
        for (t, start) in table {
            assert_eq!(HourBucket::containing(t).start(), start, "{t}");
        }
        let nanos = at(10, 14, 59, 59) + TimeDelta::nanoseconds(999_999_999);
        assert_eq!(HourBucket::containing(nanos).start(), at(10, 14, 0, 0));
    }

    #[test]
    fn buckets_before_the_epoch_round_down_too() {
        let t = Utc.with_ymd_and_hms(1969, 12, 31, 23, 30, 0).unwrap();
        let bucket = HourBucket::containing(t);
        assert_eq!(
            bucket.start(),
            Utc.with_ymd_and_hms(1969, 12, 31, 23, 0, 0).unwrap()
        );
        assert_eq!(bucket.hours_since_epoch(), -1);
        assert_eq!(HourBucket::from_hours_since_epoch(-1), Some(bucket));
    }

    #[test]
    fn from_start_accepts_only_whole_hours() {
        assert_eq!(
            HourBucket::from_start(at(10, 14, 0, 0)).map(HourBucket::start),
            Ok(at(10, 14, 0, 0))
        );
        assert_eq!(
            HourBucket::from_start(at(10, 14, 0, 1)),
            Err(TrendingError::UnalignedBucket)
        );
    }

    #[test]
    fn hours_since_epoch_round_trips() {
        let bucket = HourBucket::containing(at(10, 14, 20, 0));
        assert_eq!(
            HourBucket::from_hours_since_epoch(bucket.hours_since_epoch()),
            Some(bucket)
        );
        assert_eq!(HourBucket::from_hours_since_epoch(i64::MAX), None);
        assert_eq!(bucket.to_string(), "2025-03-10T14:00Z");
    }

    #[test]
    fn window_on_the_hour_sums_every_hour_plus_the_current_one() {
        // 000 §2.7: 24h; now exactly on the hour: the start is too, nothing is dropped.
        let range = BucketRange::for_window(TimeWindow::Day, at(10, 14, 0, 0));
        assert_eq!(range.first().start(), at(9, 14, 0, 0));
        assert_eq!(range.last().start(), at(10, 14, 0, 0));
        assert_eq!(range.len(), 25);
    }

    #[test]
    fn window_off_the_hour_drops_the_partial_oldest_hour() {
        // start 2025-03-09T14:20: the 14:00 bucket starts before it and is left out whole.
        let now = at(10, 14, 20, 0);
        let range = BucketRange::for_window(TimeWindow::Day, now);
        assert_eq!(range.first().start(), at(9, 15, 0, 0));
        assert_eq!(range.last().start(), at(10, 14, 0, 0));
        assert_eq!(range.len(), 24);
        assert!(
            !range.counts(at(9, 14, 30, 0)),
            "inside the window, but in the partial hour"
        );
        assert!(range.counts(at(9, 15, 0, 0)));
        assert!(range.counts(now));
    }

    #[test]
    fn bucket_counts_of_each_window() {
        // (spec, window, buckets off the hour, buckets on the hour)
        let table = [
            ("000 §7", TimeWindow::Day, 24, 25),
            ("000 §7", TimeWindow::Week, 168, 169),
            ("000 §7", TimeWindow::Month, 720, 721),
        ];
        for (spec, window, off, on) in table {
            assert_eq!(
                BucketRange::for_window(window, at(31, 9, 1, 0)).len(),
                off,
                "{spec}"
            );
            assert_eq!(
                BucketRange::for_window(window, at(31, 9, 0, 0)).len(),
                on,
                "{spec}"
            );
        }
    }

    #[test]
    fn iter_lists_every_bucket_in_order() {
        let range = BucketRange::for_window(TimeWindow::Day, at(10, 14, 20, 0));
        let keys: Vec<_> = range.iter().collect();
        assert_eq!(keys.len(), range.len());
        assert!(!range.is_empty());
        assert_eq!(keys.first(), Some(&range.first()));
        assert_eq!(keys.last(), Some(&range.last()));
        assert!(
            keys.windows(2)
                .all(|w| w[1].hours_since_epoch() == w[0].hours_since_epoch() + 1)
        );
    }

    #[test]
    fn fold_sums_rows_in_range_per_product() {
        let now = at(10, 14, 20, 0);
        let range = BucketRange::for_window(TimeWindow::Day, now);
        let b = |d, h| HourBucket::from_start(at(d, h, 0, 0)).unwrap();
        let rows = vec![
            BucketRow::new("p1", b(10, 14), 3, 1),
            BucketRow::new("p1", b(10, 2), 2, 0),
            BucketRow::new("p2", b(9, 15), 0, 4),
            BucketRow::new("p1", b(9, 14), 100, 0), // partial oldest hour: dropped
            BucketRow::new("p3", b(8, 1), 7, 7),    // before the window: dropped
            BucketRow::new("p3", b(10, 15), 7, 7),  // after now's hour: dropped
        ];
        let totals = fold_buckets(rows, range);
        assert_eq!(totals.len(), 2);
        assert_eq!(totals["p1"], SwipeCounts::new(5, 1));
        assert_eq!(totals["p2"], SwipeCounts::new(0, 4));
    }
}
