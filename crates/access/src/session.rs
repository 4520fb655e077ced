//! How long a session lasts and when it is renewed.

use chrono::{DateTime, TimeDelta, Utc};

/// A session's lifetime from its issue.
pub const SESSION_LIFETIME: TimeDelta = TimeDelta::days(7);
/// A session used this long after its issue is replaced by a fresh one, so a shopper who keeps
/// using the shop stays signed in.
pub const RENEW_AFTER: TimeDelta = TimeDelta::days(1);

/// When a session issued at `issued_at` expires.
pub fn expires_at(issued_at: DateTime<Utc>) -> DateTime<Utc> {
    issued_at + SESSION_LIFETIME
}

/// Whether a live session issued at `issued_at` should be renewed when used at `now`.
pub fn needs_renewal(issued_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now - issued_at >= RENEW_AFTER && now < expires_at(issued_at)
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
        assert_eq!(expires_at(issued), issued + TimeDelta::days(7));
        let table = [
            (TimeDelta::zero(), false),
            (TimeDelta::hours(23), false),
            (TimeDelta::days(1), true),
            (TimeDelta::days(6), true),
            (TimeDelta::days(7), false),
        ];
        for (age, renew) in table {
            assert_eq!(needs_renewal(issued, issued + age), renew, "{age}");
        }
    }
}
