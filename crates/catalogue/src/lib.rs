//! # catalogue: the demo catalogue and the artwork behind every image URL
//!
//! This crate owns two things:
//!
//! - [`generate`]: a deterministic demo catalogue for an Indian fashion shop: 24 invented
//!   brands, a category tree per gender, 10 coupons (two with usage limits), any number of products (the demo has
//!   [`DEMO_PRODUCT_COUNT`]) and the static images of the admin library. The same count gives
//!   the same catalogue, byte for byte, on every machine: values come from a small seeded
//!   generator (SplitMix64), dates from a fixed base (2026-01-01T00:00:00 UTC), and ids are
//!   UUID v7 strings built from those dates, so they sort in creation order.
//! - [`art`] and [`resolve_media`]: hand-written SVG for every image URL the catalogue
//!   contains: garments (`/api/media/art/{kind}/{colour}/{view}.svg`), brand logos
//!   (`/api/media/logo/{INITIALS}/{colour}.svg`) and banners (`/api/media/banner/{name}.svg`).
//!   The API answers those paths with `resolve_media`.
//!
//! It must never import I/O, a clock, OS randomness, a database (diesel) or a web framework
//! (actix): it is data and drawings only, computed from its inputs.
//!
//! ## What the demo catalogue looks like
//!
//! - Brands: nine for men, nine for women, six unisex; two inactive (Saffron Edge, Sandook
//!   Supply), three without a logo (Pahadi Trail, Mehr Label, Jugaad Goods). Inactive brands
//!   keep their (few) products; whether to list them is the API's decision.
//! - Categories: see the tree in `categories.rs`. Every category has a `position`; ordering a
//!   gender's categories by it lists the top-level ones first (1, 2, 3...), then the
//!   subcategories of top-level `n` as `n*100 + 1...`. The first four per gender, which home
//!   shows: men Topwear, Bottomwear, Ethnic Wear, Accessories; women Western Wear, Bottomwear,
//!   Ethnic Wear, Accessories; unisex Topwear, Bottomwear, Accessories, Footwear. The
//!   subcategory names the look pages use (001 §9) exist exactly as spelt there.
//! - Products: spread evenly over the (brand, subcategory) pairs a brand carries (its own
//!   gender only; unisex brands sell unisex lines). `category_ids` is `[top-level, sub]`.
//!   Images are front, back and detail art in the product's colour. Sizes come from the
//!   specification's list only: letter runs for tops and soft bottoms, waist runs for jeans,
//!   trousers, cargos, shorts and belts, EU sizes 36-42 for footwear, and `["M"]` for
//!   accessories and sarees. About 40% have an offer (all of 10/20/30/40/50, the four
//!   flash-sale values first); about 15% of the others carry a coupon, and a few carry both.
//!   Tags: the subcategory name, a style (streetwear, formal, casual, elegant, party, ethnic),
//!   the colour, then maybe `new-arrival` (newest eighth), `bestseller` and a season.

pub mod art;
mod brands;
mod categories;
mod coupons;
mod ids;
mod kinds;
mod media;
mod products;
mod rng;
mod static_images;

pub use media::{MEDIA_PREFIX, art_url, banner_url, logo_url, resolve_media};

use chrono::NaiveDateTime;

/// Products in the demo catalogue seeded into an empty database.
pub const DEMO_PRODUCT_COUNT: usize = 1500;

/// Everything [`generate`] makes, each list in creation (and id) order.
#[derive(Debug, Clone, PartialEq)]
pub struct Catalogue {
    pub brands: Vec<Brand>,
    pub categories: Vec<Category>,
    pub coupons: Vec<Coupon>,
    pub products: Vec<Product>,
    pub static_images: Vec<StaticImage>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
    Unisex,
}

impl Gender {
    /// "male", "female" or "unisex", as products carry it (000 §2.6).
    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Male => "male",
            Gender::Female => "female",
            Gender::Unisex => "unisex",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Brand {
    pub id: String,
    pub name: String,
    pub description: String,
    /// `None` for the brands the clients show as initials.
    pub logo_url: Option<String>,
    pub is_active: bool,
    pub gender: Gender,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    pub id: String,
    pub name: String,
    pub gender: Gender,
    /// `None` for a top-level category.
    pub parent_id: Option<String>,
    /// An art URL.
    pub image: String,
    /// Order within the gender: top-level 1, 2, 3...; subcategories of `n` from `n*100 + 1`.
    pub position: i32,
}

/// A coupon of the demo: its id and title, and its terms as the pricing rules read them.
#[derive(Debug, Clone, PartialEq)]
pub struct Coupon {
    pub id: String,
    pub title: String,
    pub terms: pricing::Coupon,
}

// The one shape of a product's specifications: the demo catalogue builds it, the store reads it
// back from a product row, and the API answers it as it is.
/// What a garment is made like.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Specifications {
    pub pattern: String,
    pub length: String,
    pub fabric: String,
    pub sleeve_length: String,
    pub fit: String,
    pub distress: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: String,
    pub name: String,
    pub description: String,
    pub brand_id: String,
    /// `[top-level category id, subcategory id]`.
    pub category_ids: Vec<String>,
    pub gender: Gender,
    pub price_paise: i64,
    /// 0, or one of 10, 20, 30, 40, 50.
    pub offer_percentage: i32,
    /// "INR".
    pub currency: String,
    /// Front, back and detail art URLs.
    pub images: Vec<String>,
    pub sizes: Vec<String>,
    /// Count left per size, in the order of `sizes`.
    pub stock: Vec<(String, i32)>,
    pub tags: Vec<String>,
    /// One of [`art::COLOURS`].
    pub colour: String,
    pub specifications: Specifications,
    pub assigned_coupon_id: Option<String>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StaticImage {
    pub id: String,
    /// trends, hero, products, brands or ui.
    pub category: String,
    /// mobile, desktop or all.
    pub device: String,
    pub title: String,
    /// A banner URL.
    pub url: String,
    pub is_active: bool,
}

/// The catalogue with `product_count` products. Deterministic: the same count always gives
/// the same catalogue. Brands, categories, coupons and static images do not depend on the
/// count.
pub fn generate(product_count: usize) -> Catalogue {
    generate_with_brands(product_count, DEMO_BRAND_COUNT)
}

/// Brands in the demo catalogue: the 24 hand-written ones.
pub const DEMO_BRAND_COUNT: usize = 24;

/// The catalogue with `product_count` products spread over `brand_count` brands: the 24 of the
/// demo, then generated active ones ("Neel Loom", "Lal Studio", ...) up to `brand_count`
/// (fewer than 24 keeps the 24). Benchmarks use 300 brands.
pub fn generate_with_brands(product_count: usize, brand_count: usize) -> Catalogue {
    let brands = brands::brands(brand_count.saturating_sub(DEMO_BRAND_COUNT));
    let tree = categories::tree();
    let coupons = coupons::coupons(&brands);
    let products = products::products(product_count, &brands, &tree, &coupons);
    Catalogue {
        brands,
        categories: tree.categories,
        coupons: coupons.into_iter().map(|(coupon, _)| coupon).collect(),
        products,
        static_images: static_images::static_images(),
    }
}
