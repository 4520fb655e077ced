//! The brand console's payouts: `GET /api/brand/payouts` and its CSV,
//! `GET /api/brand/payouts/export` (docs/http-api.md, "Payouts").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::payouts::{self as service, Payout, PayoutAnswer, PayoutOrder, PayoutQuery};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(payout, export),
    components(schemas(Payout, PayoutOrder, PayoutAnswer)),
    tags((name = "brand console", description = "A brand's products, stock, images, imports, coupons and orders"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, resource};
    cfg.service(resource("/brand/payouts", get().to(payout)))
        .service(resource("/brand/payouts/export", get().to(export)));
}

/// The brand's month: its figures, status and order lines.
#[utoipa::path(
    get,
    path = "/api/brand/payouts",
    tag = "brand console",
    params(PayoutQuery),
    responses(
        (status = 200, body = PayoutAnswer, description = "The month"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED (`month`); BRAND_REQUIRED (an admin without brandId)"),
        (status = 401, body = ErrorBody, description = "Not signed in"),
        (status = 403, body = ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = ErrorBody, description = "Brand not found. (another brand's, or none)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn payout(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<PayoutQuery>,
) -> Result<HttpResponse, ApiError> {
    let payout = service::brand_payout(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(PayoutAnswer {
        success: true,
        payout,
    }))
}

/// The brand's month as a CSV attachment: one row per order, then a totals row.
#[utoipa::path(
    get,
    path = "/api/brand/payouts/export",
    tag = "brand console",
    params(PayoutQuery),
    responses(
        (status = 200, content_type = "text/csv", body = String, description = "orderId,placedAt,total,refunded,commission,net"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED (`month`); BRAND_REQUIRED"),
        (status = 401, body = ErrorBody, description = "Not signed in"),
        (status = 403, body = ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = ErrorBody, description = "Brand not found."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn export(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<PayoutQuery>,
) -> Result<HttpResponse, ApiError> {
    let file = service::brand_export(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", file.filename),
        ))
        .body(file.body))
}
