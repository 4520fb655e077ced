//! Coupons (001 §7 `POST /offers/coupon/{code}/validate-cart`, §5, §8) and My Offers: the
//! signed-in shopper's own bag or direct-buy items, priced from the catalogue and checked
//! against the stored coupon and its usage. Nothing here is written: a use is counted only
//! when an order is placed (`store::claim_coupon_use`).

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use pricing::{Coupon, CouponCode, CouponError, CouponUsage, Money};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::catalogue::Snapshot;
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::{self, Decimal};

/// `{userId, cartItems}`: `userId` is ignored (whose bag it is comes from the session);
/// without `cartItems` the caller's bag is priced.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ValidateRequest {
    /// Ignored: the session decides whose coupon use this is.
    #[serde(rename = "userId")]
    #[schema(value_type = Option<String>)]
    pub user_id: Option<Value>,
    /// A direct buy: these products instead of the bag.
    #[serde(rename = "cartItems")]
    pub cart_items: Option<Vec<DirectItem>>,
}

/// One direct-buy item; its price and brand come from the catalogue, never from the client.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DirectItem {
    pub product: Option<DirectProduct>,
    /// Not used in pricing (every size costs the same).
    pub size: Option<String>,
    /// A whole number from 1 to 99; 1 when absent.
    #[schema(value_type = Option<u32>)]
    pub quantity: Option<Value>,
}

/// `{_id}`; any other field (a `brand`, a `price`) is ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DirectProduct {
    #[serde(rename = "_id")]
    pub id: Option<String>,
}

/// A coupon (001 §3 Coupon/offer), with the discount on the priced cart or My Offers' rules.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Offer {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub coupon_code: String,
    /// "percentage" or "fixed".
    #[schema(value_type = String)]
    pub discount_type: pricing::DiscountType,
    /// The percentage as a number for `percentage`; rupees as a decimal object for `fixed`.
    #[schema(value_type = crate::wire::CouponValue)]
    pub discount_value: Value,
    /// The cap of a percentage; null for none.
    pub max_discount_amount: Option<Decimal>,
    pub min_order_value: Decimal,
    pub is_active: bool,
    pub is_currently_valid: bool,
    /// What it takes off `subtotal` (validate-cart only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount: Option<Decimal>,
    /// The priced cart (validate-cart only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtotal: Option<Decimal>,
    /// Plain-English terms (My Offers only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<String>>,
}

/// `{offer}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferData {
    pub offer: Offer,
}

/// `{success: true, message: "Coupon applied", data: {offer}}` (001 §7).
#[derive(Debug, Serialize, ToSchema)]
pub struct Applied {
    pub success: bool,
    pub message: String,
    pub data: OfferData,
}

impl Offer {
    fn new(record: &store::CouponRecord, coupon: &Coupon, now: DateTime<Utc>) -> Self {
        let (discount_value, max_discount_amount) = match coupon.discount {
            pricing::CouponDiscount::Percentage {
                percent,
                max_discount,
            } => (
                serde_json::to_value(percent).unwrap_or(Value::Null),
                max_discount.filter(|cap| cap.is_positive()).map(Into::into),
            ),
            pricing::CouponDiscount::Fixed(amount) => (
                serde_json::to_value(Decimal::from(amount)).unwrap_or(Value::Null),
                None,
            ),
        };
        Offer {
            id: record.id.clone(),
            title: record.title.clone(),
            coupon_code: coupon.code.as_str().to_owned(),
            discount_type: coupon.discount.discount_type(),
            discount_value,
            max_discount_amount,
            min_order_value: coupon.min_order_value.into(),
            is_active: coupon.is_active,
            is_currently_valid: coupon.is_currently_valid(now),
            discount: None,
            subtotal: None,
            rules: None,
        }
    }
}

