//! # recommend: which cards the swipe feed shows next, and why
//!
//! The feed of swipe discovery (001 §1, §4) ranks the products a shopper has not swiped yet by
//! a **personal score** anyone can read off a card ([`Score::reasons`]), blends in what the
//! community likes now, keeps a share of each batch for exploration, and never lets one brand
//! take more than half of a batch ([`next_batch`]). The same state always gives the same batch,
//! so it can be tested and explained.
//!
//! ## The score, in points (integers: nothing depends on float rounding)
//!
//! | evidence | points |
//! |---|---|
//! | an onboarding style interest names one of the product's tags or categories | +4 each, at most 2 |
//! | an onboarding preferred fit is the product's fit | +3 |
//! | the product's brand was liked | +3 a like, at most 3 likes |
//! | a category of the product was liked | +2 a like, at most 3 likes per category |
//! | a tag of the product was liked | +1 a like, at most 2 likes per tag |
//! | the product's colour was liked | +2 a like, at most 2 likes |
//! | the price is inside the band of liked prices (80% of the cheapest to 120% of the dearest) | +2 |
//! | each of the above for **dislikes** | the same points, taken away |
//! | community trend: the product's engagement score this week (likes minus dislikes) | +1 per 2, at most +10 |
//!
//! Tags and categories compare without regard to letter case or surrounding spaces.
//!
//! ## A batch
//!
//! [`next_batch`] drops the products already swiped, sorts the rest by score (ties: higher
//! trend, then the product's position in the catalogue order given), and fills the batch from
//! the top, skipping a product whose brand already holds half the batch. One slot in four
//! ([`EXPLORATION_SHARE`]) goes to **exploration**: a product from outside the top of the list,
//! picked by a hash of the caller's `seed` and the product id, so a shopper is shown things the
//! score would not yet choose and the feed never collapses onto one taste. The caller passes a
//! seed that changes with the shopper's state (their id and swipe count, say): the same state
//! gives the same batch.
//!
//! ## What this crate must never import
//!
//! No I/O and no clock: no diesel, actix, reqwest, tokio, and no randomness source (the seed
//! is an argument).

mod score;

pub use score::{Prepared, Product, Reason, Score, Taste, TasteInput, score};

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use score::DenseTaste;

/// One slot in this many of a batch is for exploration.
pub const EXPLORATION_SHARE: usize = 4;

/// A product in a batch, with the score that placed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    pub id: String,
    pub score: Score,
    /// Chosen for exploration rather than by rank.
    pub exploration: bool,
}

/// The most products of one brand in a batch of `size`: half, rounded down, at least one.
pub fn brand_cap(size: usize) -> usize {
    (size / 2).max(1)
}

/// The next `size` products for a shopper of `taste`, from `catalogue` (in catalogue order,
/// newest first say; products or references to them, so a caller can pass a filtered view
/// without copying), leaving out `swiped`. `seed` picks the exploration slots.
pub fn next_batch<P: Borrow<Product>>(
    taste: &Taste,
    catalogue: &[P],
    swiped: &HashSet<&str>,
    size: usize,
    seed: u64,
) -> Vec<Pick> {
    let prepared = Prepared::new(catalogue);
    let candidates: Vec<usize> = (0..catalogue.len())
        .filter(|i| !swiped.contains(catalogue[*i].borrow().id.as_str()))
        .collect();
    next_batch_of(taste, catalogue, &prepared, &candidates, size, seed)
        .into_iter()
        .map(|(_, pick)| pick)
        .collect()
}

/// A candidate's place in the ranking: score, then trend, both descending, then catalogue
/// order.
#[derive(Clone, Copy)]
struct Ranked {
    total: i64,
    trend: i64,
    index: usize,
    /// The product's place in this seed's exploration order.
    explore: u64,
}

fn ranking(a: &Ranked, b: &Ranked) -> Ordering {
    b.total
        .cmp(&a.total)
        .then_with(|| b.trend.cmp(&a.trend))
        .then_with(|| a.index.cmp(&b.index))
}

