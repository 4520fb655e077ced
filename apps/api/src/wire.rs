//! The JSON shapes of the HTTP contract (ARCHITECTURE.md): field names as the specification
//! spells them, money as `{"$numberDecimal": "1299.00"}`, populated brand and categories.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use pricing::Money;
use serde::Serialize;
use utoipa::ToSchema;

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

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A coupon's value: a whole percentage, or an amount of rupees.
#[derive(Debug, Serialize, ToSchema)]
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Specifications {
    pub pattern: String,
    pub length: String,
    pub fabric: String,
    pub sleeve_length: String,
    pub fit: String,
    pub distress: String,
}

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
    pub tags: Vec<String>,
    /// "male", "female" or "unisex".
    pub gender: String,
    pub colour: String,
    pub specifications: Specifications,
    pub assigned_coupon: Option<AssignedCoupon>,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
}

impl Product {
    /// Builds the answer; `now` decides whether the assigned coupon is currently valid, and
    /// `media_origin` (empty, or the shop's public origin) prefixes image URLs.
    pub fn from_record(p: store::ProductRecord, now: DateTime<Utc>, media_origin: &str) -> Self {
        let absolute = |url: String| {
            if media_origin.is_empty() || !url.starts_with('/') {
                url
            } else {
                format!("{media_origin}{url}")
            }
        };
        let assigned_coupon = p.assigned_coupon.map(|c| {
            let is_currently_valid =
                domain_coupon(&c).is_some_and(|coupon| coupon.is_currently_valid(now));
            AssignedCoupon {
                discount_value: if c.discount_type == "percentage" {
                    CouponValue::Percent(c.discount_value)
                } else {
                    CouponValue::Amount(Decimal::from_paise(c.discount_value))
                },
                max_discount_amount: c.max_discount_paise.map(Decimal::from_paise),
                coupon_code: c.code,
                discount_type: c.discount_type,
                is_currently_valid,
            }
        });
        Self {
            price: Decimal::from_paise(p.price_paise),
            sizes: p.stock.iter().map(|(size, _)| size.clone()).collect(),
            stock: p.stock.into_iter().collect(),
            brand: BrandRef {
                id: p.brand.id,
                name: p.brand.name,
                logo_url: p.brand.logo_url.map(absolute),
            },
            category: p
                .categories
                .into_iter()
                .map(|c| CategoryRef {
                    id: c.id,
                    name: c.name,
                })
                .collect(),
            specifications: Specifications {
                pattern: p.specifications.pattern,
                length: p.specifications.length,
                fabric: p.specifications.fabric,
                sleeve_length: p.specifications.sleeve_length,
                fit: p.specifications.fit,
                distress: p.specifications.distress,
            },
            assigned_coupon,
            id: p.id,
            name: p.name,
            description: p.description,
            currency: p.currency,
            offer_percentage: p.offer_percentage,
            images: p.images.into_iter().map(absolute).collect(),
            tags: p.tags,
            gender: p.gender,
            colour: p.colour,
            created_at: p.created_at.and_utc(),
        }
    }
}

/// The stored coupon as the pricing rules see it; `None` when the row breaks a rule (a code
/// that does not parse, a percentage above 100), which makes the coupon unusable, not the
/// answer fail.
pub fn domain_coupon(c: &store::CouponRecord) -> Option<pricing::Coupon> {
    let discount = match c.discount_type.as_str() {
        "percentage" => pricing::CouponDiscount::Percentage {
            percent: pricing::Percent::from_whole(u8::try_from(c.discount_value).ok()?).ok()?,
            max_discount: c.max_discount_paise.map(Money::from_paise),
        },
        "fixed" => pricing::CouponDiscount::Fixed(Money::from_paise(c.discount_value)),
        _ => return None,
    };
    Some(pricing::Coupon {
        code: pricing::CouponCode::parse(&c.code).ok()?,
        discount,
        min_order_value: Money::from_paise(c.min_order_paise),
        is_active: c.is_active,
        valid_from: Some(c.valid_from.and_utc()),
        valid_until: Some(c.valid_until.and_utc()),
        brand_id: c.brand_id.clone(),
    })
}
