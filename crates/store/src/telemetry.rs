//! What the store tells the metrics: its connection pool's use and waits (counted as r2d2
//! hands connections out), rate-limit refusals by limit, and the few figures `/metrics` reads
//! from the database when it is scraped, each an indexed count.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use crate::columns::Stored;
use crate::orders::Stage;
use crate::schema::{catalogue_changes, orders, swipe_log};
use crate::{Store, StoreError};

/// Distinct rate-limit names counted; refusals of any further name count as `other` (names
/// come from the code, so this is a guard, not a limit anyone reaches).
const LIMIT_NAMES_KEPT: usize = 64;

/// Counters the pool and the rate limits bump; shared by every clone of the store.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    checkouts: AtomicU64,
    wait_micros: AtomicU64,
    timeouts: AtomicU64,
    refusals: Mutex<BTreeMap<String, u64>>,
}

impl Counters {
    /// Counts a refusal of the bucket's limit: the bucket's name without its last `:` part
    /// (the client, the e-mail or the account), so `code:client:1.2.3.4` counts as
    /// `code:client`.
    pub(crate) fn refused(&self, bucket: &str) {
        let name = bucket.rsplit_once(':').map_or(bucket, |(name, _)| name);
        let mut refusals = self.refusals.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = refusals.get_mut(name) {
            *count += 1;
        } else if refusals.len() < LIMIT_NAMES_KEPT {
            refusals.insert(name.to_owned(), 1);
        } else {
            *refusals.entry("other".to_owned()).or_default() += 1;
        }
    }
}

/// r2d2's events, counted.
#[derive(Debug)]
pub(crate) struct PoolEvents(pub(crate) std::sync::Arc<Counters>);

impl r2d2::HandleEvent for PoolEvents {
    fn handle_checkout(&self, event: r2d2::event::CheckoutEvent) {
        let micros = u64::try_from(event.duration().as_micros()).unwrap_or(u64::MAX);
        self.0.checkouts.fetch_add(1, Ordering::Relaxed);
        self.0.wait_micros.fetch_add(micros, Ordering::Relaxed);
    }

    fn handle_timeout(&self, event: r2d2::event::TimeoutEvent) {
        let micros = u64::try_from(event.timeout().as_micros()).unwrap_or(u64::MAX);
        self.0.timeouts.fetch_add(1, Ordering::Relaxed);
        self.0.wait_micros.fetch_add(micros, Ordering::Relaxed);
    }
}

/// The connection pool as it stands, and what it handed out since the process started.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolStats {
    /// Connections open, in use or idle.
    pub connections: u32,
    pub idle: u32,
    /// The most the pool opens.
    pub max: u32,
    /// Connections handed out.
    pub checkouts: u64,
    /// Time callers spent waiting for a connection (handed out or timed out), in seconds.
    pub wait_seconds: f64,
    /// Waits that ended without a connection.
    pub timeouts: u64,
}

/// Figures read from the database when the metrics are scraped.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OperationalCounts {
    /// Reservations (checkouts priced, not yet paid or lapsed).
    pub open_reservations: i64,
    /// Of them, those past their time the settler has yet to release.
    pub lapsed_unreleased: i64,
    /// Orders by refund state (`initiated`, `completed`, `failed`; orders never refunded are
    /// not counted).
    pub refunds: Vec<(String, i64)>,
    /// Change-feed entries after `applied`, and when the oldest of them was written.
    pub feed_behind: i64,
    pub oldest_unapplied: Option<DateTime<Utc>>,
    /// Swipe-log entries not yet folded into the rollups.
    pub swipe_log_pending: i64,
}

impl Store {
    /// The pool's state and counters.
    pub fn pool_stats(&self) -> PoolStats {
        let state = self.pool.state();
        let counters = &self.counters;
        PoolStats {
            connections: state.connections,
            idle: state.idle_connections,
            max: self.pool.max_size(),
            checkouts: counters.checkouts.load(Ordering::Relaxed),
            wait_seconds: counters.wait_micros.load(Ordering::Relaxed) as f64 / 1e6,
            timeouts: counters.timeouts.load(Ordering::Relaxed),
        }
    }

    /// Rate-limit refusals since the process started, by limit name.
    pub fn rate_limit_refusals(&self) -> Vec<(String, u64)> {
        let refusals = self
            .counters
            .refusals
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        refusals.iter().map(|(k, v)| (k.clone(), *v)).collect()
    }

    /// The scrape's database figures, each one indexed read: reservations by
    /// `orders (stage, reserved_until)`, refunds by the partial index on refunded orders (its
    /// size grows with refunds, never with orders), the change feed by its key from `applied`
    /// on (a few rows: the feed is pruned after minutes), the swipe log by a count of a table
    /// each fold empties.
    pub fn operational_counts(
        &self,
        now: DateTime<Utc>,
        applied: i64,
    ) -> Result<OperationalCounts, StoreError> {
        let now: NaiveDateTime = now.naive_utc();
        let mut conn = self.conn()?;
        let open_reservations: i64 = orders::table
            .filter(orders::stage.eq(Stored(Stage::Reserved)))
            .count()
            .get_result(&mut conn)?;
        let lapsed_unreleased: i64 = orders::table
            .filter(orders::stage.eq(Stored(Stage::Reserved)))
            .filter(orders::reserved_until.le(now))
            .count()
            .get_result(&mut conn)?;
        let refunds: Vec<(String, i64)> = orders::table
            .filter(orders::refund_status.ne("not_initiated"))
            .group_by(orders::refund_status)
            .select((orders::refund_status, diesel::dsl::count_star()))
            .load(&mut conn)?;
        let (feed_behind, oldest): (i64, Option<NaiveDateTime>) = catalogue_changes::table
            .filter(catalogue_changes::seq.gt(applied))
            .select((
                diesel::dsl::count_star(),
                diesel::dsl::min(catalogue_changes::changed_at),
            ))
            .get_result(&mut conn)?;
        let swipe_log_pending: i64 = swipe_log::table.count().get_result(&mut conn)?;
        Ok(OperationalCounts {
            open_reservations,
            lapsed_unreleased,
            refunds,
            feed_behind,
            oldest_unapplied: oldest.map(|t| t.and_utc()),
            swipe_log_pending,
        })
    }
}
