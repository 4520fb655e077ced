//! Property tests of the trending rules (000 §4, §7).

#![allow(clippy::unwrap_used)]

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use proptest::prelude::*;
use std::collections::BTreeMap;
use trending::{
    BucketRange, BucketRow, HomeBadge, HourBucket, SwipeAction, SwipeCounts, TimeWindow,
    TrendsBadge, fold_buckets, rank,
};

fn base() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap()
}

fn window() -> impl Strategy<Value = TimeWindow> {
    prop_oneof![
        Just(TimeWindow::Day),
        Just(TimeWindow::Week),
        Just(TimeWindow::Month)
    ]
}

/// A swipe: product index, action, and how many seconds before `now` it happened (up to 35
/// days, so some fall outside even the 30d window).
fn swipe() -> impl Strategy<Value = (u8, bool, i64)> {
    (0u8..5, any::<bool>(), 0i64..(35 * 24 * 3600))
}

/// Rolls raw swipes up into hourly rows, as the store does.
fn roll_up(swipes: &[(u8, bool, DateTime<Utc>)]) -> Vec<BucketRow> {
    let mut rows: BTreeMap<(String, HourBucket), SwipeCounts> = BTreeMap::new();
    for (product, like, t) in swipes {
        let action = if *like {
            SwipeAction::Like
        } else {
            SwipeAction::Dislike
        };
        rows.entry((format!("p{product}"), HourBucket::containing(*t)))
            .or_default()
            .record(action);
    }
    rows.into_iter()
        .map(|((product_id, bucket), counts)| BucketRow {
            product_id,
            bucket,
            counts,
        })
        .collect()
}

proptest! {
    /// Summing the buckets of a window equals counting the raw swipes whose time is in
    /// `[ceil_to_hour(now - window), now]`: the documented edge (the partial oldest hour is
    /// dropped).
    #[test]
    fn bucket_sum_equals_raw_count_in_the_effective_window(
        now_offset in 0i64..(400 * 24 * 3600),
        now_nanos in 0i64..1_000_000_000,
        window in window(),
        swipes in proptest::collection::vec(swipe(), 0..200),
    ) {
        let now = base() + TimeDelta::seconds(now_offset) + TimeDelta::nanoseconds(now_nanos);
        let swipes: Vec<_> = swipes
            .into_iter()
            .map(|(p, like, ago)| (p, like, now - TimeDelta::seconds(ago)))
            .collect();
        let range = BucketRange::for_window(window, now);
        let totals = fold_buckets(roll_up(&swipes), range);

        let start = window.start(now);
        let effective_start = range.first().start();
        prop_assert!(effective_start >= start);
        prop_assert!(effective_start - start < TimeDelta::hours(1));

        let mut raw: BTreeMap<String, SwipeCounts> = BTreeMap::new();
        for (product, like, t) in &swipes {
            if *t >= effective_start && *t <= now {
                let action = if *like { SwipeAction::Like } else { SwipeAction::Dislike };
                raw.entry(format!("p{product}")).or_default().record(action);
            }
        }
        prop_assert_eq!(totals, raw);
    }

    /// What the buckets miss compared to the exact window `[now - window, now]` is exactly the
    /// swipes of the partial oldest hour, and never anything else.
    #[test]
    fn only_the_partial_oldest_hour_is_lost(
        now_offset in 0i64..(400 * 24 * 3600),
        window in window(),
        ago in proptest::collection::vec(0i64..(35 * 24 * 3600), 0..100),
    ) {
        let now = base() + TimeDelta::seconds(now_offset);
        let range = BucketRange::for_window(window, now);
        let start = window.start(now);
        for seconds in ago {
            let t = now - TimeDelta::seconds(seconds);
            let in_exact_window = t >= start && t <= now;
            let in_partial_hour = t >= start && t < range.first().start();
            prop_assert_eq!(range.counts(t), in_exact_window && !in_partial_hour);
        }
    }

    /// Every swipe lands in the bucket whose hour contains it.
    #[test]
    fn a_bucket_holds_its_hour(seconds in -(1i64 << 40)..(1i64 << 40), nanos in 0u32..1_000_000_000) {
        let t = DateTime::from_timestamp(seconds, nanos).unwrap();
        let bucket = HourBucket::containing(t);
        prop_assert!(bucket.start() <= t);
        prop_assert!(t - bucket.start() < TimeDelta::hours(1));
        prop_assert_eq!(HourBucket::from_start(bucket.start()), Ok(bucket));
    }

    /// The list is sorted, numbered, limited and independent of the input order.
    #[test]
    fn ranking_is_ordered_limited_and_deterministic(
        counts in proptest::collection::vec((0u64..30, 0u64..30), 0..40),
        limit in 0usize..25,
    ) {
        let entries: Vec<(String, SwipeCounts)> = counts
            .iter()
            .enumerate()
            .map(|(i, (l, d))| (format!("p{i:02}"), SwipeCounts::new(*l, *d)))
            .collect();
        let list = rank(entries.clone(), limit);
        prop_assert_eq!(list.len(), entries.len().min(limit));
        for (i, e) in list.iter().enumerate() {
            prop_assert_eq!(e.rank, i + 1);
        }
        for pair in list.windows(2) {
            let (a, b) = (pair[0].counts, pair[1].counts);
            let key = |c: SwipeCounts| (c.engagement_score(), c.total());
            prop_assert!(key(a) >= key(b));
            if key(a) == key(b) {
                prop_assert!(pair[0].product_id < pair[1].product_id);
            }
        }
        let mut reversed = entries;
        reversed.reverse();
        prop_assert_eq!(rank(reversed, limit), list);
    }

    /// Both badge scales are monotonic in the score and agree on their shared thresholds.
    #[test]
    fn badges_rise_with_the_score(a in any::<i64>(), b in any::<i64>()) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let home_rank = |badge| match badge {
            HomeBadge::New => 0,
            HomeBadge::Liked => 1,
            HomeBadge::Rising => 2,
            HomeBadge::Hot => 3,
        };
        let trends_rank = |badge| match badge {
            TrendsBadge::New => 0,
            TrendsBadge::Trending => 1,
            TrendsBadge::Hot => 2,
            TrendsBadge::Viral => 3,
        };
        prop_assert!(home_rank(HomeBadge::for_score(lo)) <= home_rank(HomeBadge::for_score(hi)));
        prop_assert!(trends_rank(TrendsBadge::for_score(lo)) <= trends_rank(TrendsBadge::for_score(hi)));
        prop_assert_eq!(home_rank(HomeBadge::for_score(a)), trends_rank(TrendsBadge::for_score(a)));
    }

    /// The rate stays in 0..=1 and the score never exceeds the total.
    #[test]
    fn rate_and_score_stay_in_range(likes in any::<u32>(), dislikes in any::<u32>()) {
        let counts = SwipeCounts::new(u64::from(likes), u64::from(dislikes));
        let rate = counts.engagement_rate();
        prop_assert!((0.0..=1.0).contains(&rate));
        prop_assert!(counts.engagement_score().unsigned_abs() <= counts.total());
    }
}
