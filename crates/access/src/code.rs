//! Sign-in codes: how one is drawn, how long it lives and how many wrong tries it survives.
//!
//! The store keeps, per e-mail, an HMAC of the code and a [`CodeState`]. Every try first adds
//! one to `attempts` in the database (atomically, so parallel guesses each count), then asks
//! [`judge`] with the state after that increment and whether the HMAC matched.

use chrono::{DateTime, TimeDelta, Utc};

/// Digits in a code (000 §9).
pub const CODE_DIGITS: usize = 6;
/// How long a code may be used after it is sent.
pub const CODE_LIFETIME: TimeDelta = TimeDelta::minutes(10);
/// Tries a code survives: the fifth wrong one burns it.
pub const MAX_ATTEMPTS: u32 = 5;

/// 10^6: codes are 000000 to 999999.
const CODE_SPACE: u32 = 1_000_000;
/// The largest multiple of [`CODE_SPACE`] that fits a `u32`; random numbers at or above it are
/// rejected so every code is equally likely.
const UNBIASED_BOUND: u32 = (u32::MAX / CODE_SPACE) * CODE_SPACE;

/// A code from a uniformly random `u32`, or `None` when that number must be rejected (draw
/// another): taking `random % 10^6` of every number would make low codes slightly likelier.
pub fn code_from_random(random: u32) -> Option<String> {
    (random < UNBIASED_BOUND).then(|| format!("{:06}", random % CODE_SPACE))
}

/// What the store knows of the code last sent to an e-mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeState {
    pub expires_at: DateTime<Utc>,
    /// Tries so far, this one included.
    pub attempts: u32,
    /// Already exchanged for a session.
    pub used: bool,
}

impl CodeState {
    /// The state of a code sent at `now`.
    pub fn issued(now: DateTime<Utc>) -> Self {
        Self {
            expires_at: now + CODE_LIFETIME,
            attempts: 0,
            used: false,
        }
    }
}

/// The outcome of one try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The code is right and usable: sign the user in and mark it used.
    Accept,
    /// Wrong; `tries_left` more tries before the code burns.
    Wrong { tries_left: u32 },
    /// Wrong, and it was the last try: the code is burnt.
    Burnt,
    /// No usable code: never sent, expired, used, or burnt earlier. Ask for a new one.
    Expired,
}

/// Judges one try. `state` is after this try's increment of `attempts`; `matches` says
/// whether the HMAC of the typed code equals the stored one (compared in constant time by the
/// caller). An unusable code is [`Verdict::Expired`] even when the typed code matches.
pub fn judge(state: Option<&CodeState>, matches: bool, now: DateTime<Utc>) -> Verdict {
    let Some(state) = state else {
        return Verdict::Expired;
    };
    if state.used || now >= state.expires_at || state.attempts > MAX_ATTEMPTS {
        return Verdict::Expired;
    }
    if matches {
        return Verdict::Accept;
    }
    match MAX_ATTEMPTS.saturating_sub(state.attempts) {
        0 => Verdict::Burnt,
        tries_left => Verdict::Wrong { tries_left },
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use proptest::prelude::*;

    use super::*;

    fn at(minute: u32, second: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 10, minute, second)
            .single()
            .expect("a valid time")
    }

    fn state(attempts: u32, used: bool) -> CodeState {
        CodeState {
            attempts,
            used,
            ..CodeState::issued(at(0, 0))
        }
    }

    #[test]
    fn a_code_lives_ten_minutes() {
        assert_eq!(CodeState::issued(at(0, 0)).expires_at, at(10, 0));
    }

    #[test]
    fn tries_are_judged_by_the_table() {
        let table = [
            // (state, matches, now, verdict)
            (Some(state(1, false)), true, at(0, 30), Verdict::Accept),
            (Some(state(5, false)), true, at(9, 59), Verdict::Accept),
            (
                Some(state(1, false)),
                false,
                at(0, 30),
                Verdict::Wrong { tries_left: 4 },
            ),
            (
                Some(state(4, false)),
                false,
                at(1, 0),
                Verdict::Wrong { tries_left: 1 },
            ),
            (Some(state(5, false)), false, at(1, 0), Verdict::Burnt),
            // After the fifth wrong try even the right code is refused.
            (Some(state(6, false)), true, at(1, 0), Verdict::Expired),
            (Some(state(1, true)), true, at(1, 0), Verdict::Expired),
            (Some(state(1, false)), true, at(10, 0), Verdict::Expired),
            (Some(state(1, false)), false, at(10, 1), Verdict::Expired),
            (None, true, at(0, 1), Verdict::Expired),
            (None, false, at(0, 1), Verdict::Expired),
        ];
        for (state, matches, now, verdict) in table {
            assert_eq!(
                judge(state.as_ref(), matches, now),
                verdict,
                "{state:?} {matches}"
            );
        }
    }

    #[test]
    fn five_wrong_tries_burn_a_code() {
        let verdicts: Vec<Verdict> = (1..=6)
            .map(|attempts| judge(Some(&state(attempts, false)), false, at(0, 10)))
            .collect();
        assert_eq!(
            verdicts,
            [
                Verdict::Wrong { tries_left: 4 },
                Verdict::Wrong { tries_left: 3 },
                Verdict::Wrong { tries_left: 2 },
                Verdict::Wrong { tries_left: 1 },
                Verdict::Burnt,
                Verdict::Expired,
            ]
        );
    }

    #[test]
    fn codes_are_six_digits_with_leading_zeros() {
        assert_eq!(code_from_random(0).as_deref(), Some("000000"));
        assert_eq!(code_from_random(42).as_deref(), Some("000042"));
        assert_eq!(code_from_random(1_999_999).as_deref(), Some("999999"));
        assert_eq!(
            code_from_random(UNBIASED_BOUND - 1).as_deref(),
            Some("999999")
        );
        assert_eq!(code_from_random(UNBIASED_BOUND), None);
        assert_eq!(code_from_random(u32::MAX), None);
    }

    proptest! {
        #[test]
        fn every_accepted_random_number_gives_six_digits(random in any::<u32>()) {
            match code_from_random(random) {
                Some(code) => {
                    prop_assert_eq!(code.len(), CODE_DIGITS);
                    prop_assert!(code.bytes().all(|b| b.is_ascii_digit()));
                }
                None => prop_assert!(random >= UNBIASED_BOUND),
            }
        }

        #[test]
        fn only_a_matching_live_code_is_accepted(
            attempts in 0u32..10, used in any::<bool>(), matches in any::<bool>(), second in 0u32..1200
        ) {
            let now = at(0, 0) + TimeDelta::seconds(i64::from(second));
            let verdict = judge(Some(&state(attempts, used)), matches, now);
            let live = !used && now < at(10, 0) && attempts <= MAX_ATTEMPTS;
            prop_assert_eq!(verdict == Verdict::Accept, matches && live);
        }
    }
}
