//! The personal score of one product (see the crate docs for the table of points).

use std::collections::HashMap;
use std::sync::Arc;

/// Text shared between products: a catalogue of a million products repeats its brands,
/// category and tag lists, colours and fits, and keeps one copy of each.
pub type Text = Arc<str>;

/// What the feed knows of a product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    pub id: Text,
    pub brand: Text,
    pub categories: Arc<[Text]>,
    pub tags: Arc<[Text]>,
    pub colour: Text,
    pub fit: Text,
    pub price_paise: i64,
    /// Community engagement this week: likes minus dislikes.
    pub trend: i64,
}

/// A shopper's evidence: onboarding answers and the products they liked and disliked.
#[derive(Clone, Debug, Default)]
pub struct TasteInput<'a> {
    pub style_interests: &'a [String],
    pub preferred_fits: &'a [String],
    pub likes: Vec<&'a Product>,
    pub dislikes: Vec<&'a Product>,
}

/// How often each feature turned up among the likes or the dislikes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Counts {
    brands: HashMap<String, i64>,
    categories: HashMap<String, i64>,
    tags: HashMap<String, i64>,
    colours: HashMap<String, i64>,
    /// The cheapest and dearest price seen.
    prices: Option<(i64, i64)>,
}

impl Counts {
    fn of(products: &[&Product]) -> Self {
        let mut counts = Self::default();
        for p in products {
            *counts.brands.entry(key(&p.brand)).or_default() += 1;
            for c in distinct(&p.categories) {
                *counts.categories.entry(c).or_default() += 1;
            }
            for t in distinct(&p.tags) {
                *counts.tags.entry(t).or_default() += 1;
            }
            *counts.colours.entry(key(&p.colour)).or_default() += 1;
            counts.prices = Some(match counts.prices {
                None => (p.price_paise, p.price_paise),
                Some((lo, hi)) => (lo.min(p.price_paise), hi.max(p.price_paise)),
            });
        }
        counts
    }

    /// [`Counts::of`] for products given by their index in `prepared`: words counted by
    /// number (in arrays as long as the catalogue's vocabulary: a thousand swipes hash
    /// nothing), and only the distinct ones turned back into text.
    fn of_prepared(prepared: &Prepared, indexes: &[usize]) -> Self {
        let vocabulary = prepared.texts.len();
        let mut numbered: [Vec<i64>; 4] = std::array::from_fn(|_| vec![0; vocabulary]);
        let mut prices: Option<(i64, i64)> = None;
        let [brands, categories, tags, colours] = &mut numbered;
        for &index in indexes {
            let k = &prepared.products[index];
            let (at, split) = k.word_ranges();
            brands[k.brand as usize] += 1;
            for c in &prepared.words[at..split.start] {
                categories[*c as usize] += 1;
            }
            for t in &prepared.words[split] {
                tags[*t as usize] += 1;
            }
            colours[k.colour as usize] += 1;
            prices = Some(match prices {
                None => (k.price_paise, k.price_paise),
                Some((lo, hi)) => (lo.min(k.price_paise), hi.max(k.price_paise)),
            });
        }
        let [brands, categories, tags, colours] = numbered.map(|counts| {
            counts
                .into_iter()
                .enumerate()
                .filter(|(_, n)| *n != 0)
                .map(|(id, n)| (prepared.texts[id].clone(), n))
                .collect()
        });
        Self {
            brands,
            categories,
            tags,
            colours,
            prices,
        }
    }
}

/// A shopper's taste, ready to score products with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Taste {
    interests: Vec<String>,
    fits: Vec<String>,
    liked: Counts,
    disliked: Counts,
}

impl Taste {
    pub fn new(input: &TasteInput<'_>) -> Self {
        Self {
            interests: distinct(input.style_interests),
            fits: distinct(input.preferred_fits),
            liked: Counts::of(&input.likes),
            disliked: Counts::of(&input.dislikes),
        }
    }

