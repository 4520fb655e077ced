//! The catalogue in memory: every browse and search call is answered from here, never from a
//! table scan (docs/architecture.md, The catalogue in memory).
//!
//! At start the whole catalogue is loaded into a `Snapshot` (compact products, their JSON
//! written at answer time) and a [`search::SearchIndex`]. Afterwards
//! [`Catalogue::follow_changes`] reads the database's change feed (`catalogue_changes`,
//! written by whoever changes the catalogue in the same transaction) and applies it: changed
//! products are reloaded and re-indexed, a change to anything else reloads everything. Several API processes each keep their own copy and each
//! follow the same feed, so they agree within one polling interval.

mod product;
mod render;
mod rendered;
mod snapshot;

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

pub(crate) use product::{Interner, Product};
pub(crate) use snapshot::{ListQuery, Scope, Snapshot, json_array};

use snapshot::{Base, Entry};

#[cfg(test)]
impl Snapshot {
    /// A snapshot of an empty catalogue, for unit tests of what reads one.
    pub(crate) fn empty() -> Self {
        let rows = store::CatalogueRows {
            brands: Vec::new(),
            categories: Vec::new(),
            coupons: Vec::new(),
            static_images: Vec::new(),
            last_change: 0,
        };
        Snapshot::build(Arc::new(Base::new(&rows, "")), Vec::new())
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
    #[error("could not start a thread of the catalogue's load: {0}")]
    Thread(#[from] std::io::Error),
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
    /// What reloaded products share their repeated text with; a full load starts a new one.
    interner: Mutex<Interner>,
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
        let Loaded {
            snapshot,
            index,
            last_change,
            interner,
        } = load_all(store, media_origin)?;
        Ok(Self {
            interner: Mutex::new(interner),
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
            let loaded = load_all(store, &self.media_origin)?;
            *self.interner.lock().unwrap_or_else(|e| e.into_inner()) = loaded.interner;
            self.replace(loaded.snapshot, loaded.index);
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
        let fresh = compact(
            records,
            &mut self.interner.lock().unwrap_or_else(|e| e.into_inner()),
        );
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

/// Threads reading the products at once in a whole load: with one, reading rows was the load's
/// longest part on two cores.
const READERS: usize = 2;

/// A whole catalogue, loaded.
struct Loaded {
    snapshot: Snapshot,
    index: search::SearchIndex,
    /// The change feed's newest entry when the load began.
    last_change: i64,
    interner: Interner,
}

fn load_all(store: &store::Store, media_origin: &str) -> Result<Loaded, CatalogueError> {
    let started = Instant::now();
    let rows = store.catalogue_rows()?;
    let base = Arc::new(Base::new(&rows, media_origin));
    let mut interner = Interner::default();
    let mut entries: Vec<Arc<Entry>> = Vec::new();
    // Threads share the cores: readers read pages of rows, each its own run of the products on
    // its own connection (reading rows was the load's longest part), this one compacts each
    // page as it comes (a page per reader and one more are in memory at once), and the search
    // index takes the listed products page by page meanwhile. The snapshot is built at the end.
    let runs = store.product_runs(READERS)?;
    let (index, indexed) = std::thread::scope(|scope| {
        let (pages, read) = std::sync::mpsc::sync_channel(1);
        let readers = runs
            .into_iter()
            .map(|run| {
                let pages = pages.clone();
                std::thread::Builder::new()
                    .name("catalogue-read".into())
                    .spawn_scoped(scope, move || {
                        store.each_products_page(&run, |page| pages.send(page).is_ok())
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        drop(pages);
        let (listed, to_index) = std::sync::mpsc::sync_channel::<Vec<Arc<Entry>>>(4);
        let indexer = std::thread::Builder::new()
            .name("catalogue-index".into())
            .spawn_scoped(scope, move || {
                let docs = to_index.into_iter().flatten().map(|e| search_doc(&e));
                (search::SearchIndex::build(docs), Instant::now())
            })?;
        for page in read {
            let compacted = compact(page, &mut interner);
            let shown: Vec<Arc<Entry>> = compacted
                .iter()
                .filter(|e| base.lists(&e.product))
                .cloned()
                .collect();
            entries.extend(compacted);
            if listed.send(shown).is_err() {
                break;
            }
        }
        drop(listed);
        let read = readers
            .into_iter()
            .map(|reader| match reader.join() {
                Ok(read) => read,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect::<Result<Vec<()>, _>>();
        let (index, indexed) = match indexer.join() {
            Ok(built) => built,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        read.map(|_| (index, indexed)).map_err(CatalogueError::from)
    })?;
    let index = index?;
    let loaded = Instant::now();
    let rss_loaded = resident_mb();
    let snapshot = Snapshot::build(base, entries);
    let built = Instant::now();
    let millis = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        products = snapshot.entries().len(),
        load_ms = millis(loaded - started),
        index_ms = millis(indexed - started),
        build_ms = millis(built - loaded),
        rss_loaded_mb = rss_loaded,
        rss_built_mb = resident_mb(),
        "catalogue loaded and indexed"
    );
    Ok(Loaded {
        snapshot,
        index,
        last_change: rows.last_change,
        interner,
    })
}

/// The entries of `records`, compacted through `interner`. A record the shop cannot show (a
/// gender or an offer outside what the database's checks allow) is left out and logged.
fn compact(records: Vec<store::ProductRecord>, interner: &mut Interner) -> Vec<Arc<Entry>> {
    records
        .into_iter()
        .filter_map(|record| {
            let product = Product::of_record(record, interner);
            let id = product.id.clone();
            let entry = Entry::new(product);
            if entry.is_none() {
                tracing::warn!(product = %id, "product left out: its gender or offer is unknown");
            }
            entry
        })
        .map(Arc::new)
        .collect()
}

/// The process's resident memory in MB (0 where `/proc` is not there): logged after the load
/// and index and after the snapshot, so that the catalogue's memory shows where it goes.
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
    let p = &e.product;
    search::SearchDoc {
        id: p.id.to_string(),
        name: p.name.to_string(),
        brand: p.brand.name.clone(),
        categories: p.categories.iter().map(|c| c.name.clone()).collect(),
        tags: p.tags.iter().map(ToString::to_string).collect(),
        colour: p.colour.to_string(),
        gender: p.gender.to_string(),
        recency: u64::try_from(p.created_at.and_utc().timestamp_millis()).unwrap_or(0),
        price_paise: u64::try_from(p.price_paise).unwrap_or(0),
    }
}
