//! The brand console's coupons: `GET/POST /api/brand/coupons`, `PATCH /api/brand/coupons/{id}`
//! (docs/http-api.md, "Console coupons").

use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::console::coupons::{self, ConsoleCoupon, CouponBrand, CouponInput};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list_coupons, create_coupon, update_coupon),
    components(schemas(ConsoleCoupon, CouponBrand, CouponInput, CouponList, CouponAnswer)),
    tags((name = "brand console", description = "A brand's products, stock, images, imports, coupons and orders"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, patch, post, resource, resource_of};
    cfg.service(resource_of(
        "/brand/coupons",
        [get().to(list_coupons), post().to(create_coupon)],
    ))
    .service(resource("/brand/coupons/{id}", patch().to(update_coupon)));
}

/// `?brandId=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct BrandQuery {
    /// The brand (admins; without it an admin lists every coupon).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// `{success, coupons}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponList {
    pub success: bool,
    pub coupons: Vec<ConsoleCoupon>,
}

/// `{success, coupon}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponAnswer {
    pub success: bool,
    pub coupon: ConsoleCoupon,
}

/// The brand's coupons, by code, each with the products it is assigned to.
#[utoipa::path(
    get,
    path = "/api/brand/coupons",
    tag = "brand console",
    params(BrandQuery),
    responses(
        (status = 200, body = CouponList, description = "By code"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "A brand user naming another brand"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn list_coupons(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<BrandQuery>,
) -> Result<HttpResponse, ApiError> {
    let found = coupons::list(&state, &caller, query.into_inner().brand_id).await?;
    Ok(HttpResponse::Ok().json(CouponList {
        success: true,
        coupons: found,
    }))
}

/// Creates a coupon of the brand, assigned to `products` (the brand's).
#[utoipa::path(
    post,
    path = "/api/brand/coupons",
    tag = "brand console",
    request_body = CouponInput,
    responses(
        (status = 201, body = CouponAnswer, description = "Created"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED with `fields` by wire name; BRAND_REQUIRED (an admin without brandId)"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found. (another brand's, or none)"),
        (status = 409, body = crate::error::ErrorBody, description = "COUPON_CODE_TAKEN: another coupon has the code"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn create_coupon(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CouponInput>,
) -> Result<HttpResponse, ApiError> {
    let coupon = coupons::create(&state, &caller, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(CouponAnswer {
        success: true,
        coupon,
    }))
}

/// Edits a coupon: the fields sent, at the version read (`version` or `If-Match`).
#[utoipa::path(
    patch,
    path = "/api/brand/coupons/{id}",
    tag = "brand console",
    params(("id" = String, Path, description = "The coupon")),
    request_body = CouponInput,
    responses(
        (status = 200, body = CouponAnswer, description = "Edited"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED with `fields`; INVALID_VERSION"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Coupon not found. (or another brand's)"),
        (status = 409, body = crate::error::ErrorBody, description = "STALE_EDIT with `current`; COUPON_CODE_TAKEN"),
        (status = 428, body = crate::error::ErrorBody, description = "VERSION_REQUIRED: the edit names no version"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn update_coupon(
    state: web::Data<AppState>,
    caller: Caller,
    request: HttpRequest,
    path: web::Path<String>,
    body: web::Json<CouponInput>,
) -> Result<HttpResponse, ApiError> {
    let if_match = request
        .headers()
        .get(actix_web::http::header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let coupon = coupons::update(
        &state,
        &caller,
        path.into_inner(),
        body.into_inner(),
        if_match,
    )
    .await?;
    Ok(HttpResponse::Ok().json(CouponAnswer {
        success: true,
        coupon,
    }))
}
