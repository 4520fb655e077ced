//! Simulated shoppers and their swipe history: the bench shoppers of `shop-api seed --users U
//! --swipes S --days D`, and the demo shoppers whose few weeks of swiping come with the demo
//! catalogue at first start ([`write_demo`]), so trending, the feed and the brands' insights
//! have something to show from the first minute.
//!
//! Bench users are `bench-{i}@bench.invalid`, demo shoppers `shopper-{i}@demo.invalid` (sign-in
//! refuses that domain: see [`is_demo_address`]), both with ids that sort by `i`. The history
//! is deterministic
//! (the same catalogue and arguments give the same swipes; only the times count back from
//! `now`) and skewed like a real shop's:
//!
//! - **Product popularity is Zipf-like**: products are ranked in a fixed shuffled order and the
//!   `r`-th is drawn with weight `1 / r^0.8`; [`TASTE_SHARE`] of the swipes instead come from
//!   the shopper's own taste.
//! - **Every shopper has a hidden taste**: a gender, two subcategories of it, a colour, a price
//!   quartile and two favourite brands. A swipe's chance of being a like grows with how many of
//!   the colour, the subcategories and the price band the product matches ([`LIKE_CHANCE`]),
//!   by [`BRAND_BONUS`] for a favourite brand, moved up or down by the product's own appeal (up
//!   to ±15 points), so trending ranks products by more than how often they are shown, and the
//!   feed has a signal to learn. A third of the swipes drawn from taste come from the
//!   favourite brands, the rest from the subcategories.
//! - **Activity is heavy-tailed**: a shopper's share of the swipes is drawn as `E^1.5` for an
//!   exponential `E` (most swipe a little, a few a lot), at most [`MAX_PER_SHOPPER`] each.
//! - Bench times are spread evenly over the last `days` days. Demo times follow a day's rhythm
//!   in India (quiet at night, busy at lunch and in the evening: [`DAY_RHYTHM`]) and grow more
//!   frequent towards now (the age in days is exponential with mean [`DEMO_RECENCY_DAYS`],
//!   cut at [`DEMO_DAYS`]), so the last 24 hours have their share.
//! - A shopper swipes a product at most once.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, Utc};
use store::{CatalogueData, PastSwipe, ShopperHistory, UserRecord};

/// Share of swipes drawn from the shopper's taste rather than from overall popularity.
pub const TASTE_SHARE: f64 = 0.55;
/// Chance of a like by the number of taste traits a product matches (0 to 3).
pub const LIKE_CHANCE: [f64; 4] = [0.10, 0.30, 0.70, 0.90];
/// Most swipes one bench shopper gets.
pub const MAX_PER_SHOPPER: usize = 3000;
/// Added to the like chance of a product of one of the shopper's favourite brands.
pub const BRAND_BONUS: f64 = 0.10;
/// Demo shoppers written at first start.
pub const DEMO_SHOPPERS: usize = 300;
/// Their swipes in all (about 120 each, heavy-tailed).
pub const DEMO_SWIPES: usize = 36_000;
/// Over this many days before the start.
pub const DEMO_DAYS: i64 = 28;
/// Mean age of a demo swipe before the cut at [`DEMO_DAYS`].
pub const DEMO_RECENCY_DAYS: f64 = 10.0;
/// The demo shoppers' e-mail domain: reserved (RFC 2606), so no mail can reach it.
pub const DEMO_DOMAIN: &str = "demo.invalid";
/// Relative activity by hour of the day in India (IST), from midnight.
pub const DAY_RHYTHM: [f64; 24] = [
    3.0, 1.5, 1.0, 0.5, 0.5, 0.5, 1.0, 2.0, 3.5, 4.5, 5.0, 5.5, 6.5, 7.0, 6.0, 5.0, 5.0, 5.5, 6.5,
    8.0, 9.5, 10.0, 9.0, 6.0,
];
/// The Zipf exponent of product popularity.
const ZIPF: f64 = 0.8;
/// Seeds the generator: a different one gives a different (equally shaped) history.
const SEED: u64 = 0x5eed_5eed;
/// The bench users' ids carry this time (2026-01-01T00:00:00Z), then `i`, so they sort by `i`.
const ID_EPOCH_MS: u64 = 1_767_225_600_000;
/// The demo shoppers' ids carry the next millisecond, so they never meet a bench user's.
const DEMO_ID_EPOCH_MS: u64 = ID_EPOCH_MS + 1;
/// IST is UTC+5:30.
const IST_OFFSET_SECONDS: i64 = 19_800;

