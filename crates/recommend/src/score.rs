//! The personal score of one product (see the crate docs for the table of points).

use std::collections::HashMap;

/// What the feed knows of a product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    pub id: String,
    pub brand: String,
    pub categories: Vec<String>,
    pub tags: Vec<String>,
    pub colour: String,
    pub fit: String,
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

fn distinct(list: &[String]) -> Vec<String> {
    let mut keys: Vec<String> = list
        .iter()
        .map(|t| key(t))
        .filter(|t| !t.is_empty())
        .collect();
    keys.sort();
    keys.dedup();
    keys
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

    let trend = (product.trend / TREND_DIVISOR).clamp(0, MAX_TREND_POINTS);
    s.add(Reason::Trend(trend), trend);
    s
}

/// A catalogue's text normalised and numbered once (brands, categories, tags, colours and fits
/// share one numbering), so ranking every product against a taste reads a few arrays instead
/// of lower-casing and hashing text.
#[derive(Clone, Debug, Default)]
pub struct Prepared {
    ids: HashMap<String, u32>,
    products: Vec<Keys>,
    /// Every product id one after the other: hashing them all for exploration reads one
    /// block of memory instead of chasing a pointer per product.
    product_ids: String,
}

/// One product's keys, numbered, with the numbers ranking reads.
#[derive(Clone, Debug)]
struct Keys {
    /// The product id's place in [`Prepared::product_ids`].
    id: (u32, u32),
    price_paise: i64,
    trend: i64,
    brand: u32,
    colour: u32,
    /// `None` when the product has no fit.
    fit: Option<u32>,
    categories: Vec<u32>,
    tags: Vec<u32>,
}

impl Prepared {
    /// Keys for `catalogue[i]` at index `i`.
    pub fn new<P: std::borrow::Borrow<Product>>(catalogue: &[P]) -> Self {
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut id = |text: String| -> u32 {
            let next = ids.len() as u32;
            *ids.entry(text).or_insert(next)
        };
        let mut product_ids = String::new();
        let products = catalogue
            .iter()
            .map(|p| {
                let p = p.borrow();
                let fit = key(&p.fit);
                let start = product_ids.len() as u32;
                product_ids.push_str(&p.id);
                Keys {
                    id: (start, p.id.len() as u32),
                    price_paise: p.price_paise,
                    trend: p.trend,
                    brand: id(key(&p.brand)),
                    colour: id(key(&p.colour)),
                    fit: (!fit.is_empty()).then(|| id(fit)),
                    categories: distinct(&p.categories).into_iter().map(&mut id).collect(),
                    tags: distinct(&p.tags).into_iter().map(&mut id).collect(),
                }
            })
            .collect();
        Self {
            ids,
            products,
            product_ids,
        }
    }

    /// The id of the product prepared at `index`.
    pub(crate) fn id(&self, index: usize) -> &str {
        let (start, len) = self.products[index].id;
        &self.product_ids[start as usize..(start + len) as usize]
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

/// [`Counts`] by number: text the catalogue never uses cannot match and is left out.
struct DenseCounts {
    brands: Vec<i64>,
    categories: Vec<i64>,
    tags: Vec<i64>,
    colours: Vec<i64>,
    prices: Option<(i64, i64)>,
}

impl DenseCounts {
    fn of(counts: &Counts, prepared: &Prepared) -> Self {
        let dense = |map: &HashMap<String, i64>| {
            let mut out = vec![0; prepared.ids.len()];
            for (text, n) in map {
                if let Some(&id) = prepared.ids.get(text) {
                    out[id as usize] = *n;
                }
            }
            out
        };
        Self {
            brands: dense(&counts.brands),
            categories: dense(&counts.categories),
            tags: dense(&counts.tags),
            colours: dense(&counts.colours),
            prices: counts.prices,
        }
    }
}

/// A taste against one [`Prepared`] catalogue.
pub(crate) struct DenseTaste {
    interests: Vec<u32>,
    fits: Vec<u32>,
    liked: DenseCounts,
    disliked: DenseCounts,
}

impl DenseTaste {
    pub(crate) fn new(taste: &Taste, prepared: &Prepared) -> Self {
        let known = |list: &[String]| -> Vec<u32> {
            list.iter()
                .filter_map(|t| prepared.ids.get(t).copied())
                .collect()
        };
        Self {
            interests: known(&taste.interests),
            fits: known(&taste.fits),
            liked: DenseCounts::of(&taste.liked, prepared),
            disliked: DenseCounts::of(&taste.disliked, prepared),
        }
    }

    /// `score(taste, product).total` for the product prepared at `index`, without the reasons.
    pub(crate) fn total(&self, prepared: &Prepared, index: usize) -> i64 {
        let k = &prepared.products[index];
        let matching = self
            .interests
            .iter()
            .filter(|i| k.categories.contains(i) || k.tags.contains(i))
            .take(MAX_INTEREST_MATCHES)
            .count() as i64;
        let mut total = INTEREST_POINTS * matching;
        if k.fit.is_some_and(|fit| self.fits.contains(&fit)) {
            total += FIT_POINTS;
        }
        for (counts, sign) in [(&self.liked, 1), (&self.disliked, -1)] {
            let mut points = BRAND_POINTS * counts.brands[k.brand as usize].min(MAX_BRAND_TIMES)
                + COLOUR_POINTS * counts.colours[k.colour as usize].min(MAX_COLOUR_TIMES);
            for c in &k.categories {
                points += CATEGORY_POINTS * counts.categories[*c as usize].min(MAX_CATEGORY_TIMES);
            }
            for t in &k.tags {
                points += TAG_POINTS * counts.tags[*t as usize].min(MAX_TAG_TIMES);
            }
            if counts
                .prices
                .is_some_and(|band| in_band(k.price_paise, band))
            {
                points += PRICE_BAND_POINTS;
            }
            total += sign * points;
        }
        total + (k.trend / TREND_DIVISOR).clamp(0, MAX_TREND_POINTS)
    }
}
