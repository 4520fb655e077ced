//! Swipe counts, engagement score and rate, and the badges they earn (000 §3, §4, §9).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::TrendingError;

/// Score at or above which a product is HOT on home and VIRAL on the Trends screen (000 §4, §9).
pub const HOT_THRESHOLD: i64 = 10;
/// Score at or above which a product is RISING on home and HOT on the Trends screen (000 §4, §9).
pub const RISING_THRESHOLD: i64 = 5;

/// What a shopper did with a product card: the `action` of a swipe record (000 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SwipeAction {
    /// Swiped right.
    Like,
    /// Swiped left.
    Dislike,
}

impl SwipeAction {
    /// Parses the wire value `like` or `dislike` (letter case and surrounding spaces ignored).
    pub fn parse(raw: &str) -> Result<Self, TrendingError> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "like" => Ok(SwipeAction::Like),
            "dislike" => Ok(SwipeAction::Dislike),
            _ => Err(TrendingError::UnknownSwipeAction(raw.to_owned())),
        }
    }

    /// The wire value: `like` or `dislike`.
    pub fn as_str(self) -> &'static str {
        match self {
            SwipeAction::Like => "like",
            SwipeAction::Dislike => "dislike",
        }
    }
}

impl fmt::Display for SwipeAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SwipeAction {
    type Err = TrendingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Likes and dislikes of one product in one window (or one hour bucket).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SwipeCounts {
    /// Right swipes.
    pub likes: u64,
    /// Left swipes.
    pub dislikes: u64,
}

impl SwipeCounts {
    /// Counts from likes and dislikes.
    pub fn new(likes: u64, dislikes: u64) -> Self {
        SwipeCounts { likes, dislikes }
    }

    /// Counts one swipe (saturating, never overflowing).
    pub fn record(&mut self, action: SwipeAction) {
        match action {
            SwipeAction::Like => self.likes = self.likes.saturating_add(1),
            SwipeAction::Dislike => self.dislikes = self.dislikes.saturating_add(1),
        }
    }

    /// Adds another count to this one (saturating).
    pub fn add(&mut self, other: SwipeCounts) {
        self.likes = self.likes.saturating_add(other.likes);
        self.dislikes = self.dislikes.saturating_add(other.dislikes);
    }

    /// Counts a list of swipes.
    pub fn from_actions(actions: impl IntoIterator<Item = SwipeAction>) -> Self {
        let mut counts = SwipeCounts::default();
        for action in actions {
            counts.record(action);
        }
        counts
    }

    /// All swipes: `totalSwipes` (000 §3).
    pub fn total(self) -> u64 {
        self.likes.saturating_add(self.dislikes)
    }

    /// Net likes, `likes - dislikes`: `engagementScore` (000 §3, §4). See the crate docs for
    /// why this formula. Saturates at the ends of `i64`.
    pub fn engagement_score(self) -> i64 {
        let likes = i64::try_from(self.likes).unwrap_or(i64::MAX);
        let dislikes = i64::try_from(self.dislikes).unwrap_or(i64::MAX);
        likes.saturating_sub(dislikes)
    }

    /// Share of likes among all swipes, in `0..=1`; 0 when there are no swipes:
    /// `engagementRate` (000 §3).
    pub fn engagement_rate(self) -> f64 {
        let total = self.total();
        if total == 0 {
            0.0
        } else {
            self.likes as f64 / total as f64
        }
    }

    /// Compares the engagement rates of two counts exactly (cross-multiplied integers, no
    /// floating point), a product without swipes having rate 0.
    pub fn cmp_rate(self, other: SwipeCounts) -> Ordering {
        let (a_likes, a_total) = self.rate_fraction();
        let (b_likes, b_total) = other.rate_fraction();
        (a_likes * b_total).cmp(&(b_likes * a_total))
    }

    fn rate_fraction(self) -> (u128, u128) {
        let total = self.total().max(1);
        (u128::from(self.likes.min(total)), u128::from(total))
    }

    /// The three figures a trending entry carries.
    pub fn engagement(self) -> Engagement {
        Engagement {
            total_swipes: self.total(),
            engagement_score: self.engagement_score(),
            engagement_rate: self.engagement_rate(),
        }
    }
}

/// The figures of a trending entry: `totalSwipes`, `engagementScore`, `engagementRate`
/// (000 §3).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Engagement {
    /// Likes plus dislikes.
    pub total_swipes: u64,
    /// Net likes (likes minus dislikes).
    pub engagement_score: i64,
    /// Likes over total swipes, in `0..=1`.
    pub engagement_rate: f64,
}

