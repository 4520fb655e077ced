//! The first-visit tutorial of the swipe screen: 2 steps of 2 s each, closing by itself, shown
//! the first time after 1 s (001 §4).
//!
//! Times are durations since an event the caller measured (the screen opening, the tutorial
//! appearing); nothing here reads a clock.

use std::time::Duration;

/// Steps in the tutorial.
pub const STEPS: usize = 2;
/// How long each step shows before the next (or before the tutorial closes).
pub const STEP_DURATION: Duration = Duration::from_secs(2);
/// How long after the swipe screen opens the tutorial first appears.
pub const FIRST_SHOW_DELAY: Duration = Duration::from_secs(1);

/// Whether the tutorial should be showing: never once it has been seen, otherwise from 1 s
/// after the screen opened.
pub fn should_show(already_seen: bool, since_screen_opened: Duration) -> bool {
    !already_seen && since_screen_opened >= FIRST_SHOW_DELAY
}

/// The step (from 0) showing `since_shown` after the tutorial appeared, or `None` once it has
/// closed itself after the last step.
pub fn step_at(since_shown: Duration) -> Option<usize> {
    let step = usize::try_from(since_shown.as_millis() / STEP_DURATION.as_millis()).ok()?;
    (step < STEPS).then_some(step)
}

/// How long the tutorial stays up in all: steps times step duration (4 s).
pub fn total_duration() -> Duration {
    STEP_DURATION * STEPS as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_steps_of_two_seconds_then_closed() {
        // (spec, ms since shown, step)
        let table = [
            ("001 §4", 0, Some(0)),
            ("001 §4", 1_999, Some(0)),
            ("001 §4", 2_000, Some(1)),
            ("001 §4", 3_999, Some(1)),
            ("001 §4", 4_000, None),
            ("001 §4", 60_000, None),
        ];
        for (spec, ms, step) in table {
            assert_eq!(step_at(Duration::from_millis(ms)), step, "{spec}: {ms} ms");
        }
        assert_eq!(step_at(Duration::MAX), None);
        assert_eq!(total_duration(), Duration::from_secs(4));
    }

    #[test]
    fn first_shown_after_one_second_and_only_once() {
        // 001 §4: shown the first time after 1 s
        assert!(!should_show(false, Duration::from_millis(999)));
        assert!(should_show(false, Duration::from_millis(1_000)));
        assert!(!should_show(true, Duration::from_secs(5)));
    }
}
