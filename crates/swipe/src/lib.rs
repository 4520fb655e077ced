//! # swipe: the gestures and the card feed of swipe discovery
//!
//! This crate owns the numbers behind the swipe screen and the bag's swipe-to-remove
//! (001 §4, §9; 000 §2.1):
//!
//! - [`card_decision`]: whether a released product card is a like, a dislike, or snaps back.
//! - [`bag_release`] and [`bag_drag_offset`]: removing a bag item by dragging it left, and how
//!   far the row is drawn while dragging.
//! - [`feed`]: batch size, visible stack, when to fetch the next batch, the filtered-fetch
//!   limits and client-side paging, the debounce.
//! - [`tutorial`]: the two-step first-visit tutorial's timing.
//!
//! The browser applies the same rules in `frontend/src/lib/swipe.ts`; both read
//! `testdata/vectors/swipe.json`, so the two cannot drift.
//!
//! Distances are CSS pixels (`f64`, positive = right), velocities pixels per second (signed,
//! positive = moving right), as a browser gesture library reports them. A `NaN` distance or
//! velocity counts as 0.
//!
//! ## What this crate must never import
//!
//! No I/O of any kind: no diesel, no actix, no reqwest, no tokio, no file or network access, and
//! no clock. Durations are constants or arguments; nothing here reads the time.

pub mod feed;
pub mod tutorial;

use std::fmt;

/// Past this distance a card commits whatever its speed (001 §4, §9: "past offset 120 px").
pub const COMMIT_OFFSET_PX: f64 = 120.0;
/// Above this speed a card commits whatever its distance (001 §4, §9: "or velocity 800").
pub const COMMIT_VELOCITY_PX_PER_S: f64 = 800.0;
/// Past this distance a card commits if it also moves faster than
/// [`ASSISTED_VELOCITY_PX_PER_S`] the same way (001 §4: "offset over 80 with velocity over 400").
pub const ASSISTED_OFFSET_PX: f64 = 80.0;
/// The speed that goes with [`ASSISTED_OFFSET_PX`].
pub const ASSISTED_VELOCITY_PX_PER_S: f64 = 400.0;

/// Dragged left by more than this, a bag item is removed on release (001 §4, §9).
pub const BAG_REMOVE_PX: f64 = 60.0;
/// A bag row is never drawn further left than this while dragged (001 §4: "drag limit 80 px").
pub const BAG_DRAG_LIMIT_PX: f64 = 80.0;

/// What happens to a product card when the shopper lets go of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardDecision {
    /// The card leaves to the right.
    Like,
    /// The card leaves to the left.
    Dislike,
    /// The card returns to the middle; nothing is recorded.
    SnapBack,
}

impl CardDecision {
    /// The vector and wire spelling: `like`, `dislike` or `snap_back`.
    pub fn as_str(self) -> &'static str {
        match self {
            CardDecision::Like => "like",
            CardDecision::Dislike => "dislike",
            CardDecision::SnapBack => "snap_back",
        }
    }

    /// Whether the card leaves the stack.
    pub fn commits(self) -> bool {
        self != CardDecision::SnapBack
    }
}

impl fmt::Display for CardDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Decides a released card from its offset (px, positive = right) and velocity (px/s, signed),
/// 001 §4, §9. All comparisons are strict, so exactly 120, 800, 80 or 400 do not count.
///
/// 1. **Distance**: `|offset| > 120` commits in the offset's direction, whatever the velocity
///    (a card already past the line leaves that way even if flicked back).
/// 2. **Assisted**: `|offset| > 80` and `|velocity| > 400` with both of the same sign commits in
///    that direction. Opposite signs do not count: the card is being pulled back.
/// 3. **Fling**: otherwise, `|velocity| > 800` commits in the *velocity's* direction, even if
///    the offset points the other way (a fast flick wins over a small drag).
/// 4. Otherwise the card snaps back.
///
/// Positive is right and means [`CardDecision::Like`]; negative is left, [`CardDecision::Dislike`].
pub fn card_decision(offset_px: f64, velocity_px_per_s: f64) -> CardDecision {
    let offset = finite_or_zero(offset_px);
    let velocity = finite_or_zero(velocity_px_per_s);
    let same_direction = (offset > 0.0 && velocity > 0.0) || (offset < 0.0 && velocity < 0.0);
    if offset.abs() > COMMIT_OFFSET_PX
        || (offset.abs() > ASSISTED_OFFSET_PX
            && velocity.abs() > ASSISTED_VELOCITY_PX_PER_S
            && same_direction)
    {
        direction(offset)
    } else if velocity.abs() > COMMIT_VELOCITY_PX_PER_S {
        direction(velocity)
    } else {
        CardDecision::SnapBack
    }
}

fn direction(signed: f64) -> CardDecision {
    if signed > 0.0 {
        CardDecision::Like
    } else {
        CardDecision::Dislike
    }
}

