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
//! ## Scoring only what can reach a batch
//!
//! [`next_batch_of`] scores every candidate: it is the specification. [`next_batch_indexed`]
//! deals the same batches (a property test holds them equal) while scoring only the products
//! that can reach the heads of the ranking and of the exploration order: [`Prepared`] groups
//! the products by brand and trend points, a taste bounds each group from the words its
//! products carry, and the groups are visited highest bound first until a bound falls below
//! the head; the exploration order is walked from its start over the sorted id hashes. A
//! caller that asks again for the same taste can keep the head of its ranking
//! ([`Candidates`]) and deal from it.
//!
//! ## What this crate must never import
//!
//! No I/O and no clock: no diesel, actix, reqwest, tokio, and no randomness source (the seed
//! is an argument).

mod filter;
mod score;

pub use filter::{Facets, Filter};
pub use score::{Prepared, Product, Reason, Score, Taste, TasteInput, Text, score};

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
        .filter(|i| !swiped.contains(&*catalogue[*i].borrow().id))
        .collect();
    next_batch_of(taste, catalogue, &prepared, &candidates, size, seed)
        .into_iter()
        .map(|(_, pick)| pick)
        .collect()
}

/// A candidate's place in the ranking: score, then trend, both descending, then catalogue
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    let heads = heads_of(&dense, prepared, candidates, size, seed);
    let ranked_slots = size - size / EXPLORATION_SHARE;
    let chosen = match deal(catalogue, size, ranked_slots, heads) {
        Some(chosen) => chosen,
        None => {
            let mut all: Vec<Ranked> = candidates
                .iter()
                .map(|&i| ranked(&dense, prepared, seed, i))
                .collect();
            deal_all(catalogue, size, ranked_slots, &mut all)
        }
    };
    picks(taste, catalogue, chosen)
}

/// A candidate ranked for `seed`.
fn ranked(dense: &DenseTaste, prepared: &Prepared, seed: u64, index: usize) -> Ranked {
    Ranked {
        total: dense.total(prepared, index),
        trend: prepared.trend(index),
        index,
        explore: explore_key(seed, prepared.id_hash(index)),
    }
}

/// The head of the ranking and of the exploration order, each sorted, with whether the order
/// went on past it.
type Heads = ((Vec<Ranked>, bool), (Vec<Ranked>, bool));

/// The heads of a batch of `size` from every one of `candidates`.
///
/// One pass keeps the head of each order, so a request over a large catalogue neither holds
/// every candidate nor partitions them twice.
fn heads_of(
    dense: &DenseTaste,
    prepared: &Prepared,
    candidates: &[usize],
    size: usize,
    seed: u64,
) -> Heads {
    let ranked_slots = size - size / EXPLORATION_SHARE;
    let mut by_rank = Head::new(head_len(ranked_slots), ranking);
    let mut by_explore = Head::new(head_len(size), exploring);
    for &index in candidates {
        let r = ranked(dense, prepared, seed, index);
        by_rank.offer(r);
        by_explore.offer(r);
    }
    (by_rank.into_sorted(), by_explore.into_sorted())
}

/// The first products of one shopper's ranking among those a `base` filter admits (say, all
/// they have not swiped), kept between requests while the taste and the [`Prepared`] catalogue
/// hold: a request whose products are among them deals from this list instead of ranking the
/// catalogue again ([`next_batch_indexed`]).
#[derive(Clone, Debug)]
pub struct Candidates {
    /// In ranking order; `explore` is filled in per request.
    ranked: Vec<Ranked>,
    /// Every product the base admits is in `ranked`.
    complete: bool,
    dense: DenseTaste,
}

impl Candidates {
    /// The first `len` products of the ranking for `taste` among those `base` admits.
    pub fn new(
        taste: &Taste,
        prepared: &Prepared,
        base: impl Fn(usize) -> bool,
        len: usize,
    ) -> Self {
        let dense = DenseTaste::new(taste, prepared);
        let (ranked, cut) = ranked_head(&dense, prepared, &base, len, 0);
        Self {
            ranked,
            complete: !cut,
            dense,
        }
    }