impl Engagement {
    /// The badge on the home carousel.
    pub fn home_badge(&self) -> HomeBadge {
        HomeBadge::for_score(self.engagement_score)
    }

    /// The badge on the Trends screen.
    pub fn trends_badge(&self) -> TrendsBadge {
        TrendsBadge::for_score(self.engagement_score)
    }
}

/// Badge of a product on the home Trending carousel (000 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HomeBadge {
    /// Score 10 or more.
    Hot,
    /// Score 5 to under 10.
    Rising,
    /// Score 0 to under 5.
    Liked,
    /// Negative score.
    New,
}

impl HomeBadge {
    /// The badge for an engagement score: 10 or more HOT; 5 to under 10 RISING; 0 to under 5
    /// LIKED; negative NEW (000 §4).
    pub fn for_score(score: i64) -> Self {
        if score >= HOT_THRESHOLD {
            HomeBadge::Hot
        } else if score >= RISING_THRESHOLD {
            HomeBadge::Rising
        } else if score >= 0 {
            HomeBadge::Liked
        } else {
            HomeBadge::New
        }
    }

    /// The text shown: HOT, RISING, LIKED or NEW.
    pub fn label(self) -> &'static str {
        match self {
            HomeBadge::Hot => "HOT",
            HomeBadge::Rising => "RISING",
            HomeBadge::Liked => "LIKED",
            HomeBadge::New => "NEW",
        }
    }
}

impl fmt::Display for HomeBadge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Badge of a product on the Trends screen (000 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrendsBadge {
    /// Score 10 or more.
    Viral,
    /// Score 5 or more (under 10).
    Hot,
    /// Score 0 or more (under 5).
    Trending,
    /// Score below 0.
    New,
}

impl TrendsBadge {
    /// The badge for an engagement score: 10 or more VIRAL; 5 or more HOT; 0 or more TRENDING;
    /// below 0 NEW (000 §4).
    pub fn for_score(score: i64) -> Self {
        if score >= HOT_THRESHOLD {
            TrendsBadge::Viral
        } else if score >= RISING_THRESHOLD {
            TrendsBadge::Hot
        } else if score >= 0 {
            TrendsBadge::Trending
        } else {
            TrendsBadge::New
        }
    }

    /// The text shown: VIRAL, HOT, TRENDING or NEW.
    pub fn label(self) -> &'static str {
        match self {
            TrendsBadge::Viral => "VIRAL",
            TrendsBadge::Hot => "HOT",
            TrendsBadge::Trending => "TRENDING",
            TrendsBadge::New => "NEW",
        }
    }
}

