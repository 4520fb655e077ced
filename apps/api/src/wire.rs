//! The JSON shapes of the HTTP contract (docs/http-api.md): field names as the requirements
//! spell them, money as `{"$numberDecimal": "1299.00"}`, populated brand and categories.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDateTime, Utc};
use pricing::Money;
use serde::Serialize;
use utoipa::ToSchema;

/// What a brand, a category or a product is for (the wire spelling; documentation of the
/// `gender` strings the services answer and accept).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Male,
    Female,
    Unisex,
}

/// An amount of rupees as the specification's decimal object: exact, two decimals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Decimal {
    #[serde(rename = "$numberDecimal")]
    #[schema(example = "1299.00")]
    pub value: String,
}

impl From<Money> for Decimal {
    fn from(m: Money) -> Self {
        Self {
            value: m.to_decimal_string(),
        }
    }
}

impl Decimal {
    pub fn from_paise(paise: i64) -> Self {
        Money::from_paise(paise).into()
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BrandRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub logo_url: Option<String>,
}

impl BrandRef {
    pub fn of(b: &store::BrandRef, media_origin: &str) -> Self {
        Self {
            id: b.id.to_string(),
            name: b.name.clone(),
            logo_url: b
                .logo_url
                .as_ref()
                .map(|url| absolute_url(media_origin, url.clone())),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A coupon's value: a whole percentage, or an amount of rupees.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum CouponValue {
    Percent(i64),
    Amount(Decimal),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AssignedCoupon {
    pub coupon_code: String,
    /// "percentage" or "fixed".
    pub discount_type: String,
    pub discount_value: CouponValue,
    pub max_discount_amount: Option<Decimal>,
    /// Active and inside its validity dates at the time of the answer.
    pub is_currently_valid: bool,
}

pub use catalogue::Specifications;

/// A product as every product call answers it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Product {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub price: Decimal,
    pub currency: String,
    #[serde(rename = "offerPercentage")]
    pub offer_percentage: i32,
    pub images: Vec<String>,
    pub brand: BrandRef,
    pub category: Vec<CategoryRef>,
    pub sizes: Vec<String>,
    /// Units in stock per size.
    pub stock: BTreeMap<String, i32>,
    /// The same stock in the shape clients of colour variants read: one variant, the
    /// product's colour with its images and each size's units, in the product's size order.
    /// Derived from `colour`, `images` and `stock`: it changes whenever they do.
    pub product_variants: Vec<ProductVariant>,
    pub tags: Vec<String>,
    /// "male", "female" or "unisex".
    pub gender: String,
    pub colour: String,
    pub specifications: Specifications,
    pub assigned_coupon: Option<AssignedCoupon>,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
}

/// A colour of a product with its images and units per size (`product_variants`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductVariant {
    pub color: String,
    pub images: Vec<String>,
    pub sizes: Vec<VariantSize>,
}

/// A size of a variant and its units in stock.
#[derive(Debug, Serialize, ToSchema)]
pub struct VariantSize {
    pub size: String,
    pub stock: i32,
}

/// The fields every short view of a product carries (a bag line's product, a curated-list
/// entry, a trending entry); each view adds its own fields beside them.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductSummary {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub images: Vec<String>,
    /// The plain price of one item.
    pub price: Decimal,
    #[serde(rename = "offerPercentage")]
    pub offer_percentage: i32,
}

impl ProductSummary {
    /// `media_origin` (empty, or the shop's public origin) prefixes image URLs.
    pub(crate) fn of(p: &crate::catalogue::Product, media_origin: &str) -> Self {
        Self {
            id: p.id.to_string(),
            name: p.name.to_string(),
            images: p
                .image_urls()
                .map(|url| absolute_url(media_origin, url.to_owned()))
                .collect(),
            price: Decimal::from_paise(p.price_paise),
            offer_percentage: p.offer_percentage,
        }
    }
}

/// `url` made absolute when the shop has a public origin (empty: same-origin paths).
pub fn absolute_url(media_origin: &str, url: String) -> String {
    if media_origin.is_empty() || !url.starts_with('/') {
        url
    } else {
        format!("{media_origin}{url}")
    }
}

impl Product {
    /// Builds the answer; `coupon_valid` says whether the assigned coupon (if any) is valid at
    /// the time of the answer, and `media_origin` (empty, or the shop's public origin) prefixes
    /// image URLs. The shop's own answers write the same JSON without building this value
    /// (`catalogue::render`).
    pub(crate) fn of(
        p: &crate::catalogue::Product,
        coupon_valid: bool,
        media_origin: &str,
    ) -> Self {
        let images: Vec<String> = p
            .image_urls()
            .map(|url| absolute_url(media_origin, url.to_owned()))
            .collect();
        Self {
            price: Decimal::from_paise(p.price_paise),
            sizes: p.sizes.iter().map(ToString::to_string).collect(),
            stock: p
                .stock()
                .map(|(size, units)| (size.to_owned(), units))
                .collect(),
            product_variants: vec![ProductVariant {
                color: p.colour.to_string(),
                images: images.clone(),
                sizes: p
                    .stock()
                    .map(|(size, stock)| VariantSize {
                        size: size.to_owned(),
                        stock,
                    })
                    .collect(),
            }],
            brand: BrandRef::of(&p.brand, media_origin),
            category: p
                .categories
                .iter()
                .map(|c| CategoryRef {
                    id: c.id.to_string(),
                    name: c.name.clone(),
                })
                .collect(),
            specifications: (*p.specifications).clone(),
            assigned_coupon: p
                .assigned_coupon
                .as_deref()
                .map(|c| AssignedCoupon::of(c, coupon_valid)),
            id: p.id.to_string(),
            name: p.name.to_string(),
            description: p.description.to_string(),
            currency: p.currency.to_string(),
            offer_percentage: p.offer_percentage,
            images,
            tags: p.tags.iter().map(ToString::to_string).collect(),
            gender: p.gender.to_string(),
            colour: p.colour.to_string(),
            created_at: p.created_at.and_utc(),
        }
    }
}

impl AssignedCoupon {
    /// `coupon` as a product carries it, `valid` at the time of the answer.
    pub fn of(c: &store::CouponRecord, valid: bool) -> Self {
        Self {
            discount_value: if c.discount_type == "percentage" {
                CouponValue::Percent(c.discount_value)
            } else {
                CouponValue::Amount(Decimal::from_paise(c.discount_value))
            },
            max_discount_amount: c.max_discount_paise.map(Decimal::from_paise),
            coupon_code: c.code.clone(),
            discount_type: c.discount_type.clone(),
            is_currently_valid: valid,
        }
    }
}

/// A brand (000 §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct Brand {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub is_active: bool,
    pub logo_url: Option<String>,
    pub description: String,
    /// "male", "female" or "unisex".
    pub gender: String,
    /// Products of this brand shoppers can see.
    #[serde(rename = "productCount")]
    pub product_count: usize,
    pub created_at: DateTime<Utc>,
}