    /// How many products are kept.
    pub fn len(&self) -> usize {
        self.ranked.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ranked.is_empty()
    }

    /// The head of `len` of the ranking of the products `allowed` admits (which the base must
    /// admit too), with whether the order went on past it; `None` when the kept list ran out
    /// before the head was known.
    fn head(
        &self,
        prepared: &Prepared,
        allowed: &impl Fn(usize) -> bool,
        len: usize,
        seed: u64,
    ) -> Option<(Vec<Ranked>, bool)> {
        let mut head = Vec::with_capacity(len);
        for r in &self.ranked {
            if !allowed(r.index) {
                continue;
            }
            if head.len() == len {
                return Some((head, true));
            }
            head.push(Ranked {
                explore: explore_key(seed, prepared.id_hash(r.index)),
                ..*r
            });
        }
        self.complete.then_some((head, false))
    }
}

/// [`next_batch_of`] scoring only the products that can reach the batch: `allowed(i)` says
/// whether `catalogue[i]` may be dealt. The same batch, proven against [`next_batch_of`] (its
/// specification) over random catalogues, tastes and exclusions.
///
/// The ranked head comes from `candidates` when given (kept for this taste and catalogue,
/// among products that include every allowed one) and holds enough allowed products;
/// otherwise [`Prepared`]'s groups of one brand and trend points are visited in the order of
/// what the taste can give each at best, and once a group's bound falls below the last product
/// the head keeps, neither its products nor any later group's can enter. The exploration head
/// walks the products in the seed's order from its start, so neither head reads the whole
/// catalogue. When the brand cap turns away a whole head, everything allowed is ranked, as
/// [`next_batch_of`] does.
pub fn next_batch_indexed<P: Borrow<Product>>(
    taste: &Taste,
    catalogue: &[P],
    prepared: &Prepared,
    allowed: impl Fn(usize) -> bool,
    candidates: Option<&Candidates>,
    size: usize,
    seed: u64,
) -> Vec<(usize, Pick)> {
    let owned;
    let dense = match candidates {
        Some(c) => &c.dense,
        None => {
            owned = DenseTaste::new(taste, prepared);
            &owned
        }
    };
    let heads = heads_indexed(dense, prepared, &allowed, candidates, size, seed);
    let ranked_slots = size - size / EXPLORATION_SHARE;
    let chosen = match deal(catalogue, size, ranked_slots, heads) {
        Some(chosen) => chosen,
        None => {
            let mut all: Vec<Ranked> = (0..catalogue.len().min(prepared.len()))
                .filter(|&i| allowed(i))
                .map(|i| ranked(dense, prepared, seed, i))
                .collect();
            deal_all(catalogue, size, ranked_slots, &mut all)
        }
    };
    picks(taste, catalogue, chosen)
}

/// [`heads_of`] the `allowed` products, scoring only those that can enter a head: the same
/// heads.
fn heads_indexed(
    dense: &DenseTaste,
    prepared: &Prepared,
    allowed: &impl Fn(usize) -> bool,
    candidates: Option<&Candidates>,
    size: usize,
    seed: u64,
) -> Heads {
    let ranked_len = ranked_head_len(size);
    let by_rank = candidates
        .and_then(|c| c.head(prepared, allowed, ranked_len, seed))
        .unwrap_or_else(|| ranked_head(dense, prepared, allowed, ranked_len, seed));
    (
        by_rank,
        explored_head(dense, prepared, allowed, head_len(size), seed),
    )
}

/// The first `len` of the ranking of the products `allowed` admits, visiting the groups best
/// bound first and stopping where a bound falls below the head.
fn ranked_head(
    dense: &DenseTaste,
    prepared: &Prepared,
    allowed: &impl Fn(usize) -> bool,
    len: usize,
    seed: u64,
) -> (Vec<Ranked>, bool) {
    let mut by_rank = Head::new(len, ranking);
    let mut groups: Vec<(i64, usize)> = (0..prepared.groups())
        .map(|g| (dense.bound(prepared, g), g))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    for (bound, group) in groups {
        // No product of this group, nor of any later one, can reach the head.
        if by_rank.last().is_some_and(|last| bound < last.total) {
            by_rank.pass();
            break;
        }
        for &index in prepared.members(group) {
            let index = index as usize;
            if allowed(index) {
                by_rank.offer(ranked(dense, prepared, seed, index));
            }
        }
    }
    by_rank.into_sorted()
}