/// The e-mail of bench user `i`.
pub fn bench_email(i: usize) -> String {
    format!("bench-{i}@bench.invalid")
}

/// The id of bench user `i`: a UUID v7 of a fixed time whose remaining bits are `i`.
pub fn bench_user_id(i: usize) -> String {
    numbered_id(ID_EPOCH_MS, i)
}

/// The e-mail of demo shopper `i`.
pub fn demo_email(i: usize) -> String {
    format!("shopper-{i}@{DEMO_DOMAIN}")
}

/// The id of demo shopper `i`.
pub fn demo_user_id(i: usize) -> String {
    numbered_id(DEMO_ID_EPOCH_MS, i)
}

/// Whether an address is a demo shopper's (of [`DEMO_DOMAIN`] or one under it): sign-in
/// refuses those, so nobody can take a demo shopper's account.
pub fn is_demo_address(email: &validation::Email) -> bool {
    let normalized = email.normalized();
    let domain = normalized
        .rsplit_once('@')
        .map_or("", |(_, d)| d)
        .trim_end_matches('.');
    domain == DEMO_DOMAIN || domain.ends_with(&format!(".{DEMO_DOMAIN}"))
}

fn numbered_id(epoch_ms: u64, i: usize) -> String {
    let mut bytes = [0u8; 10];
    bytes[2..].copy_from_slice(&(i as u64).to_be_bytes());
    uuid::Builder::from_unix_timestamp_millis(epoch_ms, &bytes)
        .into_uuid()
        .to_string()
}

/// Bench user `i`, onboarded, registered `days` days before `now`.
pub fn bench_user(
    i: usize,
    days: i64,
    now: DateTime<Utc>,
) -> Result<UserRecord, validation::ValidationError> {
    let email = validation::Email::parse(&bench_email(i))?;
    let registered = now - Duration::days(days + 1);
    Ok(UserRecord {
        id: bench_user_id(i).into(),
        display_name: format!("bench-{i}"),
        onboarded: true,
        last_login: None,
        ..crate::services::accounts::new_user(&email, i as u64, registered)
    })
}

/// Demo shopper `i`, onboarded, registered just before their history begins.
pub fn demo_user(i: usize, now: DateTime<Utc>) -> Result<UserRecord, validation::ValidationError> {
    let email = validation::Email::parse(&demo_email(i))?;
    let registered = now - Duration::days(DEMO_DAYS + 1);
    Ok(UserRecord {
        id: demo_user_id(i).into(),
        display_name: format!("Demo shopper {i}"),
        onboarded: true,
        last_login: None,
        ..crate::services::accounts::new_user(&email, i as u64, registered)
    })
}

/// What [`write_demo`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DemoReport {
    pub shoppers: usize,
    pub history: store::HistoryReport,
}

/// Writes the demo shoppers and their history as of `now`, with every rollup the live path
/// keeps (hour buckets, window totals, product and brand days), into a database whose
/// catalogue was just seeded and that holds no swipes. Writes nothing when no product is
/// listed.
pub fn write_demo(
    store: &store::Store,
    now: DateTime<Utc>,
) -> Result<DemoReport, store::StoreError> {
    let catalogue = store.load_catalogue()?;
    let Some(history) = History::new(&catalogue) else {
        return Ok(DemoReport {
            shoppers: 0,
            history: store::HistoryReport::default(),
        });
    };
    let users = (0..DEMO_SHOPPERS)
        .map(|i| demo_user(i, now))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| store::StoreError::Config(format!("a demo shopper's e-mail: {e}")))?;
    let shoppers = store.insert_users(&users)?;
    let report = store.write_history(history.products(), history.demo_histories(now), now)?;
    store.roll_up_swipe_history()?;
    Ok(DemoReport {
        shoppers,
        history: report,
    })
}

