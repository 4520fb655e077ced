//! Signed-in calls without a database read: each process keeps the user rows behind recent
//! sessions, and their bags, and drops a user (row and bag) as soon as the sessions' change feed
//! (`session_changes`, written in the transaction of every write to a user's row or bag) names
//! them.
//!
//! - Bounded: at most [`CAPACITY`] users; when full the cache is emptied and refills one read
//!   per user (an attacker signing in many accounts costs reads, never memory).
//! - A miss reads the row once and keeps it. A restart starts empty.
//! - Fail closed: rows are served from the cache only while the feed was read within
//!   [`TRUST_FOR`]; a process that cannot read the feed reads every row, as before.
//! - A row read while a change was being noted is not kept: every eviction moves an epoch, and
//!   a row is kept only if the epoch did not move while it was read.
//! - Feed entries can commit out of sequence order (PostgreSQL's sequences): a missing number
//!   is looked for again for `GAP_PATIENCE` (10 s), as the catalogue's follower does.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use actix_web::web;

use crate::state::AppState;

/// Users kept per process.
pub const CAPACITY: usize = 65_536;
/// How often the feed is read: a revocation reaches every process within this and a read.
pub const POLL_EVERY: Duration = Duration::from_millis(200);
/// How long cached rows are trusted after the feed was last read.
pub const TRUST_FOR: Duration = Duration::from_secs(2);
/// How long a missing sequence number is looked for again.
const GAP_PATIENCE: Duration = Duration::from_secs(10);
/// Entries read per poll.
const FEED_BATCH: i64 = 10_000;
/// Sequence numbers below the newest at start that are treated as possibly still committing.
const START_LOOKBACK: i64 = 1_000;

#[derive(Default)]
struct Inner {
    users: HashMap<String, Arc<store::UserRecord>>,
    /// Bags' lines by user, under the same rules as the rows.
    bags: HashMap<String, Arc<Vec<bag::Line>>>,
    epoch: u64,
    /// The newest sequence number seen; `None` until the feed was first read.
    high: Option<i64>,
    gaps: BTreeMap<i64, Instant>,
    read_at: Option<Instant>,
}

/// The process's cache of signed-in users.
#[derive(Default)]
pub struct SessionCache {
    inner: Mutex<Inner>,
}

impl std::fmt::Debug for SessionCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionCache").finish_non_exhaustive()
    }
}

/// What a lookup found: the cached value, or the epoch to keep a value read now under (`None`:
/// do not keep it, the feed is not being read).
#[derive(Debug)]
pub enum Lookup<T = Arc<store::UserRecord>> {
    Hit(T),
    Miss(Option<u64>),
}

impl SessionCache {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The cached row of `user_id`, when the feed is being read.
    pub fn lookup(&self, user_id: &str, now: Instant) -> Lookup {
        self.find(now, |inner| inner.users.get(user_id).cloned())
    }

    /// The cached lines of `user_id`'s bag, when the feed is being read.
    pub fn lookup_bag(&self, user_id: &str, now: Instant) -> Lookup<Arc<Vec<bag::Line>>> {
        self.find(now, |inner| inner.bags.get(user_id).cloned())
    }

    fn find<T>(&self, now: Instant, get: impl FnOnce(&Inner) -> Option<T>) -> Lookup<T> {
        let inner = self.lock();
        let trusted = inner
            .read_at
            .is_some_and(|at| now.saturating_duration_since(at) < TRUST_FOR);
        if !trusted {
            return Lookup::Miss(None);
        }
        match get(&inner) {
            Some(found) => Lookup::Hit(found),
            None => Lookup::Miss(Some(inner.epoch)),
        }
    }

    /// Keeps `user`, read under `epoch`, unless something was evicted since.
    pub fn keep(&self, user: Arc<store::UserRecord>, epoch: u64) {
        self.put(epoch, |inner| {
            inner.users.insert(user.id.as_str().to_owned(), user);
        });
    }

    /// Keeps the lines of `user_id`'s bag, read under `epoch`, unless something was evicted
    /// since.
    pub fn keep_bag(&self, user_id: &str, lines: Arc<Vec<bag::Line>>, epoch: u64) {
        self.put(epoch, |inner| {
            inner.bags.insert(user_id.to_owned(), lines);
        });
    }

    fn put(&self, epoch: u64, insert: impl FnOnce(&mut Inner)) {
        let mut inner = self.lock();
        if inner.epoch != epoch {
            return;
        }
        if inner.users.len() >= CAPACITY || inner.bags.len() >= CAPACITY {
            inner.users.clear();
            inner.bags.clear();
        }
        insert(&mut inner);
    }

    /// Drops `user_id`'s row and bag (this process just wrote one of them).
    pub fn forget(&self, user_id: &str) {
        let mut inner = self.lock();
        inner.epoch = inner.epoch.wrapping_add(1);
        inner.users.remove(user_id);
        inner.bags.remove(user_id);
    }