/// The first `len` of the seed's exploration order among the products `allowed` admits: the
/// products are visited in that order from its start ([`Prepared::walk_in_key_order`]) until
/// the head is known, so only those are scored.
fn explored_head(
    dense: &DenseTaste,
    prepared: &Prepared,
    allowed: &impl Fn(usize) -> bool,
    len: usize,
    seed: u64,
) -> (Vec<Ranked>, bool) {
    let mut head: Vec<Ranked> = Vec::with_capacity(len + 1);
    prepared.walk_in_key_order(spread(seed), |index, key| {
        // One past the head decides whether the order went on; products of the same key as
        // that one still come in, since ties are ordered by rank.
        if head.len() > len && head.last().is_some_and(|last| last.explore != key) {
            return false;
        }
        if allowed(index) {
            head.push(ranked(dense, prepared, seed, index));
        }
        true
    });
    head.sort_unstable_by(exploring);
    let cut = head.len() > len;
    head.truncate(len);
    (head, cut)
}

/// The dealt products as picks, each scored again with its reasons.
fn picks<P: Borrow<Product>>(
    taste: &Taste,
    catalogue: &[P],
    chosen: Vec<(usize, bool)>,
) -> Vec<(usize, Pick)> {
    chosen
        .into_iter()
        .map(|(index, exploration)| {
            let product = catalogue[index].borrow();
            (
                index,
                Pick {
                    id: product.id.to_string(),
                    score: score(taste, product),
                    exploration,
                },
            )
        })
        .collect()
}

/// The order exploration visits the candidates in: the seed's hash order, ties in ranking
/// order.
fn exploring(a: &Ranked, b: &Ranked) -> Ordering {
    a.explore.cmp(&b.explore).then_with(|| ranking(a, b))
}

/// How far into the ranking a batch of `size` looks: kept [`Candidates`] hold at least this
/// many products of what a request allows for the head to come from them.
pub fn ranked_head_len(size: usize) -> usize {
    head_len(size - size / EXPLORATION_SHARE)
}

/// How far into an order a deal of `want` cards looks before sorting the rest: a few dozen
/// products, unless the brand cap turns most of them away.
fn head_len(want: usize) -> usize {
    want.saturating_mul(8).max(64)
}

/// The first `len` items of a stream under `cmp` (a total order), kept in at most twice that
/// room: whatever is not ahead of the last item kept is dropped at once.
struct Head<F> {
    len: usize,
    cmp: F,
    items: Vec<Ranked>,
    last: Option<Ranked>,
    /// More items were offered than kept.
    cut: bool,
}

impl<F: Fn(&Ranked, &Ranked) -> Ordering> Head<F> {
    fn new(len: usize, cmp: F) -> Self {
        Self {
            len,
            cmp,
            items: Vec::with_capacity(2 * len),
            last: None,
            cut: false,
        }
    }

    fn offer(&mut self, item: Ranked) {
        if self
            .last
            .is_some_and(|last| (self.cmp)(&item, &last) != Ordering::Less)
        {
            self.cut = true;
            return;
        }
        self.items.push(item);
        if self.items.len() == 2 * self.len {
            self.items.select_nth_unstable_by(self.len - 1, &self.cmp);
            self.items.truncate(self.len);
            self.last = Some(self.items[self.len - 1]);
            self.cut = true;
        }
    }

    /// The last item kept once the head has been cut: an item not ahead of it is dropped.
    fn last(&self) -> Option<&Ranked> {
        self.last.as_ref()
    }

    /// Notes that an item not ahead of [`Head::last`] went by without being offered.
    fn pass(&mut self) {
        self.cut = true;
    }