/// How a history's times spread.
#[derive(Clone, Copy)]
enum Rhythm {
    /// Evenly over the span.
    Even,
    /// By [`DAY_RHYTHM`], more of them recent.
    Daily,
}

/// SplitMix64: small, fast and the same everywhere.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in 0..n (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A product as the history sees it.
#[derive(Debug)]
struct Item {
    colour: usize,
    sub: usize,
    brand: usize,
    band: usize,
    appeal: f64,
}

struct Taste {
    subs: [usize; 2],
    brands: [usize; 2],
    colour: usize,
    band: usize,
}

/// The listed products and what drawing from them needs.
#[derive(Debug)]
pub struct History {
    ids: Vec<(store::ids::ProductId, String)>,
    items: Vec<Item>,
    /// Cumulative popularity weights by popularity rank.
    cdf: Vec<f64>,
    /// Product index of each popularity rank.
    by_rank: Vec<usize>,
    /// Product indexes of each subcategory.
    by_sub: Vec<Vec<usize>>,
    /// Product indexes of each brand, and the brands of each gender slot that sell it.
    by_brand: Vec<Vec<usize>>,
    brands_of: [Vec<usize>; 3],
    /// Subcategories of each gender (male, female, unisex) that hold products.
    subs_of: [Vec<usize>; 3],
    colours: usize,
}

fn gender_slot(gender: &str) -> usize {
    match gender {
        "male" => 0,
        "female" => 1,
        _ => 2,
    }
}

impl History {
    /// Over the products shoppers can see (those of active brands); `None` when there are
    /// none.
    pub fn new(catalogue: &CatalogueData) -> Option<Self> {
        let active: HashSet<&str> = catalogue
            .rows
            .brands
            .iter()
            .filter(|b| b.is_active)
            .map(|b| b.id.as_str())
            .collect();
        let listed: Vec<&store::ProductRecord> = catalogue
            .products
            .iter()
            .filter(|p| active.contains(p.brand.id.as_str()))
            .collect();
        if listed.is_empty() {
            return None;
        }
        let mut prices: Vec<i64> = listed.iter().map(|p| p.price_paise).collect();
        prices.sort_unstable();
        let quartiles: Vec<i64> = (1..4).map(|q| prices[prices.len() * q / 4]).collect();
        let mut colours: HashMap<&str, usize> = HashMap::new();
        let mut subs: HashMap<&str, usize> = HashMap::new();
        let mut brands: HashMap<&str, usize> = HashMap::new();
        let mut by_brand: Vec<Vec<usize>> = Vec::new();
        let mut brands_of: [Vec<usize>; 3] = Default::default();
        let mut rng = Rng::new(SEED);
        let mut by_sub: Vec<Vec<usize>> = Vec::new();
        let mut sub_gender: Vec<usize> = Vec::new();
        let mut items = Vec::with_capacity(listed.len());
        for (i, p) in listed.iter().enumerate() {
            let next = colours.len();
            let colour = *colours.entry(p.colour.as_str()).or_insert(next);
            let sub_id = p.categories.last().map_or("", |c| c.id.as_str());
            let next = subs.len();
            let sub = *subs.entry(sub_id).or_insert(next);
            if sub == by_sub.len() {
                by_sub.push(Vec::new());
                sub_gender.push(gender_slot(&p.gender));
            }
            by_sub[sub].push(i);
            let next = brands.len();
            let brand = *brands.entry(p.brand.id.as_str()).or_insert(next);
            if brand == by_brand.len() {
                by_brand.push(Vec::new());
            }
            by_brand[brand].push(i);
            let slot = &mut brands_of[gender_slot(&p.gender)];
            if !slot.contains(&brand) {
                slot.push(brand);
            }
            items.push(Item {
                colour,
                sub,
                brand,
                band: quartiles.iter().filter(|q| p.price_paise >= **q).count(),
                appeal: (rng.unit() - 0.5) * 0.3,
            });
        }
        let mut by_rank: Vec<usize> = (0..items.len()).collect();
        for i in (1..by_rank.len()).rev() {
            by_rank.swap(i, rng.below(i + 1));
        }
        let mut sum = 0.0;
        let cdf = (0..items.len())
            .map(|r| {
                sum += 1.0 / ((r + 1) as f64).powf(ZIPF);
                sum
            })
            .collect();
        let mut subs_of: [Vec<usize>; 3] = Default::default();
        for (sub, gender) in sub_gender.iter().enumerate() {
            subs_of[*gender].push(sub);
        }
        Some(Self {
            ids: listed
                .iter()
                .map(|p| (p.id.clone(), p.gender.clone()))
                .collect(),
            items,
            cdf,
            by_rank,
            by_sub,
            by_brand,
            brands_of,
            subs_of,
            colours: colours.len(),
        })
    }

