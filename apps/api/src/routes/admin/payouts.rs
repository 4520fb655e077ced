//! The admin console's payouts: every brand's month, and recording one paid
//! (docs/http-api.md, "Payouts").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::payouts::{
    self as service, MonthQuery, PaidBody, Payout, PayoutAnswer, PayoutList, PayoutOrder,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list, record_paid),
    components(schemas(Payout, PayoutOrder, PayoutAnswer, PayoutList, PaidBody)),
    tags((name = "admin-payouts", description = "The admin console: brands' monthly payouts"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, post, resource};
    cfg.service(resource("/admin/payouts", get().to(list)))
        .service(resource(
            "/admin/payouts/{brandId}/{month}/paid",
            post().to(record_paid),
        ));
}

/// Every brand's month with anything in it (orders, refunds, or paid), without the orders.
#[utoipa::path(
    get,
    path = "/api/admin/payouts",
    tag = "admin-payouts",
    security(("session_cookie" = []), ("bearer" = [])),
    params(MonthQuery),
    responses(
        (status = 200, body = PayoutList, description = "By brand name"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED: `month`"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<MonthQuery>,
) -> Result<HttpResponse, ApiError> {
    let list = service::admin_list(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(list))
}

/// Records the brand's ended month as paid: its figures and orders are frozen as paid.
#[utoipa::path(
    post,
    path = "/api/admin/payouts/{brandId}/{month}/paid",
    tag = "admin-payouts",
    security(("session_cookie" = []), ("bearer" = [])),
    params(
        ("brandId" = String, Path, max_length = 64, description = "The brand"),
        ("month" = String, Path, pattern = "^[0-9]{4}-[0-9]{2}$", description = "YYYY-MM, IST"),
    ),
    request_body = PaidBody,
    responses(
        (status = 200, body = PayoutAnswer, description = "Paid"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED: `month` or `reference` (1 to 100 characters)"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "Brand not found."),
        (status = 409, body = ErrorBody, description = "MONTH_OPEN: the month has not ended; ALREADY_PAID"),
    ),
)]
pub async fn record_paid(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
    body: web::Json<PaidBody>,
) -> Result<HttpResponse, ApiError> {
    let (brand_id, month) = path.into_inner();
    let payout = service::record_paid(&state, &caller, brand_id, month, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(PayoutAnswer {
        success: true,
        payout,
    }))
}