/// `NaN` becomes 0; infinities are kept (they are past every threshold).
fn finite_or_zero(value: f64) -> f64 {
    if value.is_nan() { 0.0 } else { value }
}

/// What happens to a bag item when the shopper lets go of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BagRelease {
    /// The item is removed from the bag.
    Remove,
    /// The row slides back.
    Stay,
}

impl BagRelease {
    /// The vector spelling: `remove` or `stay`.
    pub fn as_str(self) -> &'static str {
        match self {
            BagRelease::Remove => "remove",
            BagRelease::Stay => "stay",
        }
    }
}

impl fmt::Display for BagRelease {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Decides a released bag row from its drag offset (px, negative = left): removed when dragged
/// left by more than 60 px, strictly (001 §4, §9). Dragging right never removes.
pub fn bag_release(offset_px: f64) -> BagRelease {
    if finite_or_zero(offset_px) < -BAG_REMOVE_PX {
        BagRelease::Remove
    } else {
        BagRelease::Stay
    }
}

/// Where a bag row is drawn for a raw drag offset: clamped to `[-80, 0]`, never past 80 px left
/// and never right of its place (001 §4, §9). Deciding on the clamped or the raw offset gives the
/// same answer, since 60 lies inside the clamp.
pub fn bag_drag_offset(offset_px: f64) -> f64 {
    finite_or_zero(offset_px).clamp(-BAG_DRAG_LIMIT_PX, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_decisions_at_every_threshold() {
        use CardDecision::{Dislike, Like, SnapBack};
        // (spec, offset, velocity, expected)
        let table = [
            ("001 §4", 0.0, 0.0, SnapBack),
            ("001 §4", 120.0, 0.0, SnapBack),
            ("001 §4", 120.001, 0.0, Like),
            ("001 §4", -120.0, 0.0, SnapBack),
            ("001 §4", -121.0, 0.0, Dislike),
            ("001 §4", 0.0, 800.0, SnapBack),
            ("001 §4", 0.0, 801.0, Like),
            ("001 §4", 0.0, -801.0, Dislike),
            ("001 §4", 81.0, 401.0, Like),
            ("001 §4", 80.0, 401.0, SnapBack),
            ("001 §4", 81.0, 400.0, SnapBack),
            ("001 §4", -81.0, -401.0, Dislike),
            ("001 §4", 81.0, -401.0, SnapBack),
            ("001 §4", 100.0, -801.0, Dislike),
            ("001 §4", 121.0, -5000.0, Like),
            ("001 §9", f64::INFINITY, 0.0, Like),
            ("001 §9", f64::NAN, f64::NAN, SnapBack),
            ("001 §9", f64::NAN, 900.0, Like),
        ];
        for (spec, offset, velocity, expected) in table {
            assert_eq!(
                card_decision(offset, velocity),
                expected,
                "{spec}: offset {offset}, velocity {velocity}"
            );
        }
    }

    #[test]
    fn decisions_spell_like_the_vectors() {
        assert_eq!(CardDecision::Like.to_string(), "like");
        assert_eq!(CardDecision::Dislike.to_string(), "dislike");
        assert_eq!(CardDecision::SnapBack.to_string(), "snap_back");
        assert!(CardDecision::Like.commits());
        assert!(!CardDecision::SnapBack.commits());
        assert_eq!(BagRelease::Remove.to_string(), "remove");
        assert_eq!(BagRelease::Stay.to_string(), "stay");
    }

    #[test]
    fn bag_removes_past_sixty_left_only() {
        // (spec, offset, expected)
        let table = [
            ("001 §4", -60.0, BagRelease::Stay),
            ("001 §4", -60.5, BagRelease::Remove),
            ("001 §4", -61.0, BagRelease::Remove),
            ("001 §4", 61.0, BagRelease::Stay),
            ("001 §4", f64::NAN, BagRelease::Stay),
            ("001 §4", f64::NEG_INFINITY, BagRelease::Remove),
        ];
        for (spec, offset, expected) in table {
            assert_eq!(bag_release(offset), expected, "{spec}: {offset}");
        }
    }

    #[test]
    fn bag_drag_is_clamped() {
        // (spec, raw, shown)
        let table = [
            ("001 §9", -120.0, -80.0),
            ("001 §9", -80.0, -80.0),
            ("001 §9", -79.5, -79.5),
            ("001 §9", 0.0, 0.0),
            ("001 §9", 25.0, 0.0),
            ("001 §9", f64::NAN, 0.0),
            ("001 §9", f64::NEG_INFINITY, -80.0),
        ];
        for (spec, raw, shown) in table {
            let got = bag_drag_offset(raw);
            assert!((got - shown).abs() < 1e-9, "{spec}: {raw} gave {got}");
        }
    }
}