    /// The listed products as (id, gender); swipes name them by index into this list.
    pub fn products(&self) -> &[(store::ids::ProductId, String)] {
        &self.ids
    }

    fn taste(&self, rng: &mut Rng) -> Taste {
        // Women 45%, men 40%, unisex 15%, among the genders that have products.
        let weights = [40, 45, 15].map(|w| w as f64);
        let offered: Vec<usize> = (0..3).filter(|g| !self.subs_of[*g].is_empty()).collect();
        let total: f64 = offered.iter().map(|g| weights[*g]).sum();
        let mut pick = rng.unit() * total;
        let gender = offered
            .iter()
            .copied()
            .find(|g| {
                pick -= weights[*g];
                pick < 0.0
            })
            .unwrap_or(offered[0]);
        let subs = &self.subs_of[gender];
        let first = rng.below(subs.len());
        let second = if subs.len() > 1 {
            (first + 1 + rng.below(subs.len() - 1)) % subs.len()
        } else {
            first
        };
        let brands = &self.brands_of[gender];
        let one = rng.below(brands.len());
        let other = if brands.len() > 1 {
            (one + 1 + rng.below(brands.len() - 1)) % brands.len()
        } else {
            one
        };
        Taste {
            subs: [subs[first], subs[second]],
            brands: [brands[one], brands[other]],
            colour: rng.below(self.colours),
            band: rng.below(4),
        }
    }

    fn like_chance(&self, taste: &Taste, product: usize) -> f64 {
        let p = &self.items[product];
        let matches = usize::from(p.colour == taste.colour)
            + usize::from(taste.subs.contains(&p.sub))
            + usize::from(p.band == taste.band);
        let bonus = if taste.brands.contains(&p.brand) {
            BRAND_BONUS
        } else {
            0.0
        };
        (LIKE_CHANCE[matches] + bonus + p.appeal).clamp(0.02, 0.98)
    }

    fn draw(&self, taste: &Taste, rng: &mut Rng) -> usize {
        if rng.unit() < TASTE_SHARE {
            let pool = if rng.below(3) == 0 {
                &self.by_brand[taste.brands[rng.below(2)]]
            } else {
                &self.by_sub[taste.subs[rng.below(2)]]
            };
            pool[rng.below(pool.len())]
        } else {
            let target = rng.unit() * self.cdf[self.cdf.len() - 1];
            let rank = self.cdf.partition_point(|c| *c < target);
            self.by_rank[rank.min(self.by_rank.len() - 1)]
        }
    }

    /// How many swipes each of `users` shoppers gets, `swipes` in all (fewer only when that
    /// is more than every shopper's limit allows).
    fn counts(&self, users: usize, swipes: usize) -> Vec<usize> {
        let mut rng = Rng::new(SEED ^ 0xc0de);
        let weights: Vec<f64> = (0..users)
            .map(|_| (-(1.0 - rng.unit()).ln()).powf(1.5))
            .collect();
        let total: f64 = weights.iter().sum();
        let cap = MAX_PER_SHOPPER.min(self.items.len() / 2).max(1);
        let mut counts: Vec<usize> = weights
            .iter()
            .map(|w| ((w / total * swipes as f64) as usize).min(cap))
            .collect();
        let mut left = swipes.saturating_sub(counts.iter().sum());
        while left > 0 {
            let before = left;
            for c in counts.iter_mut().filter(|c| **c < cap) {
                if left == 0 {
                    break;
                }
                *c += 1;
                left -= 1;
            }
            if left == before {
                break;
            }
        }
        counts
    }