    /// [`Taste::new`] with the likes and dislikes given as indexes into `prepared` (prepared
    /// from the very products they index): a shopper with a thousand swipes is counted without
    /// lower-casing a thousand products' text again.
    pub fn of_prepared(
        prepared: &Prepared,
        style_interests: &[String],
        preferred_fits: &[String],
        likes: &[usize],
        dislikes: &[usize],
    ) -> Self {
        Self {
            interests: distinct(style_interests),
            fits: distinct(preferred_fits),
            liked: Counts::of_prepared(prepared, likes),
            disliked: Counts::of_prepared(prepared, dislikes),
        }
    }
}

/// Why a product scored what it did: one line per piece of evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    StyleInterest(String),
    PreferredFit(String),
    Brand {
        liked: bool,
        times: i64,
    },
    Category {
        name: String,
        liked: bool,
        times: i64,
    },
    Tag {
        name: String,
        liked: bool,
        times: i64,
    },
    Colour {
        liked: bool,
        times: i64,
    },
    PriceBand {
        liked: bool,
    },
    Trend(i64),
}

/// A product's personal score and its reasons with their points.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Score {
    pub total: i64,
    pub reasons: Vec<(Reason, i64)>,
}

impl Score {
    fn add(&mut self, reason: Reason, points: i64) {
        if points != 0 {
            self.total += points;
            self.reasons.push((reason, points));
        }
    }
}

const INTEREST_POINTS: i64 = 4;
const MAX_INTEREST_MATCHES: usize = 2;
const FIT_POINTS: i64 = 3;
const BRAND_POINTS: i64 = 3;
const MAX_BRAND_TIMES: i64 = 3;
const CATEGORY_POINTS: i64 = 2;
const MAX_CATEGORY_TIMES: i64 = 3;
const TAG_POINTS: i64 = 1;
const MAX_TAG_TIMES: i64 = 2;
const COLOUR_POINTS: i64 = 2;
const MAX_COLOUR_TIMES: i64 = 2;
const PRICE_BAND_POINTS: i64 = 2;
/// Trend points: one per this much engagement score...
const TREND_DIVISOR: i64 = 2;
/// ...at most this many.
const MAX_TREND_POINTS: i64 = 10;

fn key(text: &str) -> String {
    text.trim().to_lowercase()
}