/// The API's answer to a coupon the pricing rules refuse (docs/http-api.md, Coupons); the
/// checkout's calls answer the same.
pub fn refusal(e: CouponError) -> ApiError {
    let code = match e {
        CouponError::Empty => return ApiError::bad_request("COUPON_REQUIRED", e.to_string()),
        CouponError::Invalid => "COUPON_INVALID",
        CouponError::MinimumOrder { .. } => "COUPON_MIN_ORDER",
        CouponError::BrandMissing | CouponError::BrandMismatch => "COUPON_BRAND",
        CouponError::AlreadyUsed => "COUPON_USED",
        CouponError::Exhausted => "COUPON_EXHAUSTED",
    };
    ApiError::Unprocessable {
        code,
        message: e.to_string(),
        available: None,
    }
}

pub fn empty_cart() -> ApiError {
    ApiError::Unprocessable {
        code: "EMPTY_CART",
        message: "Your cart is empty. Please add items before placing an order.".into(),
        available: None,
    }
}

fn overflow() -> ApiError {
    ApiError::Internal("cart subtotal overflows".into())
}

/// The subtotal and the brand of each item of what is being bought.
struct Priced {
    subtotal: Money,
    brand_ids: Vec<String>,
}

/// The caller's bag at today's unit prices (its lines whose product shoppers can see).
fn price_bag(snapshot: &Snapshot, lines: Vec<bag::Line>) -> Result<Priced, ApiError> {
    let bag = bag::Bag::resolve(lines, |id| super::bag::product(snapshot, id));
    let view = bag
        .view()
        .map_err(|e| ApiError::Internal(format!("bag totals: {e}")))?;
    Ok(Priced {
        subtotal: view.total_amount,
        brand_ids: view
            .items
            .iter()
            .map(|item| item.product.brand.id.clone())
            .collect(),
    })
}

/// Direct-buy items priced from the catalogue.
fn price_items(snapshot: &Snapshot, items: &[DirectItem]) -> Result<Priced, ApiError> {
    let mut subtotal = Money::ZERO;
    let mut brand_ids = Vec::with_capacity(items.len());
    for item in items {
        let id = item
            .product
            .as_ref()
            .and_then(|p| p.id.as_deref())
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .ok_or_else(|| ApiError::bad_request("INVALID_PRODUCT_ID", "productId is required"))?;
        let quantity = super::bag::quantity(item.quantity.as_ref(), 1, Some(1))?;
        let product = super::bag::product(snapshot, id)
            .ok_or_else(|| ApiError::NotFound("Product not found.".into()))?;
        let line = product
            .unit_price
            .checked_mul(quantity)
            .ok_or_else(overflow)?;
        subtotal = subtotal.checked_add(line).ok_or_else(overflow)?;
        brand_ids.push(product.brand.id);
    }
    Ok(Priced {
        subtotal,
        brand_ids,
    })
}

fn usage(record: &store::CouponRecord, shopper_uses: i64) -> CouponUsage {
    CouponUsage {
        times_used: u64::try_from(record.times_used).unwrap_or(0),
        shopper_uses: u64::try_from(shopper_uses).unwrap_or(0),
    }
}

/// A coupon that applies to a priced cart.
#[derive(Debug)]
pub struct AppliedCoupon {
    /// The offer as validate-cart answers it, with `discount` and `subtotal`.
    pub offer: Offer,
    /// The stored coupon's id, whose use an order claims.
    pub coupon_id: String,
    pub code: String,
    /// What it takes off the subtotal.
    pub discount: Money,
}