    /// The histories of bench users `0..users`, `swipes` in all over the `days` days before
    /// `now`, one shopper at a time.
    pub fn histories(
        &self,
        users: usize,
        swipes: usize,
        days: i64,
        now: DateTime<Utc>,
    ) -> impl Iterator<Item = ShopperHistory> + '_ {
        self.generate(users, swipes, days, now, Rhythm::Even, bench_user_id)
    }

    /// The demo shoppers' histories as of `now`.
    pub fn demo_histories(&self, now: DateTime<Utc>) -> impl Iterator<Item = ShopperHistory> + '_ {
        self.generate(
            DEMO_SHOPPERS,
            DEMO_SWIPES,
            DEMO_DAYS,
            now,
            Rhythm::Daily,
            demo_user_id,
        )
    }

    fn generate(
        &self,
        users: usize,
        swipes: usize,
        days: i64,
        now: DateTime<Utc>,
        rhythm: Rhythm,
        user_id: fn(usize) -> String,
    ) -> impl Iterator<Item = ShopperHistory> + '_ {
        let span = days.max(1) * 86_400;
        self.counts(users, swipes)
            .into_iter()
            .enumerate()
            .map(move |(user, count)| {
                let mut rng = Rng::new(SEED ^ (user as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
                let taste = self.taste(&mut rng);
                let mut seen = HashSet::with_capacity(count);
                let swipes = (0..count)
                    .map(|_| {
                        let mut product = self.draw(&taste, &mut rng);
                        let mut tries = 0;
                        while !seen.insert(product) {
                            tries += 1;
                            product = if tries < 32 {
                                self.draw(&taste, &mut rng)
                            } else {
                                rng.below(self.items.len())
                            };
                        }
                        let seconds = match rhythm {
                            Rhythm::Even => 1 + (rng.next() % span as u64) as i64,
                            Rhythm::Daily => daily_age(&mut rng, now, span),
                        };
                        PastSwipe {
                            product,
                            liked: rng.unit() < self.like_chance(&taste, product),
                            at: (now - Duration::seconds(seconds)).naive_utc(),
                        }
                    })
                    .collect();
                ShopperHistory {
                    user_id: user_id(user).into(),
                    swipes,
                }
            })
    }
}

