//! The JSON of the products asked for most, kept within a bound.
//!
//! Rendering a product costs a few microseconds; joining kept JSON costs nothing. Keeping every
//! product's JSON cost a million-product catalogue 1.5 GB, so only recent answers are kept:
//! the first pages of the lists and the products being looked at are most of the traffic.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, Weak};

use actix_web::web::Bytes;

use super::snapshot::Entry;

/// Bytes of JSON kept in all, at most.
const KEPT_BYTES: usize = 64 * 1024 * 1024;
/// Independent parts, so the workers rarely wait for one another.
const SHARDS: usize = 16;

/// Rendered products by entry. Entries are shared by successive snapshots while unchanged, so
/// what is kept outlives a snapshot; a changed product is a new entry and misses.
#[derive(Debug)]
pub(crate) struct Rendered {
    shards: Box<[Mutex<Shard>]>,
    /// Bytes kept per shard, at most.
    shard_bytes: usize,
}

#[derive(Debug, Default)]
struct Shard {
    /// By the entry's address and the coupon's validity. The `Weak` holds the entry's
    /// allocation, so no later entry can take its address while it is kept here.
    kept: HashMap<(usize, bool), (Weak<Entry>, Bytes)>,
    /// Keys oldest first: the oldest goes when the shard is full.
    order: VecDeque<(usize, bool)>,
    bytes: usize,
}

impl Default for Rendered {
    fn default() -> Self {
        Self::keeping(KEPT_BYTES)
    }
}

impl Rendered {
    fn keeping(bytes: usize) -> Self {
        Self {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            shard_bytes: bytes / SHARDS,
        }
    }

    /// The JSON of `entry` with its coupon `valid` or not, rendered by `render` when not kept.
    pub(crate) fn get(
        &self,
        entry: &Arc<Entry>,
        valid: bool,
        render: impl FnOnce() -> Bytes,
    ) -> Bytes {
        let key = Self::key(entry, valid);
        if let Some((_, json)) = lock(self.shard(key)).kept.get(&key) {
            return json.clone();
        }
        self.keep(entry, key, render())
    }

    /// Appends the JSON of `entry` to `out`, as [`Rendered::get`] finds or renders it. A list
    /// copies kept JSON while the shard is locked rather than sharing it: the two workers
    /// answering the same first page would otherwise contend for each answer's count of
    /// owners.
    pub(crate) fn append(
        &self,
        entry: &Arc<Entry>,
        valid: bool,
        render: impl FnOnce() -> Bytes,
        out: &mut Vec<u8>,
    ) {
        let key = Self::key(entry, valid);
        if let Some((_, json)) = lock(self.shard(key)).kept.get(&key) {
            out.extend_from_slice(json);
            return;
        }
        out.extend_from_slice(&self.keep(entry, key, render()));
    }

    fn key(entry: &Arc<Entry>, valid: bool) -> (usize, bool) {
        (Arc::as_ptr(entry) as usize, valid)
    }

    fn shard(&self, key: (usize, bool)) -> &Mutex<Shard> {
        // Addresses are aligned: dropping the low bits spreads neighbours over the shards.
        &self.shards[(key.0 >> 4) % SHARDS]
    }

    /// Keeps `json` as the JSON of `key`'s entry, making room first, and answers it.
    fn keep(&self, entry: &Arc<Entry>, key: (usize, bool), json: Bytes) -> Bytes {
        let shard = self.shard(key);
        let mut shard = lock(shard);
        if json.len() > self.shard_bytes || shard.kept.contains_key(&key) {
            return json;
        }
        while shard.bytes + json.len() > self.shard_bytes {
            let Some(oldest) = shard.order.pop_front() else {
                break;
            };
            if let Some((_, gone)) = shard.kept.remove(&oldest) {
                shard.bytes -= gone.len();
            }
        }
        shard.bytes += json.len();
        shard.order.push_back(key);
        shard
            .kept
            .insert(key, (Arc::downgrade(entry), json.clone()));
        json
    }
}

fn lock(shard: &Mutex<Shard>) -> std::sync::MutexGuard<'_, Shard> {
    // Nothing panics while a shard is locked; a poisoned lock is only another thread's panic.
    shard.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::catalogue::{Interner, Product};

    fn entry(id: &str) -> Arc<Entry> {
        let mut interner = Interner::default();
        let record = crate::catalogue::product::tests::record(id, "red", &["kurta"]);
        Arc::new(Entry::new(Product::of_record(record, &mut interner)).expect("listed"))
    }

    #[test]
    fn a_product_is_rendered_once_per_coupon_state_and_then_kept() {
        let kept = Rendered::default();
        let (a, b) = (entry("a"), entry("b"));
        let renders = Cell::new(0);
        let render = |text: &'static str| {
            renders.set(renders.get() + 1);
            Bytes::from_static(text.as_bytes())
        };
        assert_eq!(kept.get(&a, true, || render("a valid")), "a valid");
        assert_eq!(kept.get(&a, true, || render("again")), "a valid");
        assert_eq!(kept.get(&a, false, || render("a lapsed")), "a lapsed");
        assert_eq!(kept.get(&b, true, || render("b valid")), "b valid");
        assert_eq!(kept.get(&b, true, || render("again")), "b valid");
        let mut out = b"[".to_vec();
        kept.append(&a, false, || render("again"), &mut out);
        kept.append(&b, false, || render("b lapsed"), &mut out);
        kept.append(&b, false, || render("again"), &mut out);
        assert_eq!(out, b"[a lapsedb lapsedb lapsed");
        assert_eq!(renders.get(), 4);
    }

    #[test]
    fn what_is_kept_stays_within_its_bound_oldest_out_first() {
        // One shard's worth is 100 bytes: the entries land in whichever shards their
        // addresses pick, so each shard must hold its own bound.
        let kept = Rendered::keeping(100 * SHARDS);
        let entries: Vec<Arc<Entry>> = (0..200).map(|i| entry(&format!("p{i}"))).collect();
        let json = Bytes::from(vec![b'x'; 40]);
        for e in &entries {
            kept.get(e, true, || json.clone());
        }
        for shard in kept.shards.iter() {
            let shard = lock(shard);
            assert!(shard.bytes <= 100, "{} bytes kept", shard.bytes);
            assert_eq!(shard.bytes, shard.kept.len() * 40);
            assert_eq!(shard.order.len(), shard.kept.len());
        }
        // The newest is kept; JSON larger than a shard's bound is answered, never kept.
        let last = entries.last().expect("entries");
        assert_eq!(kept.get(last, true, || Bytes::from_static(b"new")), json);
        let too_big = Bytes::from(vec![b'y'; 101]);
        assert_eq!(kept.get(&entries[0], false, || too_big.clone()), too_big);
        assert_eq!(
            kept.get(&entries[0], false, || Bytes::from_static(b"z")),
            "z"
        );
    }
}