/// Checks the coupon `code` for `user_id` against a cart of `subtotal` whose items are of
/// `brand_ids`, with its usage as stored now: the coupon and its discount, or the refusal the
/// shopper reads. Nothing is written.
pub async fn apply(
    state: &AppState,
    user_id: &str,
    code: &CouponCode,
    subtotal: Money,
    brand_ids: &[String],
) -> Result<AppliedCoupon, ApiError> {
    let store = state.store.clone();
    let user = store::ids::UserId::new(user_id);
    let lookup = code.as_str().to_owned();
    let found = web::block(move || store.coupon_by_code(&lookup, &user)).await??;
    let now = state.clock.now();
    // An unknown code and a stored row the rules cannot read are both simply invalid.
    let (record, coupon, shopper_uses) = found
        .and_then(|(record, uses)| Some((wire::domain_coupon(&record)?, record, uses)))
        .map(|(coupon, record, uses)| (record, coupon, uses))
        .ok_or_else(|| refusal(CouponError::Invalid))?;
    let discount = coupon
        .redeem(subtotal, brand_ids, usage(&record, shopper_uses), now)
        .map_err(refusal)?;
    let mut offer = Offer::new(&record, &coupon, now);
    offer.discount = Some(discount.into());
    offer.subtotal = Some(subtotal.into());
    Ok(AppliedCoupon {
        offer,
        coupon_id: record.id,
        code: coupon.code.as_str().to_owned(),
        discount,
    })
}

/// Checks a coupon code against the caller's bag, or against direct-buy items, and answers
/// the discount. Nothing is written.
#[utoipa::path(
    post,
    path = "/api/offers/coupon/{code}/validate-cart",
    tag = "offers",
    params(("code" = String, Path, description = "The coupon code, in any case; trimmed")),
    request_body = ValidateRequest,
    responses(
        (status = 200, body = Applied, description = "The coupon applies: the offer with its discount and the subtotal it is taken from"),
        (status = 400, body = crate::error::ErrorBody, description = "COUPON_REQUIRED (a blank code), INVALID_PRODUCT_ID, INVALID_QUANTITY"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
        (status = 422, body = crate::error::ErrorBody, description = "EMPTY_CART, COUPON_INVALID, COUPON_MIN_ORDER, COUPON_BRAND, COUPON_USED or COUPON_EXHAUSTED"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn validate_cart(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<ValidateRequest>,
) -> Result<HttpResponse, ApiError> {
    let code = CouponCode::parse(&path.into_inner()).map_err(refusal)?;
    let snapshot = state.catalogue.snapshot();
    let body = body.into_inner();
    let priced = match &body.cart_items {
        Some(items) => price_items(&snapshot, items)?,
        None => {
            let store = state.store.clone();
            let user = caller.id().to_owned();
            let lines = web::block(move || store.bag_lines(&user)).await??;
            price_bag(&snapshot, lines)?
        }
    };
    if priced.brand_ids.is_empty() {
        return Err(empty_cart());
    }
    let applied = apply(
        &state,
        caller.id(),
        &code,
        priced.subtotal,
        &priced.brand_ids,
    )
    .await?;
    let offer = applied.offer;
    Ok(HttpResponse::Ok().json(Applied {
        success: true,
        message: "Coupon applied".into(),
        data: OfferData { offer },
    }))
}

/// The coupons the caller can use now (My Offers): active, inside their window, under both
/// usage limits for this shopper, and for no brand or a brand the shop shows; each with its
/// terms in plain English.
#[utoipa::path(
    get,
    path = "/api/offers/mine",
    tag = "offers",
    responses(
        (status = 200, body = [Offer], description = "The usable coupons, by code, each with rules"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn mine(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let (coupons, uses): (Vec<store::CouponRecord>, HashMap<String, i64>) = web::block(move || {
        Ok::<_, store::StoreError>((store.coupons()?, store.coupon_uses_of(&user)?))
    })
    .await??;
    let snapshot = state.catalogue.snapshot();
    let now = state.clock.now();
    let offers: Vec<Offer> = coupons
        .iter()
        .filter_map(|record| {
            let coupon = wire::domain_coupon(record)?;
            let used = usage(record, uses.get(&record.id).copied().unwrap_or(0));
            if !coupon.is_usable(used, now) {
                return None;
            }
            let brand_name = match &coupon.brand_id {
                Some(id) => Some(snapshot.active_brand(id)?.record.name.as_str()),
                None => None,
            };
            let mut offer = Offer::new(record, &coupon, now);
            offer.rules = Some(coupon.rules(brand_name));
            Some(offer)
        })
        .collect();
    Ok(HttpResponse::Ok().json(offers))
}