/// A swipe's age in seconds (1 to `span`): its day by recency, its hour by [`DAY_RHYTHM`] in
/// IST.
fn daily_age(rng: &mut Rng, now: DateTime<Utc>, span: i64) -> i64 {
    let days = span as f64 / 86_400.0;
    let cut = 1.0 - (-days / DEMO_RECENCY_DAYS).exp();
    let age = -DEMO_RECENCY_DAYS * (1.0 - rng.unit() * cut).ln() * 86_400.0;
    let total: f64 = DAY_RHYTHM.iter().sum();
    let mut pick = rng.unit() * total;
    let hour = DAY_RHYTHM
        .iter()
        .position(|w| {
            pick -= w;
            pick < 0.0
        })
        .unwrap_or(23) as i64;
    let local_now = now.timestamp() + IST_OFFSET_SECONDS;
    let local = local_now - age as i64;
    let day_start = local - local.rem_euclid(86_400);
    let mut at = day_start + hour * 3_600 + (rng.next() % 3_600) as i64;
    if at >= local_now {
        at -= 86_400;
    } else if local_now - at > span {
        at += 86_400;
    }
    (local_now - at).clamp(1, span)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_user_ids_sort_by_number() {
        let ids: Vec<String> = [0, 1, 9, 10, 255, 256, 199_999]
            .into_iter()
            .map(bench_user_id)
            .collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted);
        assert_eq!(
            uuid::Uuid::parse_str(&ids[0]).map(|u| u.get_version_num()),
            Ok(7)
        );
    }

    #[test]
    fn demo_addresses_are_told_apart() {
        let parse = |e: &str| validation::Email::parse(e).expect("an address");
        assert!(is_demo_address(&parse(&demo_email(0))));
        assert!(is_demo_address(&parse("Shopper-7@DEMO.invalid")));
        assert!(is_demo_address(&parse("x@shop.demo.invalid")));
        assert!(!is_demo_address(&parse(&bench_email(0))));
        assert!(!is_demo_address(&parse("asha@demo.invalid.example.in")));
        assert!(!is_demo_address(&parse("asha@notdemo.invalid")));
        assert_ne!(demo_user_id(5), bench_user_id(5));
    }

    #[test]
    fn the_demo_history_has_a_daily_rhythm_and_recent_activity() {
        let dir = std::env::temp_dir().join(format!("shop-demo-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let url = store::DatabaseUrl::Sqlite(dir.join("shop.sqlite3").to_string_lossy().into());
        let store = store::Store::open(&url, 1).expect("open");
        store
            .seed_if_empty(|| catalogue::generate(catalogue::DEMO_PRODUCT_COUNT))
            .expect("seed");
        let catalogue = store.load_catalogue().expect("load");
        let _ = std::fs::remove_dir_all(&dir);
        let history = History::new(&catalogue).expect("listed products");
        let now = Utc::now();
        let a: Vec<ShopperHistory> = history.demo_histories(now).collect();
        let b: Vec<ShopperHistory> = history.demo_histories(now).collect();
        assert_eq!(a, b, "deterministic");
        assert_eq!(a.len(), DEMO_SHOPPERS);
        let swipes: Vec<&PastSwipe> = a.iter().flat_map(|h| &h.swipes).collect();
        assert_eq!(swipes.len(), DEMO_SWIPES);
        let mut by_hour = [0usize; 24];
        let mut by_week = [0usize; 4];
        for s in &swipes {
            let age = now.naive_utc() - s.at;
            assert!(age > Duration::zero() && age <= Duration::days(DEMO_DAYS));
            let local = s.at.and_utc().timestamp() + IST_OFFSET_SECONDS;
            by_hour[(local.rem_euclid(86_400) / 3_600) as usize] += 1;
            by_week[(age.num_days() / 7).min(3) as usize] += 1;
        }
        assert!(
            by_hour[21] > 5 * by_hour[4],
            "evenings busier than small hours: {by_hour:?}"
        );
        assert!(
            by_week[0] > 2 * by_week[3],
            "the last week busier than the fourth: {by_week:?}"
        );
        let last_day = swipes
            .iter()
            .filter(|s| now.naive_utc() - s.at <= Duration::hours(24))
            .count();
        assert!(last_day > DEMO_SWIPES / 30, "{last_day} in the last 24 h");
    }

    #[test]
    fn the_history_is_deterministic_skewed_and_one_verdict_per_product() {
        let dir = std::env::temp_dir().join(format!("shop-history-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let url = store::DatabaseUrl::Sqlite(dir.join("shop.sqlite3").to_string_lossy().into());
        let store = store::Store::open(&url, 1).expect("open");
        store
            .seed_if_empty(|| catalogue::generate_with_brands(2000, 40))
            .expect("seed");
        let catalogue = store.load_catalogue().expect("load");
        let _ = std::fs::remove_dir_all(&dir);
        let history = History::new(&catalogue).expect("listed products");
        let now = Utc::now();
        let a: Vec<ShopperHistory> = history.histories(300, 20_000, 30, now).collect();
        let b: Vec<ShopperHistory> = history.histories(300, 20_000, 30, now).collect();
        assert_eq!(a, b, "the same arguments give the same history");
        assert_eq!(a.iter().map(|h| h.swipes.len()).sum::<usize>(), 20_000);
        let mut per_product: HashMap<usize, usize> = HashMap::new();
        for h in &a {
            let distinct: HashSet<usize> = h.swipes.iter().map(|s| s.product).collect();
            assert_eq!(distinct.len(), h.swipes.len(), "one verdict per product");
            for s in &h.swipes {
                *per_product.entry(s.product).or_default() += 1;
                let age = now.naive_utc() - s.at;
                assert!(age > Duration::zero() && age <= Duration::days(30));
            }
        }
        let mut popularity: Vec<usize> = per_product.into_values().collect();
        popularity.sort_unstable_by(|a, b| b.cmp(a));
        let top: usize = popularity.iter().take(popularity.len() / 100).sum();
        assert!(
            top * 100 / 20_000 >= 5,
            "the top 1% of products draw at least 5% of the swipes ({top})"
        );
        let likes = a.iter().flat_map(|h| &h.swipes).filter(|s| s.liked).count();
        assert!((20..80).contains(&(likes * 100 / 20_000)), "{likes} likes");
    }
}