impl fmt::Display for TrendsBadge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn score_is_net_likes_and_total_is_all_swipes() {
        // (spec, likes, dislikes, total, score)
        let table = [
            ("000 §3", 0, 0, 0, 0),
            ("000 §3", 12, 2, 14, 10),
            ("000 §3", 3, 7, 10, -4),
            ("000 §3", 5, 0, 5, 5),
            ("000 §3", 0, 1, 1, -1),
        ];
        for (spec, likes, dislikes, total, score) in table {
            let counts = SwipeCounts::new(likes, dislikes);
            assert_eq!(counts.total(), total, "{spec}: total of {likes}/{dislikes}");
            assert_eq!(
                counts.engagement_score(),
                score,
                "{spec}: score of {likes}/{dislikes}"
            );
        }
    }

    #[test]
    fn rate_is_the_share_of_likes_and_zero_without_swipes() {
        // (spec, likes, dislikes, rate)
        let table = [
            ("000 §3", 0, 0, 0.0),
            ("000 §3", 1, 0, 1.0),
            ("000 §3", 0, 4, 0.0),
            ("000 §3", 3, 1, 0.75),
            ("000 §3", 1, 2, 1.0 / 3.0),
        ];
        for (spec, likes, dislikes, rate) in table {
            let got = SwipeCounts::new(likes, dislikes).engagement_rate();
            assert!(close(got, rate), "{spec}: {likes}/{dislikes} gave {got}");
        }
    }

    #[test]
    fn counts_saturate_instead_of_overflowing() {
        let counts = SwipeCounts::new(u64::MAX, u64::MAX);
        assert_eq!(counts.total(), u64::MAX);
        assert_eq!(counts.engagement_score(), 0);
        assert_eq!(SwipeCounts::new(u64::MAX, 0).engagement_score(), i64::MAX);
        assert_eq!(SwipeCounts::new(0, u64::MAX).engagement_score(), -i64::MAX);
        let mut full = SwipeCounts::new(u64::MAX, 0);
        full.record(SwipeAction::Like);
        full.add(SwipeCounts::new(1, 1));
        assert_eq!(full, SwipeCounts::new(u64::MAX, 1));
    }

    #[test]
    fn rate_comparison_is_exact() {
        let third = SwipeCounts::new(1, 2);
        let two_sixths = SwipeCounts::new(2, 4);
        assert_eq!(third.cmp_rate(two_sixths), Ordering::Equal);
        assert_eq!(SwipeCounts::new(2, 1).cmp_rate(third), Ordering::Greater);
        // no swipes is a rate of 0: below any like, equal to all dislikes
        assert_eq!(
            SwipeCounts::default().cmp_rate(SwipeCounts::new(1, 9)),
            Ordering::Less
        );
        assert_eq!(
            SwipeCounts::default().cmp_rate(SwipeCounts::new(0, 9)),
            Ordering::Equal
        );
    }

    #[test]
    fn records_actions() {
        use SwipeAction::{Dislike, Like};
        let counts = SwipeCounts::from_actions([Like, Like, Dislike, Like]);
        assert_eq!(counts, SwipeCounts::new(3, 1));
    }

    #[test]
    fn parses_swipe_actions() {
        // 000 §3: action (like or dislike)
        assert_eq!(SwipeAction::parse("like"), Ok(SwipeAction::Like));
        assert_eq!(SwipeAction::parse(" DISLIKE "), Ok(SwipeAction::Dislike));
        assert_eq!(
            SwipeAction::parse("superlike"),
            Err(TrendingError::UnknownSwipeAction("superlike".into()))
        );
        for action in [SwipeAction::Like, SwipeAction::Dislike] {
            assert_eq!(action.to_string().parse::<SwipeAction>(), Ok(action));
        }
    }

    #[test]
    fn home_badges_follow_the_thresholds() {
        // (spec, score, badge)
        let table = [
            ("000 §4", i64::MAX, "HOT"),
            ("000 §4", 11, "HOT"),
            ("000 §4", 10, "HOT"),
            ("000 §4", 9, "RISING"),
            ("000 §4", 5, "RISING"),
            ("000 §4", 4, "LIKED"),
            ("000 §4", 0, "LIKED"),
            ("000 §4", -1, "NEW"),
            ("000 §4", i64::MIN, "NEW"),
        ];
        for (spec, score, badge) in table {
            assert_eq!(
                HomeBadge::for_score(score).label(),
                badge,
                "{spec}: {score}"
            );
        }
    }

    #[test]
    fn trends_badges_follow_the_thresholds() {
        // (spec, score, badge)
        let table = [
            ("000 §4", i64::MAX, "VIRAL"),
            ("000 §4", 10, "VIRAL"),
            ("000 §4", 9, "HOT"),
            ("000 §4", 5, "HOT"),
            ("000 §4", 4, "TRENDING"),
            ("000 §4", 0, "TRENDING"),
            ("000 §4", -1, "NEW"),
            ("000 §4", i64::MIN, "NEW"),
        ];
        for (spec, score, badge) in table {
            assert_eq!(
                TrendsBadge::for_score(score).to_string(),
                badge,
                "{spec}: {score}"
            );
        }
    }

    #[test]
    fn engagement_carries_the_three_figures_and_badges() {
        let engagement = SwipeCounts::new(12, 2).engagement();
        assert_eq!(engagement.total_swipes, 14);
        assert_eq!(engagement.engagement_score, 10);
        assert!(close(engagement.engagement_rate, 12.0 / 14.0));
        assert_eq!(engagement.home_badge(), HomeBadge::Hot);
        assert_eq!(engagement.trends_badge(), TrendsBadge::Viral);
    }
}
