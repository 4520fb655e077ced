//! One immutable view of the catalogue, ready to answer: every listed product, compact, with
//! the orders and indexes the list calls walk. Built from the database's rows; a change builds
//! a new snapshot (cheaply: unchanged products keep their entries and their kept JSON).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use actix_web::web::{Bytes, BytesMut};
use chrono::{DateTime, Utc};
use listing::{DealsFilter, PriceBounds, SortOrder};
use validation::ProductGender;

use super::product::Product;
use super::render::ProductJson;
use super::rendered::Rendered;
use crate::wire;

/// A product as the list calls need it.
#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) product: Product,
    gender: ProductGender,
    /// The price after the product's offer, which the price sorts use.
    sell_paise: i64,
}

impl Entry {
    /// `None` for a gender or an offer the database's checks forbid.
    pub(crate) fn new(product: Product) -> Option<Self> {
        let gender = ProductGender::parse(&product.gender).ok()?;
        let offer = pricing::Percent::from_whole(u8::try_from(product.offer_percentage).ok()?)
            .unwrap_or(pricing::Percent::ZERO);
        let sell_paise =
            pricing::offer_price(pricing::Money::from_paise(product.price_paise), offer).paise();
        Some(Self {
            gender,
            sell_paise,
            product,
        })
    }

    pub(crate) fn id(&self) -> &str {
        self.product.id.as_str()
    }
}

/// Which products a list starts from, before the shared filters.
#[derive(Debug, Clone)]
pub(crate) enum Scope {
    All,
    Brand(usize),
    /// The union of these categories' products.
    Categories(Vec<usize>),
    /// Products carrying this tag, compared ignoring case.
    Tag(String),
}

/// A product list query, already checked.
#[derive(Debug, Clone)]
pub(crate) struct ListQuery {
    pub(crate) scope: Scope,
    pub(crate) gender: Option<ProductGender>,
    pub(crate) price: PriceBounds,
    pub(crate) deals: Option<DealsFilter>,
    pub(crate) exclude: HashSet<String>,
    pub(crate) sort: SortOrder,
    pub(crate) limit: usize,
    pub(crate) offset: usize,
}

#[derive(Debug)]
pub(crate) struct BrandEntry {
    pub(crate) record: store::BrandRecord,
    pub(crate) gender: Option<ProductGender>,
    pub(crate) json: Bytes,
}

#[derive(Debug)]
pub(crate) struct CategoryEntry {
    pub(crate) record: store::CategoryRecord,
    pub(crate) gender: Option<ProductGender>,
    pub(crate) name_key: String,
}

/// The catalogue's rows other than products; shared by snapshots until one of them changes.
#[derive(Debug)]
pub(crate) struct Base {
    pub(crate) brands: Vec<store::BrandRecord>,
    pub(crate) categories: Vec<store::CategoryRecord>,
    pub(crate) coupons: HashMap<String, Option<pricing::Coupon>>,
    pub(crate) static_images: Vec<store::StaticImageRecord>,
    pub(crate) media_origin: String,
    /// Products' JSON kept for the snapshots of this base (a full load starts afresh).
    rendered: Rendered,
    active_brands: HashSet<store::ids::BrandId>,
}

impl Base {
    pub(crate) fn new(data: &store::CatalogueRows, media_origin: &str) -> Self {
        Self {
            brands: data.brands.clone(),
            categories: data.categories.clone(),
            coupons: data
                .coupons
                .iter()
                .map(|c| (c.id.clone(), c.terms()))
                .collect(),
            static_images: data.static_images.clone(),
            media_origin: media_origin.to_owned(),
            rendered: Rendered::default(),
            active_brands: data
                .brands
                .iter()
                .filter(|b| b.is_active)
                .map(|b| b.id.clone())
                .collect(),
        }
    }

    /// Whether shoppers see `product`: switched on and not archived by its brand, and the
    /// brand active.
    pub(crate) fn lists(&self, product: &Product) -> bool {
        product.is_active
            && product.archived_at.is_none()
            && self.active_brands.contains(&product.brand.id)
    }
}

