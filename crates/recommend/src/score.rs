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