    /// Reads the feed once and drops the users it names. Blocking: call it off the runtime.
    pub fn follow(&self, store: &store::Store, now: Instant) -> Result<(), store::StoreError> {
        let (high, from) = {
            let inner = self.lock();
            let from = inner
                .gaps
                .keys()
                .next()
                .map_or(inner.high, |&gap| Some(gap - 1));
            (inner.high, from)
        };
        let (high, from) = match (high, from) {
            (Some(high), Some(from)) => (high, from),
            _ => {
                let from = (store.last_session_change()? - START_LOOKBACK).max(0);
                (from, from)
            }
        };
        let changes = store.session_changes_since(from, FEED_BATCH)?;
        let mut inner = self.lock();
        inner
            .gaps
            .retain(|_, noticed| now.saturating_duration_since(*noticed) < GAP_PATIENCE);
        let mut newest = high;
        let mut evicted = false;
        for change in changes {
            let fresh = if change.seq > newest {
                for missing in newest + 1..change.seq {
                    inner.gaps.insert(missing, now);
                }
                newest = change.seq;
                true
            } else {
                inner.gaps.remove(&change.seq).is_some()
            };
            if fresh {
                inner.users.remove(&change.user_id);
                inner.bags.remove(&change.user_id);
                evicted = true;
            }
        }
        if evicted {
            inner.epoch = inner.epoch.wrapping_add(1);
        }
        inner.high = Some(newest);
        inner.read_at = Some(now);
        Ok(())
    }
}

/// Reads the sessions' feed every [`POLL_EVERY`]; a failure is logged and, past
/// [`TRUST_FOR`], every signed-in call reads its row again.
pub async fn follow(state: web::Data<AppState>) {
    let mut ticker = tokio::time::interval(POLL_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        let state = state.clone();
        let outcome = tokio::task::spawn_blocking(move || {
            state.session_cache.follow(&state.store, Instant::now())
        })
        .await;
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "reading the sessions' changes failed"),
            Err(e) => tracing::error!(error = %e, "the sessions' follower panicked; retrying"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: &str) -> Arc<store::UserRecord> {
        Arc::new(store::UserRecord {
            id: store::ids::UserId::new(id),
            email: None,
            phone: None,
            display_name: String::new(),
            age: 0,
            gender: String::new(),
            date_of_birth: None,
            location: String::new(),
            delivery_addresses: vec![],
            interests: vec![],
            ml_preferences: vec![],
            age_range: String::new(),
            onboarded: false,
            is_admin: false,
            is_brand_user: false,
            brand_id: None,
            token_version: 0,
            last_login: None,
            created_at: chrono::NaiveDateTime::default(),
            pending_email: None,
        })
    }

    fn trusted_at(cache: &SessionCache, now: Instant) {
        cache.lock().read_at = Some(now);
    }

    #[test]
    fn nothing_is_served_or_kept_until_the_feed_was_read() {
        let cache = SessionCache::default();
        assert!(matches!(
            cache.lookup("u1", Instant::now()),
            Lookup::Miss(None)
        ));
    }

    #[test]
    fn a_kept_row_is_served_only_while_the_feed_is_fresh() {
        let cache = SessionCache::default();
        let now = Instant::now();
        trusted_at(&cache, now);
        let Lookup::Miss(Some(epoch)) = cache.lookup("u1", now) else {
            panic!("a miss that may be kept");
        };
        cache.keep(user("u1"), epoch);
        assert!(matches!(cache.lookup("u1", now), Lookup::Hit(_)));
        assert!(matches!(
            cache.lookup("u1", now + TRUST_FOR),
            Lookup::Miss(None)
        ));
    }

    #[test]
    fn a_row_read_across_an_eviction_is_not_kept() {
        let cache = SessionCache::default();
        let now = Instant::now();
        trusted_at(&cache, now);
        let Lookup::Miss(Some(epoch)) = cache.lookup("u1", now) else {
            panic!("a miss that may be kept");
        };
        cache.forget("u1");
        cache.keep(user("u1"), epoch);
        assert!(matches!(cache.lookup("u1", now), Lookup::Miss(Some(_))));
    }

    #[test]
    fn a_bag_goes_with_its_user() {
        let cache = SessionCache::default();
        let now = Instant::now();
        trusted_at(&cache, now);
        let Lookup::Miss(Some(epoch)) = cache.lookup_bag("u1", now) else {
            panic!("a miss that may be kept");
        };
        cache.keep_bag("u1", Arc::new(Vec::new()), epoch);
        cache.keep(user("u1"), epoch);
        assert!(matches!(cache.lookup_bag("u1", now), Lookup::Hit(_)));
        cache.forget("u1");
        assert!(matches!(cache.lookup_bag("u1", now), Lookup::Miss(Some(_))));
        assert!(matches!(cache.lookup("u1", now), Lookup::Miss(Some(_))));
    }

    #[test]
    fn the_cache_never_holds_more_than_its_capacity() {
        let cache = SessionCache::default();
        let now = Instant::now();
        trusted_at(&cache, now);
        for i in 0..=CAPACITY {
            cache.keep(user(&format!("u{i}")), 0);
        }
        assert!(cache.lock().users.len() <= CAPACITY);
    }
}
