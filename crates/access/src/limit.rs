//! Rate limits (sign-in codes, wrong codes, the support chat, address searches), kept as one
//! fixed window per bucket (an e-mail, an account or a client address) in the database, so
//! every API process sees the same counts.

use chrono::{DateTime, TimeDelta, Utc};

/// A limit: at most `max_per_window` within `window` of the window's first use, and, when set,
/// at least `min_interval` between two uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub min_interval: Option<TimeDelta>,
    pub max_per_window: u32,
    pub window: TimeDelta,
}

/// Codes for one e-mail: 30 seconds apart, at most 5 an hour.
pub const CODES_PER_EMAIL: Limit = Limit {
    min_interval: Some(TimeDelta::seconds(30)),
    max_per_window: 5,
    window: TimeDelta::hours(1),
};

/// Codes asked from one client address, whatever the e-mail: at most 20 an hour.
pub const CODES_PER_CLIENT: Limit = Limit {
    min_interval: None,
    max_per_window: 20,
    window: TimeDelta::hours(1),
};

/// E-mail-change codes one account may ask for, whatever the address: at most 10 an hour, so
/// one account cannot mail codes to address after address.
pub const EMAIL_CHANGES_PER_ACCOUNT: Limit = Limit {
    min_interval: None,
    max_per_window: 10,
    window: TimeDelta::hours(1),
};

/// Support-chat messages from one signed-in account: at most 60 an hour, so nobody can run up
/// a remote assistant's bill or drown the local one.
pub const CHAT_PER_ACCOUNT: Limit = Limit {
    min_interval: None,
    max_per_window: 60,
    window: TimeDelta::hours(1),
};

/// Support-chat messages from one client address while signed out: at most 120 an hour (a
/// carrier address is shared by many shoppers; signed in, each account has its own 60).
pub const CHAT_PER_CLIENT: Limit = Limit {
    min_interval: None,
    max_per_window: 120,
    window: TimeDelta::hours(1),
};

/// Wrong sign-in codes from one client address, whatever the e-mail: at most 100 an hour, so
/// codes cannot be guessed across many addresses (each e-mail's code burns after 5 wrong
/// tries; shoppers behind one carrier address rarely mistype 100 codes in an hour).
pub const WRONG_CODES_PER_CLIENT: Limit = Limit {
    min_interval: None,
    max_per_window: 100,
    window: TimeDelta::hours(1),
};

/// Address searches (places autocomplete) from one client address: at most 1,200 in ten
/// minutes, generous for shoppers typing behind one carrier address, yet a bound on the
/// remote search's bill.
pub const PLACES_PER_CLIENT: Limit = Limit {
    min_interval: None,
    max_per_window: 1_200,
    window: TimeDelta::minutes(10),
};

/// Checkouts (create-order) one shopper's account opens, whatever the client: at most 20 an
/// hour. Each holds stock and a coupon use while it is paid; a shopper who changes the
/// address, the speed or the coupon a few times stays far below it.
pub const CHECKOUTS_PER_SHOPPER: Limit = Limit {
    min_interval: None,
    max_per_window: 20,
    window: TimeDelta::hours(1),
};

/// A bucket's window as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub started_at: DateTime<Utc>,
    pub count: u32,
    pub last_at: DateTime<Utc>,
}

/// Whether one more use is allowed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Allowed; store this window.
    Allow(Window),
    /// Refused; the caller may try again after this many whole seconds (at least 1).
    Wait { seconds: i64 },
}

/// Decides one more use of a bucket whose stored window is `current` (none yet: `None`).
pub fn check(limit: &Limit, current: Option<&Window>, now: DateTime<Utc>) -> Decision {
    let fresh = Window {
        started_at: now,
        count: 1,
        last_at: now,
    };
    let Some(current) = current else {
        return Decision::Allow(fresh);
    };
    let interval_wait = limit
        .min_interval
        .map(|interval| current.last_at + interval - now)
        .filter(|wait| *wait > TimeDelta::zero());
    let window_over = now >= current.started_at + limit.window;
    let window_wait = (!window_over && current.count >= limit.max_per_window)
        .then(|| current.started_at + limit.window - now);
    match interval_wait.max(window_wait) {
        Some(wait) => Decision::Wait {
            seconds: whole_seconds_up(wait),
        },
        None if window_over => Decision::Allow(fresh),
        None => Decision::Allow(Window {
            count: current.count + 1,
            last_at: now,
            ..*current
        }),
    }
}

