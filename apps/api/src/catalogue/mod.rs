//! The catalogue in memory: every browse and search call is answered from here, never from a
//! table scan (docs/architecture.md, The catalogue in memory).
//!
//! At start the whole catalogue is loaded into a `Snapshot` (products pre-rendered as JSON)
//! and a [`search::SearchIndex`]. Afterwards [`Catalogue::follow_changes`] reads the database's
//! change feed (`catalogue_changes`, written by whoever changes the catalogue in the same
//! transaction) and applies it: changed products are reloaded and re-indexed, a change to
//! anything else reloads everything. Several API processes each keep their own copy and each
//! follow the same feed, so they agree within one polling interval.

mod snapshot;

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

pub(crate) use snapshot::{ListQuery, Scope, Snapshot, json_array};

use snapshot::{Base, Entry};

#[cfg(test)]
impl Snapshot {
    /// A snapshot of an empty catalogue, for unit tests of what reads one.
    pub(crate) fn empty() -> Self {
        let data = store::CatalogueData {
            brands: Vec::new(),
            categories: Vec::new(),
            coupons: Vec::new(),
            products: Vec::new(),
            static_images: Vec::new(),
            last_change: 0,
        };
        Snapshot::build(Arc::new(Base::new(&data, "")), Vec::new())
    }
}

/// How long a gap in the change feed is waited for: a sequence number handed to a transaction
/// that has not committed yet leaves a gap that fills when it commits. A gap still open after
/// this long belongs to a transaction that rolled back.
const GAP_PATIENCE: Duration = Duration::from_secs(60);
/// Feed entries read per poll; more are read on the next poll.
const FEED_BATCH: i64 = 5_000;

#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error(transparent)]
    Search(#[from] search::SearchError),
}

/// Where the reader stands in the change feed.
#[derive(Debug, Default)]
struct FeedPosition {
    /// The highest sequence number applied.
    high: i64,
    /// Numbers below `high` not seen yet, with when the gap was noticed.
    gaps: BTreeMap<i64, Instant>,
}

/// What a poll of the change feed did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refresh {
    Unchanged,
    /// These many products were reloaded.
    Products(usize),
    /// Something other than products changed: everything was reloaded.
    Everything,
}

/// Suggestion answers kept, at most: every shopper typing "hoo" asks the same question.
const SUGGESTIONS_KEPT: usize = 10_000;

/// Answers of the search engine's suggestions, by what was typed; emptied whenever the
/// catalogue changes, so an answer never outlives the products it names.
#[derive(Debug, Default)]
struct SuggestionCache {
    answers: HashMap<SuggestionKey, Vec<String>>,
    /// Keys in the order they were added; the oldest goes first when the cache is full.
    order: VecDeque<SuggestionKey>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct SuggestionKey {
    typed: String,
    gender: Option<&'static str>,
    limit: usize,
}

/// The shared, always-ready catalogue.
pub struct Catalogue {
    current: RwLock<Arc<Snapshot>>,
    search: RwLock<Arc<search::SearchIndex>>,
    suggestions: Mutex<SuggestionCache>,
    feed: Mutex<FeedPosition>,
    /// The change-feed position fully applied (every entry up to it), for the metrics.
    applied: std::sync::atomic::AtomicI64,
    media_origin: String,
}

impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogue")
            .field("products", &self.snapshot().entries().len())
            .finish_non_exhaustive()
    }
}

impl Catalogue {
    /// Loads the whole catalogue and indexes it for search.
    pub fn load(store: &store::Store, media_origin: &str) -> Result<Self, CatalogueError> {
        let (snapshot, index, last_change) = load_all(store, media_origin)?;
        Ok(Self {
            current: RwLock::new(Arc::new(snapshot)),
            search: RwLock::new(Arc::new(index)),
            suggestions: Mutex::new(SuggestionCache::default()),
            feed: Mutex::new(FeedPosition {
                high: last_change,
                gaps: BTreeMap::new(),
            }),
            applied: std::sync::atomic::AtomicI64::new(last_change),
            media_origin: media_origin.to_owned(),
        })
    }