/// [`next_batch`] for callers that keep a catalogue [`Prepared`] between calls (prepared from
/// these very products: it holds their trend and price too): `candidates` are the indexes into
/// `catalogue` (and `prepared`) of the products that may be dealt, in increasing order.
/// Answers each pick with its index.
pub fn next_batch_of<P: Borrow<Product>>(
    taste: &Taste,
    catalogue: &[P],
    prepared: &Prepared,
    candidates: &[usize],
    size: usize,
    seed: u64,
) -> Vec<(usize, Pick)> {
    let dense = DenseTaste::new(taste, prepared);
    let mut ranked: Vec<Ranked> = candidates
        .iter()
        .map(|&index| Ranked {
            total: dense.total(prepared, index),
            trend: prepared.trend(index),
            index,
            explore: mix(seed, prepared.id_hash(index)),
        })
        .collect();

    let cap = brand_cap(size);
    let explore_slots = size / EXPLORATION_SHARE;
    let ranked_slots = size - explore_slots;
    let mut per_brand: HashMap<&str, usize> = HashMap::new();
    let mut admit = |index: usize| {
        let count = per_brand
            .entry(catalogue[index].borrow().brand.as_str())
            .or_insert(0);
        if *count >= cap {
            return false;
        }
        *count += 1;
        true
    };

    let mut chosen: Vec<(usize, bool)> = Vec::with_capacity(size);
    in_order(&mut ranked, ranking, ranked_slots, |r| {
        let admitted = admit(r.index);
        if admitted {
            chosen.push((r.index, false));
        }
        admitted
    });

    // Exploration: the rest of the list in an order set by the seed (ties, which take two equal
    // hashes, in ranking order).
    let ranked_picks = chosen.len();
    in_order(
        &mut ranked,
        |a, b| a.explore.cmp(&b.explore).then_with(|| ranking(a, b)),
        size - ranked_picks,
        |r| {
            if chosen[..ranked_picks].iter().any(|(i, _)| *i == r.index) {
                return false;
            }
            let admitted = admit(r.index);
            if admitted {
                chosen.push((r.index, true));
            }
            admitted
        },
    );

    chosen
        .into_iter()
        .map(|(index, exploration)| {
            let product = catalogue[index].borrow();
            (
                index,
                Pick {
                    id: product.id.clone(),
                    score: score(taste, product),
                    exploration,
                },
            )
        })
        .collect()
}

/// Visits `items` in the order of `cmp` (a total order) until `take` answered true `want`
/// times. Only the head of the order is sorted unless the visits go past it, so dealing a
/// few cards from a large catalogue sorts a few dozen products, not all of them.
fn in_order<T>(
    items: &mut [T],
    cmp: impl Fn(&T, &T) -> Ordering,
    want: usize,
    mut take: impl FnMut(&T) -> bool,
) {
    let head = want.saturating_mul(8).max(64).min(items.len());
    if head < items.len() {
        items.select_nth_unstable_by(head, &cmp);
    }
    let (first, later) = items.split_at_mut(head);
    first.sort_unstable_by(&cmp);
    let mut taken = 0;
    for item in first.iter() {
        if taken == want {
            return;
        }
        taken += usize::from(take(item));
    }
    if taken == want {
        return;
    }
    later.sort_unstable_by(&cmp);
    for item in later.iter() {
        if taken == want {
            return;
        }
        taken += usize::from(take(item));
    }
}

/// A product id's hash (FNV-1a), the same on every platform and in every release: computed once
/// per product, so ordering a whole catalogue for exploration hashes no text per request.
fn id_hash(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, byte| {
        (h ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A well-spread 64-bit hash of the seed and an id's [`id_hash`] (a splitmix finaliser): each
/// seed orders the products differently.
fn mix(seed: u64, id_hash: u64) -> u64 {
    let mut h = id_hash ^ seed;
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests;
