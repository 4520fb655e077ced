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

pub use score::{Product, Reason, Score, Taste, TasteInput, score};

use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};

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
pub fn next_batch<'c, P: Borrow<Product>>(
    taste: &Taste,
    catalogue: &'c [P],
    swiped: &HashSet<&str>,
    size: usize,
    seed: u64,
) -> Vec<Pick> {
    let mut ranked: Vec<(usize, Score)> = catalogue
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p.borrow()))
        .filter(|(_, p)| !swiped.contains(p.id.as_str()))
        .map(|(i, p)| (i, score(taste, p)))
        .collect();
    ranked.sort_by(|(ia, a), (ib, b)| {
        b.total
            .cmp(&a.total)
            .then_with(|| {
                catalogue[*ib]
                    .borrow()
                    .trend
                    .cmp(&catalogue[*ia].borrow().trend)
            })
            .then_with(|| ia.cmp(ib))
    });

    let cap = brand_cap(size);
    let explore_slots = size / EXPLORATION_SHARE;
    let ranked_slots = size - explore_slots;
    let mut per_brand: HashMap<&'c str, usize> = HashMap::new();
    let mut taken: HashSet<usize> = HashSet::new();
    let mut picks = Vec::with_capacity(size);
    let admit = |i: usize, per_brand: &mut HashMap<&'c str, usize>| {
        let count = per_brand
            .entry(catalogue[i].borrow().brand.as_str())
            .or_insert(0);
        if *count >= cap {
            return false;
        }
        *count += 1;
        true
    };

    for (i, s) in &ranked {
        if picks.len() == ranked_slots {
            break;
        }
        if admit(*i, &mut per_brand) {
            taken.insert(*i);
            picks.push(Pick {
                id: catalogue[*i].borrow().id.clone(),
                score: s.clone(),
                exploration: false,
            });
        }
    }

    // Exploration: the rest of the list in an order set by the seed.
    let mut rest: Vec<&(usize, Score)> =
        ranked.iter().filter(|(i, _)| !taken.contains(i)).collect();
    rest.sort_by_key(|(i, _)| mix(seed, &catalogue[*i].borrow().id));
    for (i, s) in rest {
        if picks.len() == size {
            break;
        }
        if admit(*i, &mut per_brand) {
            picks.push(Pick {
                id: catalogue[*i].borrow().id.clone(),
                score: s.clone(),
                exploration: true,
            });
        }
    }
    picks
}

/// A well-spread 64-bit hash of the seed and an id (FNV-1a, then a splitmix finaliser), the
/// same on every platform and in every release.
fn mix(seed: u64, id: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for byte in id.bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests;
