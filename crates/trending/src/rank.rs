//! The order and length of a trending list (000 §2.5, §2.7, §7, §9).

use std::cmp::Ordering;

use chrono::{DateTime, Utc};

use crate::{
    BucketRange, BucketRow, Engagement, HomeBadge, SwipeCounts, TimeWindow, TrendsBadge,
    fold_buckets,
};

/// Items on the home Trending carousel (000 §9: "Trending on home 8 items, 7d window").
pub const HOME_LIMIT: usize = 8;
/// Items on the Trends screen, and the default `limit` of the trending call (000 §7, §9).
pub const TRENDS_LIMIT: usize = 20;

/// One entry of a trending list.
#[derive(Debug, Clone, PartialEq)]
pub struct RankedProduct {
    /// Position in the list, starting at 1 (the rank shown on the Trends grid, 000 §2.7).
    pub rank: usize,
    /// The product's id.
    pub product_id: String,
    /// The likes and dislikes it was ranked on.
    pub counts: SwipeCounts,
}

impl RankedProduct {
    /// `totalSwipes`, `engagementScore` and `engagementRate` (000 §3).
    pub fn engagement(&self) -> Engagement {
        self.counts.engagement()
    }

    /// The home carousel badge (000 §4).
    pub fn home_badge(&self) -> HomeBadge {
        HomeBadge::for_score(self.counts.engagement_score())
    }

    /// The Trends screen badge (000 §4).
    pub fn trends_badge(&self) -> TrendsBadge {
        TrendsBadge::for_score(self.counts.engagement_score())
    }
}

/// The trending order: engagement score descending, then total swipes descending, then
/// engagement rate descending, then product id ascending, so equal inputs always give the same
/// list. The first `limit` entries are kept and numbered from 1.
///
/// With the net-likes score, equal score and equal total mean equal likes and dislikes, so the
/// rate step never decides on its own today; it stays so that the order remains the specified
/// one if the score formula ever changes.
///
/// Products appear once each; if the input names a product twice its counts are added first.
pub fn rank(
    totals: impl IntoIterator<Item = (String, SwipeCounts)>,
    limit: usize,
) -> Vec<RankedProduct> {
    let mut merged: std::collections::BTreeMap<String, SwipeCounts> = Default::default();
    for (product_id, counts) in totals {
        merged.entry(product_id).or_default().add(counts);
    }
    let mut entries: Vec<(String, SwipeCounts)> = merged.into_iter().collect();
    entries.sort_by(|(a_id, a), (b_id, b)| trending_order(a, b).then_with(|| a_id.cmp(b_id)));
    entries
        .into_iter()
        .take(limit)
        .enumerate()
        .map(|(index, (product_id, counts))| RankedProduct {
            rank: index + 1,
            product_id,
            counts,
        })
        .collect()
}

fn trending_order(a: &SwipeCounts, b: &SwipeCounts) -> Ordering {
    b.engagement_score()
        .cmp(&a.engagement_score())
        .then_with(|| b.total().cmp(&a.total()))
        .then_with(|| b.cmp_rate(*a))
}

/// The trending list of a window from hourly rollup rows: [`fold_buckets`] over the window's
/// [`BucketRange`], then [`rank`].
pub fn trending(
    rows: impl IntoIterator<Item = BucketRow>,
    window: TimeWindow,
    now: DateTime<Utc>,
    limit: usize,
) -> Vec<RankedProduct> {
    rank(
        fold_buckets(rows, BucketRange::for_window(window, now)),
        limit,
    )
}

/// The Trends screen's stats strip: item count, sum of total swipes, and the window label
/// (000 §2.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrendStats {
    /// How many trending items.
    pub items: usize,
    /// Sum of their total swipes.
    pub total_swipes: u64,
    /// Today, Week or Month.
    pub label: &'static str,
}