    /// The change-feed position this process has applied every entry up to.
    pub fn applied_seq(&self) -> i64 {
        self.applied.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The origin media URLs are made absolute with (empty: same-origin paths).
    pub(crate) fn media_origin(&self) -> &str {
        &self.media_origin
    }

    /// The current snapshot; holding it keeps a consistent view for a whole request.
    pub(crate) fn snapshot(&self) -> Arc<Snapshot> {
        Arc::clone(&self.current.read().unwrap_or_else(|e| e.into_inner()))
    }

    pub(crate) fn search_index(&self) -> Arc<search::SearchIndex> {
        Arc::clone(&self.search.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// The ids of the best products for what is being typed (the last word may be half-typed),
    /// answered from the cache when the same text was asked since the catalogue last changed.
    pub(crate) fn suggest(
        &self,
        typed: &str,
        gender: Option<&'static str>,
        limit: usize,
    ) -> Result<Vec<String>, CatalogueError> {
        let key = SuggestionKey {
            // Case and spacing do not change the answer, so they share one entry.
            typed: typed
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase(),
            gender,
            limit,
        };
        let cached = self.lock_suggestions().answers.get(&key).cloned();
        if let Some(ids) = cached {
            return Ok(ids);
        }
        let ids = self
            .search_index()
            .search(&key.typed, gender, search::Mode::Suggest, limit)?;
        let mut cache = self.lock_suggestions();
        if cache.order.len() >= SUGGESTIONS_KEPT
            && let Some(oldest) = cache.order.pop_front()
        {
            cache.answers.remove(&oldest);
        }
        if cache.answers.insert(key.clone(), ids.clone()).is_none() {
            cache.order.push_back(key);
        }
        Ok(ids)
    }

    fn lock_suggestions(&self) -> std::sync::MutexGuard<'_, SuggestionCache> {
        self.suggestions.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn forget_suggestions(&self) {
        *self.lock_suggestions() = SuggestionCache::default();
    }

    /// Reads the change feed once and applies what it says. Blocking: call it off the async
    /// runtime.
    pub fn follow_changes(&self, store: &store::Store) -> Result<Refresh, CatalogueError> {
        // One poller at a time; a second caller waits and then finds nothing new.
        let mut feed = self.feed.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        feed.gaps
            .retain(|_, noticed| now.duration_since(*noticed) < GAP_PATIENCE);
        let from = feed
            .gaps
            .keys()
            .next()
            .map_or(feed.high, |&first_gap| first_gap - 1);
        let changes = store.catalogue_changes_since(from, FEED_BATCH)?;
        let mut fresh = Vec::new();
        for change in changes {
            if change.seq > feed.high {
                for missing in feed.high + 1..change.seq {
                    feed.gaps.insert(missing, now);
                }
                feed.high = change.seq;
                fresh.push(change);
            } else if feed.gaps.remove(&change.seq).is_some() {
                fresh.push(change);
            }
        }
        let applied = feed
            .gaps
            .keys()
            .next()
            .map_or(feed.high, |&first_gap| first_gap - 1);
        let mark_applied = || {
            self.applied
                .store(applied, std::sync::atomic::Ordering::Relaxed)
        };
        if fresh.is_empty() {
            mark_applied();
            return Ok(Refresh::Unchanged);
        }
        if fresh.iter().any(|c| c.product_id.is_none()) {
            let (snapshot, index, _) = load_all(store, &self.media_origin)?;
            self.replace(snapshot, index);
            mark_applied();
            return Ok(Refresh::Everything);
        }
        let ids: Vec<store::ids::ProductId> = fresh
            .into_iter()
            .filter_map(|c| c.product_id)
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        self.reload_products(store, &ids)?;
        mark_applied();
        Ok(Refresh::Products(ids.len()))
    }

    /// Reloads these products (gone ones are dropped) into a new snapshot and the index.
    fn reload_products(
        &self,
        store: &store::Store,
        ids: &[store::ids::ProductId],
    ) -> Result<(), CatalogueError> {
        let records = store.products_by_ids(ids)?;
        let old = self.snapshot();
        let changed: HashSet<&str> = ids.iter().map(store::ids::ProductId::as_str).collect();
        let fresh: Vec<Arc<Entry>> = records
            .into_iter()
            .filter_map(|r| Entry::new(r, &self.media_origin))
            .map(Arc::new)
            .collect();
        let mut entries: Vec<Arc<Entry>> = old
            .entries()
            .iter()
            .filter(|e| !changed.contains(e.id()))
            .cloned()
            .collect();
        entries.extend(fresh.iter().cloned());
        let snapshot = Snapshot::build(Arc::clone(&old.base), entries);
        let listed: Vec<search::SearchDoc> = fresh
            .iter()
            .filter(|e| snapshot.product(e.id()).is_some())
            .map(|e| search_doc(e))
            .collect();
        let removed: Vec<String> = ids.iter().map(ToString::to_string).collect();
        self.search_index().update(&removed, &listed)?;
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(snapshot);
        self.forget_suggestions();
        Ok(())
    }

    fn replace(&self, snapshot: Snapshot, index: search::SearchIndex) {
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(snapshot);
        *self.search.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(index);
        self.forget_suggestions();
    }
}

fn load_all(
    store: &store::Store,
    media_origin: &str,
) -> Result<(Snapshot, search::SearchIndex, i64), CatalogueError> {
    let started = Instant::now();
    let data = store.load_catalogue()?;
    let loaded = Instant::now();
    let rss_loaded = resident_mb();
    let base = Arc::new(Base::new(&data, media_origin));
    let entries: Vec<Arc<Entry>> = data
        .products
        .into_iter()
        .filter_map(|r| Entry::new(r, media_origin))
        .map(Arc::new)
        .collect();
    let snapshot = Snapshot::build(base, entries);
    let built = Instant::now();
    let rss_built = resident_mb();
    let index = search::SearchIndex::build(snapshot.entries().iter().map(|e| search_doc(e)))?;
    let millis = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        products = snapshot.entries().len(),
        load_ms = millis(loaded - started),
        render_ms = millis(built - loaded),
        index_ms = millis(built.elapsed()),
        json_mb = snapshot.json_bytes() / 1_000_000,
        rss_loaded_mb = rss_loaded,
        rss_built_mb = rss_built,
        rss_indexed_mb = resident_mb(),
        "catalogue loaded and indexed"
    );
    Ok((snapshot, index, data.last_change))
}

/// The process's resident memory in MB (0 where `/proc` is not there): logged at each step of
/// the start so that the catalogue's memory shows where it goes (the database's rows, the
/// rendered snapshot, the search index).
fn resident_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1000)
}

fn search_doc(e: &Entry) -> search::SearchDoc {
    let r = &e.record;
    search::SearchDoc {
        id: r.id.to_string(),
        name: r.name.clone(),
        brand: r.brand.name.clone(),
        categories: r.categories.iter().map(|c| c.name.clone()).collect(),
        tags: r.tags.clone(),
        colour: r.colour.clone(),
        gender: r.gender.clone(),
        recency: u64::try_from(r.created_at.and_utc().timestamp_millis()).unwrap_or(0),
        price_paise: u64::try_from(r.price_paise).unwrap_or(0),
    }
}
