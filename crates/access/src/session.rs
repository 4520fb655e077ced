//! How long a session lasts and when it is renewed.
//!
//! A session in use is renewed, but never past [`ABSOLUTE_LIFETIME`] after the sign-in that
//! began it: a stolen token cannot be kept alive by using it, and everyone signs in again
//! with a fresh code at least that often.

use chrono::{DateTime, TimeDelta, Utc};

/// A session's lifetime from its issue.
pub const SESSION_LIFETIME: TimeDelta = TimeDelta::days(7);
/// A session used this long after its issue is replaced by a fresh one, so a shopper who keeps
/// using the shop stays signed in.
pub const RENEW_AFTER: TimeDelta = TimeDelta::days(1);

/// How long after its sign-in a session ends, however often it was renewed.
pub const ABSOLUTE_LIFETIME: TimeDelta = TimeDelta::days(30);

/// When a session issued at `issued_at`, for a sign-in at `signed_in_at`, expires.
pub fn expires_at(issued_at: DateTime<Utc>, signed_in_at: DateTime<Utc>) -> DateTime<Utc> {
    (issued_at + SESSION_LIFETIME).min(signed_in_at + ABSOLUTE_LIFETIME)
}

/// Whether a live session issued at `issued_at` should be renewed when used at `now`.
pub fn needs_renewal(
    issued_at: DateTime<Utc>,
    signed_in_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> bool {
    now - issued_at >= RENEW_AFTER && now < expires_at(issued_at, signed_in_at)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn sessions_renew_after_a_day_until_they_expire() {
        let issued = Utc
            .with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
            .single()
            .expect("a valid time");
        assert_eq!(expires_at(issued, issued), issued + TimeDelta::days(7));
        let table = [
            (TimeDelta::zero(), false),
            (TimeDelta::hours(23), false),
            (TimeDelta::days(1), true),
            (TimeDelta::days(6), true),
            (TimeDelta::days(7), false),
        ];
        for (age, renew) in table {
            assert_eq!(needs_renewal(issued, issued, issued + age), renew, "{age}");
        }
    }

    #[test]
    fn renewals_never_pass_thirty_days_after_the_sign_in() {
        let signed_in = Utc
            .with_ymd_and_hms(2026, 11, 1, 10, 0, 0)
            .single()
            .expect("a valid time");
        let days = |n: i64| signed_in + TimeDelta::days(n);
        let table = [
            // (issued, expires)
            (days(0), days(7)),
            (days(20), days(27)),
            (days(23), days(30)),
            (days(25), days(30)),
            (days(29), days(30)),
        ];
        for (issued, expires) in table {
            assert_eq!(expires_at(issued, signed_in), expires, "{issued}");
        }
        assert!(needs_renewal(days(25), signed_in, days(27)));
        assert!(!needs_renewal(days(25), signed_in, days(30)));
    }
}
