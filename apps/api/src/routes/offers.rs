//! Coupons (001 §7 `POST /offers/coupon/{code}/validate-cart`, §5, §8) and My Offers: the
//! signed-in shopper's own bag or direct-buy items, priced from the catalogue and checked
//! against the stored coupon and its usage. Nothing here is written: a use is counted only
//! when an order is placed (`store::claim_coupon_use`).

use actix_web::{HttpResponse, web};
use pricing::CouponCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::checkout::input::ValidateRequest;
use crate::services::checkout::{CheckoutError, Offer, coupons};
use crate::state::AppState;

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
    let code = CouponCode::parse(&path.into_inner()).map_err(CheckoutError::from)?;
    let user = caller.id().clone();
    let offer = coupons::validate_cart(&state, &user, &code, &body).await?;
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
    let offers = coupons::my_offers(&state, caller.id()).await?;
    Ok(HttpResponse::Ok().json(offers))
}