impl TrendStats {
    /// The stats of a ranked list shown for `window`.
    pub fn of(list: &[RankedProduct], window: TimeWindow) -> Self {
        TrendStats {
            items: list.len(),
            total_swipes: list
                .iter()
                .fold(0u64, |sum, entry| sum.saturating_add(entry.counts.total())),
            label: window.label(),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::HourBucket;
    use chrono::TimeZone;

    fn entry(id: &str, likes: u64, dislikes: u64) -> (String, SwipeCounts) {
        (id.to_owned(), SwipeCounts::new(likes, dislikes))
    }

    fn ids(list: &[RankedProduct]) -> Vec<&str> {
        list.iter().map(|e| e.product_id.as_str()).collect()
    }

    #[test]
    fn limits_are_eight_on_home_and_twenty_on_trends() {
        // 000 §9: home 8 items; trends screen limit 20
        assert_eq!(HOME_LIMIT, 8);
        assert_eq!(TRENDS_LIMIT, 20);
    }

    #[test]
    fn higher_score_ranks_first() {
        let list = rank([entry("a", 1, 0), entry("b", 12, 0), entry("c", 5, 1)], 20);
        assert_eq!(ids(&list), ["b", "c", "a"]);
        assert_eq!(list.iter().map(|e| e.rank).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn equal_score_more_swipes_first() {
        // both net +2; "b" was swiped more
        let list = rank([entry("a", 2, 0), entry("b", 4, 2)], 20);
        assert_eq!(ids(&list), ["b", "a"]);
    }

    #[test]
    fn equal_counts_fall_back_to_product_id() {
        // equal score and equal total mean equal counts (and rates): the id decides
        let list = rank([entry("z", 3, 1), entry("m", 3, 1), entry("a", 3, 1)], 20);
        assert_eq!(ids(&list), ["a", "m", "z"]);
    }

    #[test]
    fn negative_scores_rank_last_but_stay_listed() {
        let list = rank(
            [entry("bad", 0, 5), entry("none", 0, 0), entry("ok", 1, 1)],
            20,
        );
        assert_eq!(ids(&list), ["ok", "none", "bad"]);
        assert_eq!(list[2].trends_badge(), TrendsBadge::New);
        assert_eq!(list[2].home_badge(), HomeBadge::New);
    }

    #[test]
    fn keeps_only_the_limit() {
        let entries: Vec<_> = (0..30).map(|i| entry(&format!("p{i:02}"), i, 0)).collect();
        let home = rank(entries.clone(), HOME_LIMIT);
        assert_eq!(home.len(), 8);
        assert_eq!(home[0].product_id, "p29");
        assert_eq!(home[7].rank, 8);
        assert_eq!(rank(entries, TRENDS_LIMIT).len(), 20);
        assert!(rank(Vec::new(), 20).is_empty());
        assert!(rank([entry("a", 1, 0)], 0).is_empty());
    }

    #[test]
    fn duplicate_products_are_merged() {
        let list = rank([entry("a", 1, 0), entry("b", 3, 0), entry("a", 5, 1)], 20);
        assert_eq!(ids(&list), ["a", "b"]);
        assert_eq!(list[0].counts, SwipeCounts::new(6, 1));
    }

    #[test]
    fn trending_folds_the_window_and_ranks() {
        let now = Utc.with_ymd_and_hms(2025, 3, 10, 14, 20, 0).unwrap();
        let hour = |d, h| {
            HourBucket::from_start(Utc.with_ymd_and_hms(2025, 3, d, h, 0, 0).unwrap()).unwrap()
        };
        let rows = vec![
            BucketRow::new("old", hour(1, 0), 50, 0),
            BucketRow::new("new", hour(10, 13), 2, 0),
            BucketRow::new("new", hour(10, 14), 1, 0),
            BucketRow::new("mid", hour(5, 10), 4, 1),
        ];
        let day = trending(rows.clone(), TimeWindow::Day, now, TRENDS_LIMIT);
        assert_eq!(ids(&day), ["new"]);
        let week = trending(rows.clone(), TimeWindow::Week, now, TRENDS_LIMIT);
        assert_eq!(ids(&week), ["mid", "new"]);
        let month = trending(rows, TimeWindow::Month, now, TRENDS_LIMIT);
        assert_eq!(ids(&month), ["old", "mid", "new"]);
        let stats = TrendStats::of(&month, TimeWindow::Month);
        assert_eq!(
            stats,
            TrendStats {
                items: 3,
                total_swipes: 58,
                label: "Month"
            }
        );
    }
}
