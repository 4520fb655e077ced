//! Property tests of the gesture rules (001 §4, §9).

use proptest::prelude::*;
use swipe::{BagRelease, CardDecision, bag_drag_offset, bag_release, card_decision};

fn mirror(decision: CardDecision) -> CardDecision {
    match decision {
        CardDecision::Like => CardDecision::Dislike,
        CardDecision::Dislike => CardDecision::Like,
        CardDecision::SnapBack => CardDecision::SnapBack,
    }
}

proptest! {
    /// Left is the mirror image of right (001 §4).
    #[test]
    fn left_mirrors_right(offset in -400.0f64..400.0, velocity in -3000.0f64..3000.0) {
        prop_assert_eq!(card_decision(-offset, -velocity), mirror(card_decision(offset, velocity)));
    }

    /// Within 80 px and 800 px/s nothing ever commits; past 120 px everything does, toward
    /// the offset (001 §4).
    #[test]
    fn thresholds_bound_the_decision(offset in -400.0f64..400.0, velocity in -3000.0f64..3000.0) {
        let decision = card_decision(offset, velocity);
        if offset.abs() <= 80.0 && velocity.abs() <= 800.0 {
            prop_assert_eq!(decision, CardDecision::SnapBack);
        }
        if offset > 120.0 {
            prop_assert_eq!(decision, CardDecision::Like);
        }
        if offset < -120.0 {
            prop_assert_eq!(decision, CardDecision::Dislike);
        }
    }

    /// Moving further or faster the same way never turns a commit into a snap back.
    #[test]
    fn more_of_the_same_never_undoes_a_commit(
        offset in 0.0f64..400.0, velocity in 0.0f64..3000.0,
        more_offset in 0.0f64..200.0, more_velocity in 0.0f64..1000.0,
    ) {
        if card_decision(offset, velocity) == CardDecision::Like {
            prop_assert_eq!(card_decision(offset + more_offset, velocity + more_velocity), CardDecision::Like);
        }
    }

    /// The row is always drawn within [-80, 0], and deciding on what is drawn gives the same
    /// answer as deciding on the raw drag (001 §9).
    #[test]
    fn drag_is_clamped_and_decision_agrees(offset in -1000.0f64..1000.0) {
        let shown = bag_drag_offset(offset);
        prop_assert!((-80.0..=0.0).contains(&shown));
        prop_assert_eq!(bag_release(shown), bag_release(offset));
        prop_assert_eq!(bag_release(offset) == BagRelease::Remove, offset < -60.0);
    }
}