fn whole_seconds_up(wait: TimeDelta) -> i64 {
    let seconds = wait.num_seconds();
    let rounded = if wait > TimeDelta::seconds(seconds) {
        seconds + 1
    } else {
        seconds
    };
    rounded.max(1)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use proptest::prelude::*;

    use super::*;

    fn t(seconds: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
            .single()
            .expect("a valid time")
            + TimeDelta::seconds(seconds)
    }

    fn window(started: i64, count: u32, last: i64) -> Window {
        Window {
            started_at: t(started),
            count,
            last_at: t(last),
        }
    }

    #[test]
    fn the_first_use_opens_a_window() {
        assert_eq!(
            check(&CODES_PER_EMAIL, None, t(0)),
            Decision::Allow(window(0, 1, 0))
        );
    }

    #[test]
    fn email_codes_follow_the_table() {
        let table = [
            // (stored window, now, decision)
            (window(0, 1, 0), 10, Decision::Wait { seconds: 20 }),
            (window(0, 1, 0), 29, Decision::Wait { seconds: 1 }),
            (window(0, 1, 0), 30, Decision::Allow(window(0, 2, 30))),
            (window(0, 4, 200), 300, Decision::Allow(window(0, 5, 300))),
            // The sixth in the hour waits for the window's end, not 30 seconds.
            (window(0, 5, 300), 400, Decision::Wait { seconds: 3200 }),
            (window(0, 5, 300), 3599, Decision::Wait { seconds: 1 }),
            (
                window(0, 5, 300),
                3600,
                Decision::Allow(window(3600, 1, 3600)),
            ),
            // A new window still keeps 30 seconds after the last code.
            (window(0, 2, 3590), 3600, Decision::Wait { seconds: 20 }),
        ];
        for (stored, now, decision) in table {
            assert_eq!(
                check(&CODES_PER_EMAIL, Some(&stored), t(now)),
                decision,
                "{stored:?} at {now}"
            );
        }
    }

    #[test]
    fn a_client_address_may_ask_twenty_times_an_hour() {
        let mut current = None;
        for i in 0..20 {
            match check(&CODES_PER_CLIENT, current.as_ref(), t(i)) {
                Decision::Allow(next) => current = Some(next),
                refused => panic!("use {i} refused: {refused:?}"),
            }
        }
        assert_eq!(
            check(&CODES_PER_CLIENT, current.as_ref(), t(20)),
            Decision::Wait { seconds: 3580 }
        );
    }

    #[test]
    fn part_seconds_round_up() {
        let stored = window(0, 1, 0);
        let now = t(10) + TimeDelta::milliseconds(400);
        assert_eq!(
            check(&CODES_PER_EMAIL, Some(&stored), now),
            Decision::Wait { seconds: 20 }
        );
    }

    proptest! {
        #[test]
        fn no_window_ever_holds_more_than_the_limit(gaps in proptest::collection::vec(0i64..400, 1..80)) {
            let mut now = 0;
            let mut current: Option<Window> = None;
            let mut allowed: Vec<i64> = Vec::new();
            for gap in gaps {
                now += gap;
                match check(&CODES_PER_EMAIL, current.as_ref(), t(now)) {
                    Decision::Allow(next) => {
                        current = Some(next);
                        allowed.push(now);
                    }
                    Decision::Wait { seconds } => prop_assert!(seconds >= 1),
                }
            }
            for pair in allowed.windows(2) {
                prop_assert!(pair[1] - pair[0] >= 30);
            }
            for (i, start) in allowed.iter().enumerate() {
                let in_hour = allowed[i..].iter().take_while(|at| **at < start + 3600).count();
                // Fixed windows: any hour holds at most two windows' worth.
                prop_assert!(in_hour <= 10);
            }
        }
    }
}
