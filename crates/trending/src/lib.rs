//! # trending: what is hot, counted from swipes
//!
//! This crate owns the rules that turn likes and dislikes into the trending lists of the home
//! carousel and the Trends screen (000 §2.5, §2.7, §4, §7, §9):
//!
//! - [`TimeWindow`]: the 24h / 7d / 30d periods (default 7d), their labels Today / Week / Month
//!   and where a window starts for a given `now`.
//! - [`SwipeCounts`] and [`Engagement`]: total swipes, the engagement score and the engagement
//!   rate of one product in one window.
//! - [`HomeBadge`] and [`TrendsBadge`]: the badge thresholds 10 and 5 (000 §4, §9).
//! - [`rank`]: the deterministic order of a trending list and its limits
//!   ([`HOME_LIMIT`] 8, [`TRENDS_LIMIT`] 20).
//! - [`HourBucket`], [`BucketRange`] and [`fold_buckets`]: the arithmetic of the hourly rollup
//!   the store keeps, so a window is a sum of at most 721 rows per product instead of a scan of
//!   raw swipes.
//! - [`TrendGender`]: the gender filter of the trending calls (M / W / U and its spellings).
//!
//! ## The engagement score
//!
//! The specification shows the score only through its thresholds: 10 or more is HOT (home) or
//! VIRAL (Trends), 5 or more RISING / HOT, 0 or more LIKED / TRENDING, and *negative* is NEW
//! (000 §4). We define it as the **net likes** in the window, `likes - dislikes`, because that is
//! the simplest reading under which every one of those bands is reachable and means something:
//!
//! - it can be negative (a product more often disliked than liked), which the NEW band needs; a
//!   likes-only count could never be;
//! - it is a count of people, so "10" reads as "ten more shoppers liked it than passed on it": a
//!   threshold that stays meaningful whatever the window or the traffic, where a ratio in 0..1
//!   (the engagement rate) could never reach 5 or 10 at all;
//! - one swipe moves it by exactly one, so a product climbs the bands by being liked and falls by
//!   being disliked, and ties are broken by volume and then by rate (see [`rank`]).
//!
//! The engagement *rate* is the share of likes among all swipes, a fraction in `0..=1` (0 when
//! there are no swipes), shown as a percentage by the client (000 §3).
//!
//! ## The hourly rollup and its edge
//!
//! A swipe at time `t` is counted in the bucket `floor(t to the hour)`. A window sums the buckets
//! whose hour *start* is at or after the window start `now - window`. When `now` is not on the
//! hour, the oldest hour of the window is partial: its bucket starts before the window start and
//! is left out whole. The counted span is therefore
//! `[ceil_to_hour(now - window), floor_to_hour(now) + 1h)`: up to one hour shorter than the
//! window at the old end, never longer, and always including the current (partial) hour. See
//! [`BucketRange`].
//!
//! ## What this crate must never import
//!
//! No I/O of any kind: no diesel, no actix, no reqwest, no tokio, no file or network access, and
//! no clock. Every function that needs the time takes `now: DateTime<Utc>` as an argument. The
//! store reads and writes the rollup rows; this crate only does their arithmetic.
//!
//! ## Messages that are ours
//!
//! The specification has no text for an unknown time window or gender; [`TrendingError`]'s
//! messages are ours.

mod bucket;
mod engagement;
mod error;
mod gender;
mod rank;
mod window;

pub use bucket::{BucketRange, BucketRow, HourBucket, fold_buckets};
pub use engagement::{Engagement, HomeBadge, SwipeAction, SwipeCounts, TrendsBadge};
pub use engagement::{HOT_THRESHOLD, RISING_THRESHOLD};
pub use error::TrendingError;
pub use gender::TrendGender;
pub use rank::{HOME_LIMIT, RankedProduct, TRENDS_LIMIT, TrendStats, rank, trending};
pub use window::TimeWindow;