fn distinct<T: AsRef<str>>(list: &[T]) -> Vec<String> {
    let mut keys: Vec<String> = list
        .iter()
        .map(|t| key(t.as_ref()))
        .filter(|t| !t.is_empty())
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// The points of a product's community trend.
fn trend_points(trend: i64) -> i64 {
    (trend / TREND_DIVISOR).clamp(0, MAX_TREND_POINTS)
}

/// Whether `price` is in the band 80% of `lo` to 120% of `hi`.
fn in_band(price: i64, (lo, hi): (i64, i64)) -> bool {
    // price >= 0.8 lo and price <= 1.2 hi, in integers.
    price.saturating_mul(5) >= lo.saturating_mul(4)
        && price.saturating_mul(5) <= hi.saturating_mul(6)
}

/// The personal score of `product` for `taste`.
pub fn score(taste: &Taste, product: &Product) -> Score {
    let mut s = Score::default();
    let categories = distinct(&product.categories);
    let tags = distinct(&product.tags);

    let interests = taste
        .interests
        .iter()
        .filter(|i| categories.contains(i) || tags.contains(i))
        .take(MAX_INTEREST_MATCHES);
    for interest in interests {
        s.add(Reason::StyleInterest(interest.clone()), INTEREST_POINTS);
    }
    let fit = key(&product.fit);
    if !fit.is_empty() && taste.fits.contains(&fit) {
        s.add(Reason::PreferredFit(fit), FIT_POINTS);
    }

    for (counts, liked, sign) in [(&taste.liked, true, 1), (&taste.disliked, false, -1)] {
        let times = |map: &HashMap<String, i64>, k: &str, cap: i64| {
            map.get(k).copied().unwrap_or(0).min(cap)
        };
        let brand = times(&counts.brands, &key(&product.brand), MAX_BRAND_TIMES);
        s.add(
            Reason::Brand {
                liked,
                times: brand,
            },
            sign * BRAND_POINTS * brand,
        );
        for name in &categories {
            let n = times(&counts.categories, name, MAX_CATEGORY_TIMES);
            s.add(
                Reason::Category {
                    name: name.clone(),
                    liked,
                    times: n,
                },
                sign * CATEGORY_POINTS * n,
            );
        }
        for name in &tags {
            let n = times(&counts.tags, name, MAX_TAG_TIMES);
            s.add(
                Reason::Tag {
                    name: name.clone(),
                    liked,
                    times: n,
                },
                sign * TAG_POINTS * n,
            );
        }
        let colour = times(&counts.colours, &key(&product.colour), MAX_COLOUR_TIMES);
        s.add(
            Reason::Colour {
                liked,
                times: colour,
            },
            sign * COLOUR_POINTS * colour,
        );
        if counts
            .prices
            .is_some_and(|band| in_band(product.price_paise, band))
        {
            s.add(Reason::PriceBand { liked }, sign * PRICE_BAND_POINTS);
        }
    }

    let trend = trend_points(product.trend);
    s.add(Reason::Trend(trend), trend);
    s
}

/// A catalogue's text normalised and numbered once (brands, categories, tags, colours and fits
/// share one numbering), so ranking every product against a taste reads a few arrays instead
/// of lower-casing and hashing text.
#[derive(Clone, Debug, Default)]
pub struct Prepared {
    ids: HashMap<String, u32>,
    /// The text of each number in `ids`.
    texts: Vec<String>,
    products: Vec<Keys>,
    words: Vec<u32>,
    /// Each product id's hash, which orders exploration: apart from the keys, since every
    /// request reads all of them and nothing else of most products.
    id_hashes: Vec<u64>,
    /// The id hashes in increasing order, with the product of each: the exploration order of
    /// any seed is a walk of this list ([`Prepared::walk_in_key_order`]).
    sorted_hashes: Vec<u64>,
    by_hash: Vec<u32>,
    /// The products in groups of one brand and one number of trend points, so a whole group
    /// can be bounded for a taste from the words its products carry (see [`Group`]).
    groups: Vec<Group>,
    /// Each group's products, group after group, in catalogue order within a group.
    members: Vec<u32>,
    /// Each group's distinct colours, fits, categories and tags, group after group.
    group_words: Vec<u32>,
}

/// Products of one brand with the same trend points: what a taste can give any of them is
/// bounded by the words they carry (see [`DenseTaste::bound`]).
#[derive(Clone, Debug)]
struct Group {
    brand: u32,
    trend_points: i64,
    /// In [`Prepared::members`].
    members: std::ops::Range<u32>,
    /// In [`Prepared::group_words`]: the colours, then the fits, the categories and the tags,
    /// each run ending where the next starts.
    colours_at: u32,
    fits_at: u32,
    categories_at: u32,
    tags_at: u32,
    words_end: u32,
    /// The most categories, and tags, one product of the group has.
    max_categories: u16,
    max_tags: u16,
}

/// One product's keys, numbered, with the numbers ranking reads. Its categories and tags sit
/// in [`Prepared::words`], so ranking reads two flat arrays instead of two lists per product.
#[derive(Clone, Debug)]
struct Keys {
    price_paise: i64,
    trend: i64,
    brand: u32,
    colour: u32,
    /// [`NO_FIT`] when the product has no fit.
    fit: u32,
    /// Where its categories start in [`Prepared::words`]; its tags follow them.
    words_at: u32,
    categories: u16,
    tags: u16,
}

const NO_FIT: u32 = u32::MAX;

impl Keys {
    /// Where the product's words start in [`Prepared::words`], and the range of its tags (its
    /// categories run from the start to the tags).
    fn word_ranges(&self) -> (usize, std::ops::Range<usize>) {
        let at = self.words_at as usize;
        let split = at + usize::from(self.categories);
        (at, split..split + usize::from(self.tags))
    }
}

/// The products grouped by brand and trend points (see [`Group`]), with the groups' members
/// and words.
fn grouped(products: &[Keys], words: &[u32]) -> (Vec<Group>, Vec<u32>, Vec<u32>) {
    let mut order: Vec<u32> = (0..products.len() as u32).collect();
    order.sort_by_key(|&i| {
        let k = &products[i as usize];
        (k.brand, std::cmp::Reverse(trend_points(k.trend)))
    });
    let mut groups = Vec::new();
    let mut group_words = Vec::new();
    for run in order.chunk_by(|&a, &b| {
        let (a, b) = (&products[a as usize], &products[b as usize]);
        a.brand == b.brand && trend_points(a.trend) == trend_points(b.trend)
    }) {
        let first = &products[run[0] as usize];
        let mut colours: Vec<u32> = Vec::new();
        let mut fits: Vec<u32> = Vec::new();
        let mut categories: Vec<u32> = Vec::new();
        let mut tags: Vec<u32> = Vec::new();
        let (mut max_categories, mut max_tags) = (0, 0);
        for &i in run {
            let k = &products[i as usize];
            let (at, tag_range) = k.word_ranges();
            colours.push(k.colour);
            if k.fit != NO_FIT {
                fits.push(k.fit);
            }
            categories.extend_from_slice(&words[at..tag_range.start]);
            tags.extend_from_slice(&words[tag_range]);
            max_categories = max_categories.max(k.categories);
            max_tags = max_tags.max(k.tags);
        }
        let members_at = groups.last().map_or(0, |g: &Group| g.members.end);
        let mut run_of = |mut list: Vec<u32>| {
            list.sort_unstable();
            list.dedup();
            let at = group_words.len() as u32;
            group_words.extend(list);
            at
        };
        let colours_at = run_of(colours);
        let fits_at = run_of(fits);
        let categories_at = run_of(categories);
        let tags_at = run_of(tags);
        groups.push(Group {
            brand: first.brand,
            trend_points: trend_points(first.trend),
            members: members_at..members_at + run.len() as u32,
            colours_at,
            fits_at,
            categories_at,
            tags_at,
            words_end: group_words.len() as u32,
            max_categories,
            max_tags,
        });
    }
    (groups, order, group_words)
}

impl Prepared {
    /// Keys for `catalogue[i]` at index `i`.
    pub fn new<P: std::borrow::Borrow<Product>>(catalogue: &[P]) -> Self {
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut id = |text: String| -> u32 {
            let next = ids.len() as u32;
            *ids.entry(text).or_insert(next)
        };
        let mut words = Vec::new();
        let products: Vec<Keys> = catalogue
            .iter()
            .map(|p| {
                let p = p.borrow();
                let fit = key(&p.fit);
                let words_at = words.len() as u32;
                let categories = distinct(&p.categories);
                let tags = distinct(&p.tags);
                let (n_categories, n_tags) = (categories.len() as u16, tags.len() as u16);
                words.extend(categories.into_iter().chain(tags).map(&mut id));
                Keys {
                    price_paise: p.price_paise,
                    trend: p.trend,
                    brand: id(key(&p.brand)),
                    colour: id(key(&p.colour)),
                    fit: if fit.is_empty() { NO_FIT } else { id(fit) },
                    words_at,
                    categories: n_categories,
                    tags: n_tags,
                }
            })
            .collect();
        let mut texts = vec![String::new(); ids.len()];
        for (text, id) in &ids {
            texts[*id as usize].clone_from(text);
        }
        let (groups, members, group_words) = grouped(&products, &words);
        let id_hashes: Vec<u64> = catalogue
            .iter()
            .map(|p| crate::id_hash(&p.borrow().id))
            .collect();
        let mut by_hash: Vec<u32> = (0..catalogue.len() as u32).collect();
        by_hash.sort_unstable_by_key(|&i| (id_hashes[i as usize], i));
        let sorted_hashes = by_hash.iter().map(|&i| id_hashes[i as usize]).collect();
        Self {
            ids,
            texts,
            products,
            words,
            id_hashes,
            sorted_hashes,
            by_hash,
            groups,
            members,
            group_words,
        }
    }

    /// How many groups of products [`DenseTaste::bound`] bounds.
    pub(crate) fn groups(&self) -> usize {
        self.groups.len()
    }

    /// The products of group `group`, in catalogue order.
    pub(crate) fn members(&self, group: usize) -> &[u32] {
        let g = &self.groups[group].members;
        &self.members[g.start as usize..g.end as usize]
    }

    /// The id hash of the product prepared at `index`.
    pub(crate) fn id_hash(&self, index: usize) -> u64 {
        self.id_hashes[index]
    }

    /// Visits the products in increasing order of `id_hash ^ mask` (equal keys in any order)
    /// while `visit(index, key)` answers true. The keys are never all computed: the sorted
    /// hashes form a binary trie, and at each bit the half whose bit matches the mask's comes
    /// first, so reaching the `k`th product costs about `k` plus a trie descent.
    pub(crate) fn walk_in_key_order(&self, mask: u64, mut visit: impl FnMut(usize, u64) -> bool) {
        walk(&self.sorted_hashes, &self.by_hash, mask, 63, &mut visit);
    }

    /// The trend of the product prepared at `index`.
    pub(crate) fn trend(&self, index: usize) -> i64 {
        self.products[index].trend
    }

    /// How many products were prepared.
    pub fn len(&self) -> usize {
        self.products.len()
    }

    pub fn is_empty(&self) -> bool {
        self.products.is_empty()
    }
}

/// Below this many products a trie node is visited by sorting its keys.
const LEAF: usize = 16;

/// [`Prepared::walk_in_key_order`] within one trie node: `hashes` (sorted, sharing every bit
/// above `bit`) and their products. Answers false once `visit` did.
fn walk(
    hashes: &[u64],
    products: &[u32],
    mask: u64,
    bit: u32,
    visit: &mut impl FnMut(usize, u64) -> bool,
) -> bool {
    if hashes.len() <= LEAF || bit == 0 {
        let mut keyed: Vec<(u64, u32)> = hashes
            .iter()
            .zip(products)
            .map(|(h, p)| (h ^ mask, *p))
            .collect();
        keyed.sort_unstable();
        return keyed.into_iter().all(|(key, p)| visit(p as usize, key));
    }
    let split = hashes.partition_point(|h| (h >> bit) & 1 == 0);
    let (low, high) = (
        (&hashes[..split], &products[..split]),
        (&hashes[split..], &products[split..]),
    );
    let (first, second) = if (mask >> bit) & 1 == 0 {
        (low, high)
    } else {
        (high, low)
    };
    walk(first.0, first.1, mask, bit - 1, visit) && walk(second.0, second.1, mask, bit - 1, visit)
}

/// A taste against one [`Prepared`] catalogue: for each numbered word, the points a product
/// carrying it gets, likes and dislikes already netted (text the catalogue never uses cannot
/// match and is left out).
#[derive(Clone, Debug)]
pub(crate) struct DenseTaste {
    interests: Vec<u32>,
    fits: Vec<u32>,
    brands: Vec<i64>,
    colours: Vec<i64>,
    categories: Vec<i64>,
    tags: Vec<i64>,
    liked_prices: Option<(i64, i64)>,
    disliked_prices: Option<(i64, i64)>,
}

impl DenseTaste {
    pub(crate) fn new(taste: &Taste, prepared: &Prepared) -> Self {
        let known = |list: &[String]| -> Vec<u32> {
            list.iter()
                .filter_map(|t| prepared.ids.get(t).copied())
                .collect()
        };
        let points = |liked: &HashMap<String, i64>,
                      disliked: &HashMap<String, i64>,
                      per_time: i64,
                      max_times: i64| {
            let mut out = vec![0; prepared.ids.len()];
            for (map, sign) in [(liked, 1), (disliked, -1)] {
                for (text, n) in map {
                    if let Some(&id) = prepared.ids.get(text) {
                        out[id as usize] += sign * per_time * (*n).min(max_times);
                    }
                }
            }
            out
        };
        let (liked, disliked) = (&taste.liked, &taste.disliked);
        Self {
            interests: known(&taste.interests),
            fits: known(&taste.fits),
            brands: points(
                &liked.brands,
                &disliked.brands,
                BRAND_POINTS,
                MAX_BRAND_TIMES,
            ),
            colours: points(
                &liked.colours,
                &disliked.colours,
                COLOUR_POINTS,
                MAX_COLOUR_TIMES,
            ),
            categories: points(
                &liked.categories,
                &disliked.categories,
                CATEGORY_POINTS,
                MAX_CATEGORY_TIMES,
            ),
            tags: points(&liked.tags, &disliked.tags, TAG_POINTS, MAX_TAG_TIMES),
            liked_prices: liked.prices,
            disliked_prices: disliked.prices,
        }
    }

    /// `score(taste, product).total` for the product prepared at `index`, without the reasons.
    pub(crate) fn total(&self, prepared: &Prepared, index: usize) -> i64 {
        let k = &prepared.products[index];
        let (at, tags) = k.word_ranges();
        let split = tags.start;
        let words = &prepared.words[at..tags.end];
        let matching = self
            .interests
            .iter()
            .filter(|i| words.contains(i))
            .take(MAX_INTEREST_MATCHES)
            .count() as i64;
        let mut total = INTEREST_POINTS * matching
            + self.brands[k.brand as usize]
            + self.colours[k.colour as usize];
        if k.fit != NO_FIT && self.fits.contains(&k.fit) {
            total += FIT_POINTS;
        }
        for c in &prepared.words[at..split] {
            total += self.categories[*c as usize];
        }
        for t in &words[usize::from(k.categories)..] {
            total += self.tags[*t as usize];
        }
        if self
            .liked_prices
            .is_some_and(|band| in_band(k.price_paise, band))
        {
            total += PRICE_BAND_POINTS;
        }
        if self
            .disliked_prices
            .is_some_and(|band| in_band(k.price_paise, band))
        {
            total -= PRICE_BAND_POINTS;
        }
        total + trend_points(k.trend)
    }

    /// The most any product of group `group` of `prepared` scores: its brand's points, the
    /// best of its colours, a preferred fit if any of its fits is one, the best of its
    /// categories and tags as many times as one product carries them, two style interests if
    /// it carries them, the liked price band and its trend points. Dislikes only take away, so
    /// leaving them out keeps the bound above every product's score.
    pub(crate) fn bound(&self, prepared: &Prepared, group: usize) -> i64 {
        let g = &prepared.groups[group];
        let words = |from: u32, to: u32| &prepared.group_words[from as usize..to as usize];
        let best = |points: &[i64], of: &[u32], times: u16| -> i64 {
            let mut gains: Vec<i64> = of
                .iter()
                .map(|w| points[*w as usize])
                .filter(|p| *p > 0)
                .collect();
            gains.sort_unstable_by(|a, b| b.cmp(a));
            gains.iter().take(usize::from(times)).sum()
        };
        let colours = words(g.colours_at, g.fits_at);
        let fits = words(g.fits_at, g.categories_at);
        let categories = words(g.categories_at, g.tags_at);
        let tags = words(g.tags_at, g.words_end);
        let colour = colours
            .iter()
            .map(|c| self.colours[*c as usize])
            .max()
            .unwrap_or(0);
        let fit = if fits.iter().any(|f| self.fits.contains(f)) {
            FIT_POINTS
        } else {
            0
        };
        let interests = self
            .interests
            .iter()
            .filter(|i| categories.contains(i) || tags.contains(i))
            .take(MAX_INTEREST_MATCHES)
            .count() as i64;
        let price = if self.liked_prices.is_some() {
            PRICE_BAND_POINTS
        } else {
            0
        };
        self.brands[g.brand as usize]
            + colour
            + fit
            + best(&self.categories, categories, g.max_categories)
            + best(&self.tags, tags, g.max_tags)
            + INTEREST_POINTS * interests
            + price
            + g.trend_points
    }
}
