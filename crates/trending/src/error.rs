//! The errors of this crate. The specification has no text for them: the messages are ours.

use thiserror::Error;

/// A value that cannot be turned into one of this crate's types.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrendingError {
    /// A time window other than 24h, 7d or 30d (000 §7).
    #[error("Unknown time window '{0}'. Use 24h, 7d or 30d.")]
    UnknownTimeWindow(String),
    /// A gender filter other than M, W or U and their spellings (000 §2.7, §7).
    #[error("Unknown gender '{0}'. Use M, W or U.")]
    UnknownGender(String),
    /// A bucket key that is not the start of an hour.
    #[error("A bucket key must be the start of an hour.")]
    UnalignedBucket,
    /// A swipe action other than like or dislike (000 §3).
    #[error("Unknown swipe action '{0}'. Use like or dislike.")]
    UnknownSwipeAction(String),
}