    /// The head in order, and whether the stream went on past it.
    fn into_sorted(mut self) -> (Vec<Ranked>, bool) {
        self.items.sort_unstable_by(&self.cmp);
        let cut = self.cut || self.items.len() > self.len;
        self.items.truncate(self.len);
        (self.items, cut)
    }
}

/// Admits a product while its brand holds fewer than the cap.
struct BrandCap<'c, P> {
    catalogue: &'c [P],
    cap: usize,
    per_brand: HashMap<&'c str, usize>,
}

impl<'c, P: Borrow<Product>> BrandCap<'c, P> {
    fn new(catalogue: &'c [P], size: usize) -> Self {
        Self {
            catalogue,
            cap: brand_cap(size),
            per_brand: HashMap::new(),
        }
    }

    fn admit(&mut self, index: usize) -> bool {
        let count = self
            .per_brand
            .entry(&*self.catalogue[index].borrow().brand)
            .or_insert(0);
        if *count >= self.cap {
            return false;
        }
        *count += 1;
        true
    }
}

/// Deals from the two heads: the ranked slots in ranking order, then the rest in exploration
/// order (skipping products already dealt). `None` when a head that was cut from a longer
/// order ran out before its slots were filled.
fn deal<P: Borrow<Product>>(
    catalogue: &[P],
    size: usize,
    ranked_slots: usize,
    ((ranked, ranked_cut), (explored, explored_cut)): Heads,
) -> Option<Vec<(usize, bool)>> {
    let mut cap = BrandCap::new(catalogue, size);
    let mut chosen: Vec<(usize, bool)> = Vec::with_capacity(size);
    for r in &ranked {
        if chosen.len() == ranked_slots {
            break;
        }
        if cap.admit(r.index) {
            chosen.push((r.index, false));
        }
    }
    if chosen.len() < ranked_slots && ranked_cut {
        return None;
    }
    let ranked_picks = chosen.len();
    for r in &explored {
        if chosen.len() == size {
            break;
        }
        if !chosen[..ranked_picks].iter().any(|(i, _)| *i == r.index) && cap.admit(r.index) {
            chosen.push((r.index, true));
        }
    }
    (chosen.len() == size || !explored_cut).then_some(chosen)
}

/// [`deal`] over every candidate, for when the heads were not enough.
fn deal_all<P: Borrow<Product>>(
    catalogue: &[P],
    size: usize,
    ranked_slots: usize,
    ranked: &mut [Ranked],
) -> Vec<(usize, bool)> {
    let mut cap = BrandCap::new(catalogue, size);
    let mut chosen: Vec<(usize, bool)> = Vec::with_capacity(size);
    in_order(ranked, ranking, ranked_slots, |r| {
        let admitted = cap.admit(r.index);
        if admitted {
            chosen.push((r.index, false));
        }
        admitted
    });
    let ranked_picks = chosen.len();
    in_order(ranked, exploring, size - ranked_picks, |r| {
        if chosen[..ranked_picks].iter().any(|(i, _)| *i == r.index) {
            return false;
        }
        let admitted = cap.admit(r.index);
        if admitted {
            chosen.push((r.index, true));
        }
        admitted
    });
    chosen
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

/// A product id's hash (FNV-1a, spread by a splitmix finaliser so every bit is as likely set as
/// not), the same on every platform and in every release: computed once per product, so
/// ordering a whole catalogue for exploration hashes no text per request.
fn id_hash(id: &str) -> u64 {
    spread(id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, byte| {
        (h ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    }))
}

/// A product's place in the exploration order of `seed`: its [`id_hash`] under a mask spread
/// from the seed. Each seed orders the products differently, and since the order is the hashes'
/// own order with the mask's bits flipped, it can be walked from its start without ordering
/// every product ([`Prepared::walk_in_key_order`]).
fn explore_key(seed: u64, id_hash: u64) -> u64 {
    id_hash ^ spread(seed)
}

/// The splitmix64 finaliser: each input bit flips about half the output bits.
fn spread(x: u64) -> u64 {
    let mut h = x;
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests;