/// What the list filters and sorts read of a product, kept apart from the entry in one dense
/// array: a deep page scans tens of thousands of products, and reading these from a compact
/// array instead of each entry's heap allocation is what keeps that scan in the cache.
#[derive(Debug, Clone, Copy)]
struct Facts {
    gender: ProductGender,
    price_paise: i64,
    sell_paise: i64,
    offer_percentage: i32,
    /// Position in the name order.
    name_rank: u32,
}

#[derive(Debug)]
pub(crate) struct Snapshot {
    pub(crate) base: Arc<Base>,
    /// Listed products (those of active brands), newest first: an index into this list is a
    /// product's rank in the default order.
    products: Vec<Arc<Entry>>,
    facts: Vec<Facts>,
    /// Plain prices in the newest-first order, and per gender in the order of `by_gender`: the
    /// newest-first lists filtered by price alone (most list calls, deep pages included) scan
    /// these dense arrays. Held as `i32` (up to ₹2.1 crore), which halves what a scan reads and
    /// lets the baseline x86-64 target compare four prices in one instruction; `None` when a
    /// price does not fit, and those lists take the general path.
    prices: Option<Vec<i32>>,
    gender_prices: Option<[Vec<i32>; 3]>,
    by_id: HashMap<store::ids::ProductId, usize>,
    by_gender: [Vec<usize>; 3],
    by_price_low: Vec<usize>,
    by_price_high: Vec<usize>,
    by_name: Vec<usize>,
    by_brand: Vec<Vec<usize>>,
    by_category: Vec<Vec<usize>>,
    by_tag: HashMap<String, Vec<usize>>,
    pub(crate) brands: Vec<BrandEntry>,
    brand_by_id: HashMap<store::ids::BrandId, usize>,
    /// Active brands, by name.
    pub(crate) brands_by_name: Vec<usize>,
    pub(crate) categories: Vec<CategoryEntry>,
    category_by_id: HashMap<store::ids::CategoryId, usize>,
    categories_json: Bytes,
    categories_by_gender_json: [Bytes; 3],
    popular_json: Bytes,
}

/// A snapshot's indexes of its products (newest first): by id, gender, brand, category, tag
/// and price.
struct Indexes {
    by_id: HashMap<store::ids::ProductId, usize>,
    by_gender: [Vec<usize>; 3],
    by_brand: Vec<Vec<usize>>,
    by_category: Vec<Vec<usize>>,
    by_tag: HashMap<String, Vec<usize>>,
    by_price_low: Vec<usize>,
    by_price_high: Vec<usize>,
}

impl Indexes {
    fn of(
        products: &[Arc<Entry>],
        brand_by_id: &HashMap<store::ids::BrandId, usize>,
        category_by_id: &HashMap<store::ids::CategoryId, usize>,
    ) -> Self {
        let mut by_id = HashMap::with_capacity(products.len());
        let mut by_gender: [Vec<usize>; 3] = Default::default();
        let mut by_brand = vec![Vec::new(); brand_by_id.len()];
        let mut by_category = vec![Vec::new(); category_by_id.len()];
        let mut by_tag: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, e) in products.iter().enumerate() {
            by_id.insert(e.product.id.clone(), i);
            by_gender[gender_slot(e.gender)].push(i);
            if let Some(&b) = brand_by_id.get(&e.product.brand.id) {
                by_brand[b].push(i);
            }
            for c in e.product.categories.iter() {
                if let Some(&c) = category_by_id.get(&c.id) {
                    by_category[c].push(i);
                }
            }
            // Tags are lower-cased here rather than kept lower-cased in each entry: a build of
            // a million products pays a few hundred milliseconds, and every process saves a
            // copy of every tag.
            let mut seen = HashSet::new();
            for tag in e.product.tags.iter() {
                let key = tag.to_lowercase();
                if seen.insert(key.clone()) {
                    by_tag.entry(key).or_default().push(i);
                }
            }
        }
        let mut by_price_low: Vec<usize> = (0..products.len()).collect();
        by_price_low.sort_by_key(|&i| (products[i].sell_paise, i));
        let mut by_price_high: Vec<usize> = (0..products.len()).collect();
        by_price_high.sort_by_key(|&i| (std::cmp::Reverse(products[i].sell_paise), i));
        Self {
            by_id,
            by_gender,
            by_brand,
            by_category,
            by_tag,
            by_price_low,
            by_price_high,
        }
    }
}