impl Brand {
    pub fn from_record(b: &store::BrandRecord, product_count: usize, media_origin: &str) -> Self {
        Self {
            id: b.id.to_string(),
            name: b.name.clone(),
            is_active: b.is_active,
            logo_url: b
                .logo_url
                .as_ref()
                .map(|url| absolute_url(media_origin, url.clone())),
            description: b.description.clone(),
            gender: b.gender.clone(),
            product_count,
            created_at: utc(b.created_at),
        }
    }
}

/// A category (000 §3); `parentCategory` is null on a top-level one.
#[derive(Debug, Serialize, ToSchema)]
pub struct Category {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// "male", "female" or "unisex".
    pub gender: String,
    pub image: String,
    #[serde(rename = "parentCategory")]
    pub parent_category: Option<CategoryRef>,
    /// Products in this category shoppers can see.
    #[serde(rename = "productCount")]
    pub product_count: usize,
}

fn utc(at: NaiveDateTime) -> DateTime<Utc> {
    at.and_utc()
}

/// A user, as every users call answers it (docs/http-api.md, "Users").
#[derive(Debug, Serialize, ToSchema)]
pub struct User {
    #[serde(rename = "_id")]
    pub id: String,
    pub email: Option<String>,
    pub display_name: String,
    /// Ten digits, without the +91 prefix.
    pub phone: Option<String>,
    pub age: i32,
    /// male, female or other.
    pub gender: String,
    /// `YYYY-MM-DD`.
    #[serde(rename = "dateOfBirth")]
    pub date_of_birth: Option<String>,
    pub location: String,
    pub delivery_addresses: Vec<String>,
    /// The onboarding style interests.
    pub interests: Vec<String>,
    /// The onboarding preferred fits.
    pub ml_preferences: Vec<String>,
    #[serde(rename = "ageRange")]
    pub age_range: String,
    /// Onboarding is complete.
    pub onboarded: bool,
    /// 0 shopper, 1 brand user, 2 admin.
    pub role: i32,
    pub is_admin: bool,
    pub is_brand_user: bool,
    /// The brand a brand user works for.
    pub brand_id: Option<String>,
    pub last_login: Option<DateTime<Utc>>,
    pub oauth_provider: Option<String>,
    pub oauth_id: Option<String>,
    pub avatar_url: Option<String>,
    pub followed_brand_ids: Vec<String>,
    pub payment_methods: Vec<String>,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
    /// A new e-mail the user asked for and has not proven with its mailed code yet; `email`
    /// stays the account's address until then.
    #[serde(rename = "pendingEmail")]
    pub pending_email: Option<String>,
}

impl From<&store::UserRecord> for User {
    fn from(u: &store::UserRecord) -> Self {
        Self {
            id: u.id.to_string(),
            email: u.email.clone(),
            display_name: u.display_name.clone(),
            phone: u.phone.clone(),
            age: u.age,
            gender: u.gender.clone(),
            date_of_birth: u.date_of_birth.clone(),
            location: u.location.clone(),
            delivery_addresses: u.delivery_addresses.clone(),
            interests: u.interests.clone(),
            ml_preferences: u.ml_preferences.clone(),
            age_range: u.age_range.clone(),
            onboarded: u.onboarded,
            role: access::Role::from_flags(u.is_admin, u.is_brand_user).number(),
            is_admin: u.is_admin,
            is_brand_user: u.is_brand_user,
            brand_id: u.brand_id.clone().map(String::from),
            last_login: u.last_login.map(utc),
            oauth_provider: None,
            oauth_id: None,
            avatar_url: None,
            followed_brand_ids: Vec::new(),
            payment_methods: Vec::new(),
            created_at: utc(u.created_at),
            pending_email: u.pending_email.clone(),
        }
    }
}
