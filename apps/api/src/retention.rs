//! Retention: what the shop keeps no longer than it needs, deleted by a background job once an
//! hour of the server's clock (checked every few seconds, so a test that moves the clock sees
//! it at once).
//!
//! | what | kept after | why that long |
//! |---|---|---|
//! | sign-in codes | 1 day past their expiry | an expired code is never accepted; the day leaves the row for an operator looking into a complaint |
//! | checkouts that lapsed unpaid (no payment, no refund) | 30 days past the reservation's end | their stock and coupon use were given back at once; a payment service's late report for one is still matched for a month |
//! | mail in the local outbox (`<data dir>/outbox/*.eml`) | 7 days | a sign-in code in it is dead within minutes; the files only help whoever runs the shop locally |
//! | brands' live events (`brand_events`) | 24 hours | a console that was away longer reloads its figures rather than replaying events |
//!
//! Placed orders, their payments and refunds are the shop's records and are never pruned here.

use std::path::{Path, PathBuf};
use std::time::Duration;

use actix_web::web;
use chrono::{DateTime, TimeDelta, Utc};

use crate::state::AppState;

/// Sign-in codes are deleted this long after they expired.
pub const SIGN_IN_CODES: TimeDelta = TimeDelta::days(1);
/// Unpaid checkouts are deleted this long after their reservation lapsed.
pub const LAPSED_CHECKOUTS: TimeDelta = TimeDelta::days(30);
/// Outbox mail files are deleted this long after they were written.
pub const OUTBOX_MAIL: TimeDelta = TimeDelta::days(7);
/// Time of the server's clock between two prunings.
const PRUNE_EVERY: TimeDelta = TimeDelta::hours(1);
/// How often the job looks at the clock.
const LOOK_EVERY: Duration = Duration::from_secs(2);
/// Most checkouts deleted per transaction.
const CHECKOUT_BATCH: i64 = 500;

/// Prunes at start and then once per hour of the server's clock until the process stops;
/// failures (the database down, say) are logged and retried at the next look.
pub async fn run(state: web::Data<AppState>, outbox: Option<PathBuf>) {
    let mut ticker = tokio::time::interval(LOOK_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last: Option<DateTime<Utc>> = None;
    loop {
        ticker.tick().await;
        let now = state.clock.now();
        if last.is_some_and(|at| now - at < PRUNE_EVERY) {
            continue;
        }
        let state = state.clone();
        let outbox = outbox.clone();
        match tokio::task::spawn_blocking(move || prune_once(&state, outbox.as_deref(), now)).await
        {
            Ok(Ok(pruned)) => {
                last = Some(now);
                if pruned != Pruned::default() {
                    tracing::info!(?pruned, "old records pruned");
                }
            }
            Ok(Err(e)) => tracing::warn!(error = %e, "pruning old records failed; retrying"),
            Err(e) => tracing::error!(error = %e, "the pruning job panicked; retrying"),
        }
    }
}

/// How many of each went.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub sign_in_codes: usize,
    pub checkouts: usize,
    pub outbox_mails: usize,
    pub brand_events: usize,
}

fn prune_once(
    state: &AppState,
    outbox: Option<&Path>,
    now: DateTime<Utc>,
) -> Result<Pruned, store::StoreError> {
    let sign_in_codes = state.store.prune_sign_in_codes(now - SIGN_IN_CODES)?;
    let mut checkouts = 0;
    loop {
        let gone = state
            .store
            .prune_lapsed_orders(now - LAPSED_CHECKOUTS, CHECKOUT_BATCH)?;
        checkouts += gone;
        if i64::try_from(gone).unwrap_or(i64::MAX) < CHECKOUT_BATCH {
            break;
        }
    }
    let outbox_mails = outbox.map_or(0, |dir| prune_outbox(dir, now - OUTBOX_MAIL));
    let brand_events = state
        .store
        .prune_brand_events(now - crate::services::events::RETENTION)?;
    Ok(Pruned {
        sign_in_codes,
        checkouts,
        outbox_mails,
        brand_events,
    })
}

/// Deletes the outbox's `.eml` files last written before `before`; a file that cannot be read
/// or deleted is left for the next round.
fn prune_outbox(dir: &Path, before: DateTime<Utc>) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let before = std::time::SystemTime::from(before);
    entries
        .filter_map(Result::ok)
        .filter(|entry| entry.path().extension().is_some_and(|x| x == "eml"))
        .filter(|entry| {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|modified| modified < before)
        })
        .filter(|entry| std::fs::remove_file(entry.path()).is_ok())
        .count()
}
