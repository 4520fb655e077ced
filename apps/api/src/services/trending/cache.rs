//! Rendered answers of the trending call, so a burst of shoppers opening Trends costs one
//! ranking query per list instead of one each.
//!
//! An answer is served again only while nothing it was made from has changed: no fold of the
//! swipe log and no window roll by this process since (each bumps a generation number), the
//! same catalogue snapshot, and for at most [`MAX_AGE`], which bounds how late rollups folded
//! by other API processes show. Under a stream of swipes an answer therefore lives from one
//! fold to the next instead of one swipe batch to the next.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock, Weak};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use trending::{TimeWindow, TrendGender};

use crate::catalogue::Snapshot;

/// How long an answer may be served again when nothing this process knows of has changed.
pub const MAX_AGE: Duration = Duration::from_secs(2);

/// Which list an answer is: window, gender (M, W, U or all) and page size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub window: TimeWindow,
    pub gender: Option<TrendGender>,
    pub limit: usize,
}

#[derive(Debug)]
struct Answer {
    generation: u64,
    /// Compared by address only: a `Weak` keeps no catalogue alive, yet keeps its address
    /// from being reused while the answer is held.
    snapshot: Weak<Snapshot>,
    made: Instant,
    body: Bytes,
}

#[derive(Debug, Default)]
pub struct TrendingCache {
    generation: AtomicU64,
    answers: RwLock<HashMap<Key, Answer>>,
    /// Per list, held by the one request making its answer.
    flights: Mutex<HashMap<Key, Arc<tokio::sync::Mutex<()>>>>,
}

impl TrendingCache {
    /// The rollups changed: every answer held is out of date.
    pub fn changed(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// The generation an answer about to be made from the database belongs to: read before the
    /// query, so a change committed while it runs leaves the answer already out of date.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The lock the request making `key`'s answer holds; the others wait on it, then find the
    /// answer made.
    pub(crate) fn flight(&self, key: Key) -> Arc<tokio::sync::Mutex<()>> {
        let mut flights = self.flights.lock().unwrap_or_else(|e| e.into_inner());
        Arc::clone(flights.entry(key).or_default())
    }

    /// The answer for `key`, when it is still current for `snapshot` at `now`.
    pub(crate) fn get(&self, key: &Key, snapshot: &Arc<Snapshot>, now: Instant) -> Option<Bytes> {
        let answers = self.answers.read().ok()?;
        let answer = answers.get(key)?;
        let current = answer.generation == self.generation()
            && std::ptr::eq(answer.snapshot.as_ptr(), Arc::as_ptr(snapshot))
            && now.saturating_duration_since(answer.made) < MAX_AGE;
        current.then(|| answer.body.clone())
    }

    /// Keeps `body`, made from the database at `generation` and from `snapshot` at `made`.
    pub(crate) fn put(
        &self,
        key: Key,
        generation: u64,
        snapshot: &Arc<Snapshot>,
        made: Instant,
        body: Bytes,
    ) {
        if let Ok(mut answers) = self.answers.write() {
            answers.insert(
                key,
                Answer {
                    generation,
                    snapshot: Arc::downgrade(snapshot),
                    made,
                    body,
                },
            );
        }
    }
}