/// `products` by name (lower-cased, computed here rather than kept in each entry), and each
/// product's rank in that order.
fn by_name(products: &[Arc<Entry>]) -> (Vec<usize>, Vec<u32>) {
    let name_keys: Vec<String> = products
        .iter()
        .map(|e| e.product.name.to_lowercase())
        .collect();
    let mut by_name: Vec<usize> = (0..products.len()).collect();
    by_name.sort_by(|&a, &b| name_keys[a].cmp(&name_keys[b]).then(a.cmp(&b)));
    let mut name_rank = vec![0u32; products.len()];
    for (rank, &i) in by_name.iter().enumerate() {
        name_rank[i] = u32::try_from(rank).unwrap_or(u32::MAX);
    }
    (by_name, name_rank)
}

fn gender_slot(gender: ProductGender) -> usize {
    match gender {
        ProductGender::Male => 0,
        ProductGender::Female => 1,
        ProductGender::Unisex => 2,
    }
}

impl Snapshot {
    /// Arranges `entries` (any order). Shoppers see only what is on sale: products switched off
    /// or archived by their brand, and products of inactive or unknown brands, are left out.
    pub(crate) fn build(base: Arc<Base>, entries: Vec<Arc<Entry>>) -> Self {
        let mut brands: Vec<BrandEntry> = Vec::with_capacity(base.brands.len());
        let mut brand_by_id = HashMap::with_capacity(base.brands.len());
        for (i, b) in base.brands.iter().enumerate() {
            brand_by_id.insert(b.id.clone(), i);
            brands.push(BrandEntry {
                record: b.clone(),
                gender: ProductGender::parse(&b.gender).ok(),
                json: Bytes::new(),
            });
        }

        let mut products: Vec<Arc<Entry>> = entries
            .into_iter()
            .filter(|e| base.lists(&e.product))
            .collect();
        // Newest first; ids are time-ordered, so they break ties the same way on every backend.
        products.sort_unstable_by(|a, b| {
            b.product
                .created_at
                .cmp(&a.product.created_at)
                .then_with(|| b.product.id.cmp(&a.product.id))
        });

        let mut categories: Vec<CategoryEntry> = base
            .categories
            .iter()
            .map(|c| CategoryEntry {
                record: c.clone(),
                gender: ProductGender::parse(&c.gender).ok(),
                name_key: c.name.to_lowercase(),
            })
            .collect();
        // Men, women, unisex; within a gender by position (000 §2.5: the first four are home's).
        categories.sort_by_key(|c| {
            (
                c.gender.map_or(3, gender_slot),
                c.record.position,
                c.record.id.clone(),
            )
        });
        let category_by_id: HashMap<store::ids::CategoryId, usize> = categories
            .iter()
            .enumerate()
            .map(|(i, c)| (c.record.id.clone(), i))
            .collect();

        // Sorting by name, the build's longest step, runs beside the indexing.
        let (indexes, (by_name, name_rank)) = std::thread::scope(|scope| {
            let names = scope.spawn(|| by_name(&products));
            let indexes = Indexes::of(&products, &brand_by_id, &category_by_id);
            match names.join() {
                Ok(names) => (indexes, names),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        let Indexes {
            by_id,
            by_gender,
            by_brand,
            by_category,
            by_tag,
            by_price_low,
            by_price_high,
        } = indexes;
        let facts: Vec<Facts> = products
            .iter()
            .zip(name_rank)
            .map(|(e, name_rank)| Facts {
                gender: e.gender,
                price_paise: e.product.price_paise,
                sell_paise: e.sell_paise,
                offer_percentage: e.product.offer_percentage,
                name_rank,
            })
            .collect();
        let prices: Option<Vec<i32>> = facts
            .iter()
            .map(|f| i32::try_from(f.price_paise).ok())
            .collect();
        let gender_prices = prices.as_ref().map(|prices| {
            std::array::from_fn(|g| by_gender[g].iter().map(|&i| prices[i]).collect())
        });

        let media = base.media_origin.as_str();
        for (i, brand) in brands.iter_mut().enumerate() {
            brand.json = json(&wire::Brand::from_record(
                &brand.record,
                by_brand[i].len(),
                media,
            ));
        }
        let mut brands_by_name: Vec<usize> = (0..brands.len())
            .filter(|&i| brands[i].record.is_active)
            .collect();
        brands_by_name.sort_by_key(|&i| (brands[i].record.name.to_lowercase(), i));

        let wire_category = |i: usize| -> wire::Category {
            let c = &categories[i].record;
            wire::Category {
                id: c.id.to_string(),
                name: c.name.clone(),
                gender: c.gender.clone(),
                image: wire::absolute_url(media, c.image.clone()),
                parent_category: c.parent_id.as_ref().and_then(|p| {
                    category_by_id.get(p).map(|&p| wire::CategoryRef {
                        id: categories[p].record.id.to_string(),
                        name: categories[p].record.name.clone(),
                    })
                }),
                product_count: by_category[i].len(),
            }
        };
        let all: Vec<wire::Category> = (0..categories.len()).map(wire_category).collect();
        let categories_json = json(&all);
        let categories_by_gender_json = ProductGender::ALL.map(|g| {
            let of_gender: Vec<&wire::Category> = all
                .iter()
                .zip(&categories)
                .filter(|(_, c)| c.gender == Some(g))
                .map(|(w, _)| w)
                .collect();
            json(&of_gender)
        });

        let popular = listing::popular_searches(
            products
                .iter()
                .map(|e| (&*e.product.name, e.product.tags.iter().map(|tag| &**tag))),
        );

        Self {
            base,
            by_id,
            by_gender,
            by_price_low,
            by_price_high,
            by_name,
            by_brand,
            by_category,
            by_tag,
            brands,
            brand_by_id,
            brands_by_name,
            categories,
            category_by_id,
            categories_json,
            categories_by_gender_json,
            popular_json: json(&popular),
            products,
            facts,
            prices,
            gender_prices,
        }
    }

    pub(crate) fn entries(&self) -> &[Arc<Entry>] {
        &self.products
    }

    pub(crate) fn product(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    pub(crate) fn active_brand(&self, id: &str) -> Option<&BrandEntry> {
        self.brand_by_id
            .get(id)
            .map(|&i| &self.brands[i])
            .filter(|b| b.record.is_active)
    }

    pub(crate) fn active_brand_index(&self, id: &str) -> Option<usize> {
        self.brand_by_id
            .get(id)
            .copied()
            .filter(|&i| self.brands[i].record.is_active)
    }

    pub(crate) fn category_index(&self, id: &str) -> Option<usize> {
        self.category_by_id.get(id).copied()
    }

    /// Categories named `name` (ignoring case), of `gender` when given.
    pub(crate) fn categories_named(&self, name: &str, gender: Option<ProductGender>) -> Vec<usize> {
        let key = name.trim().to_lowercase();
        self.categories
            .iter()
            .enumerate()
            .filter(|(_, c)| c.name_key == key && gender.is_none_or(|g| c.gender == Some(g)))
            .map(|(i, _)| i)
            .collect()
    }

    pub(crate) fn categories_json(&self, gender: Option<ProductGender>) -> Bytes {
        match gender {
            None => self.categories_json.clone(),
            Some(g) => self.categories_by_gender_json[gender_slot(g)].clone(),
        }
    }

    pub(crate) fn popular_json(&self) -> Bytes {
        self.popular_json.clone()
    }

    /// The page of products `query` asks for, as indexes into the newest-first list.
    pub(crate) fn list(&self, query: &ListQuery) -> Vec<usize> {
        let exclude: HashSet<usize> = query
            .exclude
            .iter()
            .filter_map(|id| self.product(id))
            .collect();
        let keep = |i: &usize| -> bool {
            let f = &self.facts[*i];
            query.gender.is_none_or(|g| f.gender == g)
                && query.price.contains(f.price_paise)
                && query.deals.is_none_or(|d| d.matches(f.offer_percentage))
                && (exclude.is_empty() || !exclude.contains(i))
        };
        if let (Scope::All, SortOrder::Newest, None, true, Some(prices), Some(by_gender)) = (
            &query.scope,
            query.sort,
            query.deals,
            exclude.is_empty(),
            &self.prices,
            &self.gender_prices,
        ) {
            return match query.gender {
                Some(g) => {
                    let slot = gender_slot(g);
                    page_by_price(&by_gender[slot], query)
                        .into_iter()
                        .map(|p| self.by_gender[slot][p])
                        .collect()
                }
                None => page_by_price(prices, query),
            };
        }
        let page = |it: &mut dyn Iterator<Item = usize>| -> Vec<usize> {
            it.filter(keep)
                .skip(query.offset)
                .take(query.limit)
                .collect()
        };
        let subset: Vec<usize> = match &query.scope {
            Scope::All => {
                let order: &[usize] = match (query.sort, query.gender) {
                    (SortOrder::Newest, Some(g)) => &self.by_gender[gender_slot(g)],
                    (SortOrder::Newest, None) => {
                        return page(&mut (0..self.products.len()));
                    }
                    (SortOrder::PriceLow, _) => &self.by_price_low,
                    (SortOrder::PriceHigh, _) => &self.by_price_high,
                    (SortOrder::Name, _) => &self.by_name,
                };
                return page(&mut order.iter().copied());
            }
            Scope::Brand(b) => self.by_brand.get(*b).cloned().unwrap_or_default(),
            Scope::Categories(cs) => {
                let mut union: Vec<usize> = cs
                    .iter()
                    .filter_map(|c| self.by_category.get(*c))
                    .flatten()
                    .copied()
                    .collect();
                union.sort_unstable();
                union.dedup();
                union
            }
            Scope::Tag(tag) => self
                .by_tag
                .get(&tag.trim().to_lowercase())
                .cloned()
                .unwrap_or_default(),
        };
        let mut subset: Vec<usize> = subset.into_iter().filter(keep).collect();
        let facts = &self.facts;
        match query.sort {
            SortOrder::Newest => {}
            SortOrder::PriceLow => subset.sort_by_key(|&i| (facts[i].sell_paise, i)),
            SortOrder::PriceHigh => {
                subset.sort_by_key(|&i| (std::cmp::Reverse(facts[i].sell_paise), i))
            }
            SortOrder::Name => subset.sort_by_key(|&i| facts[i].name_rank),
        }
        subset
            .into_iter()
            .skip(query.offset)
            .take(query.limit)
            .collect()
    }

    /// A JSON array of these products, each coupon's validity as of `now`.
    pub(crate) fn render_products(&self, indexes: &[usize], now: DateTime<Utc>) -> Bytes {
        let mut out = Vec::with_capacity(indexes.len() * PRODUCT_JSON_BYTES + 2);
        out.push(b'[');
        for (n, entry) in indexes
            .iter()
            .filter_map(|&i| self.products.get(i))
            .enumerate()
        {
            if n > 0 {
                out.push(b',');
            }
            let valid = self.coupon_valid(entry, now);
            self.base
                .rendered
                .append(entry, valid, || self.render(entry, valid), &mut out);
        }
        out.push(b']');
        Bytes::from(out)
    }

    /// The JSON of a product, its coupon's validity as of `now`: kept, or rendered now.
    pub(crate) fn render_product(&self, index: usize, now: DateTime<Utc>) -> Option<Bytes> {
        let entry = self.products.get(index)?;
        let valid = self.coupon_valid(entry, now);
        Some(
            self.base
                .rendered
                .get(entry, valid, || self.render(entry, valid)),
        )
    }

    fn coupon_valid(&self, entry: &Entry, now: DateTime<Utc>) -> bool {
        entry
            .product
            .assigned_coupon
            .as_ref()
            .is_some_and(|coupon| {
                self.base
                    .coupons
                    .get(&coupon.id)
                    .and_then(Option::as_ref)
                    .is_some_and(|c| c.is_currently_valid(now))
            })
    }

    fn render(&self, entry: &Entry, coupon_valid: bool) -> Bytes {
        json(&ProductJson {
            product: &entry.product,
            coupon_valid,
            media_origin: &self.base.media_origin,
        })
    }
}

/// Positions in `prices` of the page `query` asks for, counting only prices inside its bounds.
fn page_by_price(prices: &[i32], query: &ListQuery) -> Vec<usize> {
    /// Prices counted at once while skipping to the page: a branch-free count of a block
    /// compiles to vector instructions, so a deep page skips thousands of products in a few
    /// microseconds.
    const BLOCK: usize = 64;
    // Every price fits in `i32`: a lower bound above its range or an upper bound below it
    // keeps nothing, and otherwise bounds beyond its range keep what its ends keep.
    let low = query.price.min_paise.unwrap_or(i64::MIN);
    let high = query.price.max_paise.unwrap_or(i64::MAX);
    if low > i64::from(i32::MAX) || high < i64::from(i32::MIN) {
        return Vec::new();
    }
    let clamp = |bound: i64| bound.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    let (low, high) = (clamp(low), clamp(high));
    let inside = |price: i32| price >= low && price <= high;
    let mut start = 0;
    let mut skipped = 0;
    for block in prices.chunks(BLOCK) {
        let count = block.iter().map(|&p| u32::from(inside(p))).sum::<u32>() as usize;
        if skipped + count > query.offset {
            break;
        }
        skipped += count;
        start += block.len();
    }
    let mut page = Vec::with_capacity(query.limit);
    for (position, &price) in prices.iter().enumerate().skip(start) {
        if !inside(price) {
            continue;
        }
        if skipped < query.offset {
            skipped += 1;
            continue;
        }
        page.push(position);
        if page.len() == query.limit {
            break;
        }
    }
    page
}

/// About the size of a product's JSON, to size a list's buffer once.
const PRODUCT_JSON_BYTES: usize = 1_600;

/// `[a,b,c]` from pre-rendered JSON values.
pub(crate) fn json_array(parts: &[&Bytes]) -> Bytes {
    let size = parts.iter().map(|p| p.len() + 1).sum::<usize>() + 2;
    let mut out = BytesMut::with_capacity(size);
    out.extend_from_slice(b"[");
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b",");
        }
        out.extend_from_slice(part);
    }
    out.extend_from_slice(b"]");
    out.freeze()
}

/// The JSON of `value`, in an allocation of its exact size: `Bytes` keeps a `Vec`'s spare
/// capacity, and serde_json's doubling growth leaves a product's JSON with a third of its
/// allocation unused on average, which a catalogue of a million products pays for in full.
fn json<T: serde::Serialize + ?Sized>(value: &T) -> Bytes {
    serde_json::to_vec(value)
        .map(|mut v| {
            v.shrink_to_fit();
            Bytes::from(v)
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(min: Option<i64>, max: Option<i64>, offset: usize, limit: usize) -> ListQuery {
        ListQuery {
            scope: Scope::All,
            gender: None,
            price: PriceBounds {
                min_paise: min,
                max_paise: max,
            },
            deals: None,
            exclude: HashSet::new(),
            sort: SortOrder::Newest,
            limit,
            offset,
        }
    }

    #[test]
    fn a_page_by_price_counts_only_prices_inside_its_bounds_whatever_their_range() {
        // 300 prices over several blocks, and the ends of `i32`.
        let mut prices: Vec<i32> = (0..300).map(|i| (i % 7) * 1_000).collect();
        prices.extend([i32::MAX, 0, i32::MIN + 1]);
        let cases: [(Option<i64>, Option<i64>); 6] = [
            (None, None),
            (Some(1_000), Some(3_000)),
            (Some(-5), Some(i64::MAX)),
            (Some(i64::MIN), Some(0)),
            (Some(i64::from(i32::MAX) + 1), None),
            (Some(6_000), Some(i64::from(i32::MAX))),
        ];
        for (min, max) in cases {
            let inside = |p: i32| {
                min.is_none_or(|m| i64::from(p) >= m) && max.is_none_or(|m| i64::from(p) <= m)
            };
            let matching: Vec<usize> = (0..prices.len()).filter(|&i| inside(prices[i])).collect();
            for (offset, limit) in [(0, 20), (65, 20), (130, 7), (290, 20), (1_000, 20)] {
                let expected: Vec<usize> =
                    matching.iter().copied().skip(offset).take(limit).collect();
                assert_eq!(
                    page_by_price(&prices, &query(min, max, offset, limit)),
                    expected,
                    "bounds {min:?}..{max:?}, offset {offset}, limit {limit}"
                );
            }
        }
    }
}
