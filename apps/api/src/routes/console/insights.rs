//! The brand console's insights: `GET /api/brand/insights/summary`, `.../products`,
//! `.../products/{id}/daily` and `.../low-stock` (docs/http-api.md, "Insights").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::insights::{
    self,
    wire::{
        DailyQuery, DailyRevenue, Funnel, InsightsLowStock, InsightsProductDaily, InsightsProducts,
        InsightsSummary, LowStockItem, LowStockQuery, PeriodQuery, ProductDayInsight,
        ProductInsight, ProductsQuery,
    },
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(summary, products, product_daily, low_stock),
    components(schemas(
        InsightsSummary, Funnel, DailyRevenue, InsightsProducts, ProductInsight,
        InsightsProductDaily, ProductDayInsight, InsightsLowStock, LowStockItem
    )),
    tags((name = "brand console", description = "A brand's products, stock, images, imports, coupons, orders and insights"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, resource};
    cfg.service(resource("/brand/insights/summary", get().to(summary)))
        .service(resource("/brand/insights/products", get().to(products)))
        .service(resource(
            "/brand/insights/products/{id}/daily",
            get().to(product_daily),
        ))
        .service(resource("/brand/insights/low-stock", get().to(low_stock)));
}

/// The brand's figures over a period of IST days: revenue, refunds, orders, units, shoppers,
/// the swipe funnel and revenue by day.
#[utoipa::path(
    get,
    path = "/api/brand/insights/summary",
    tag = "brand console",
    params(PeriodQuery),
    responses(
        (status = 200, body = InsightsSummary, description = "The period's figures, every day present"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED with `fields` (from, to); BRAND_REQUIRED (an admin without brandId)"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found. (another brand's, or none)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn summary(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, ApiError> {
    let answer = insights::summary(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// The brand's products with anything in the period: the swipe funnel, orders and revenue,
/// and today's trending rank.
#[utoipa::path(
    get,
    path = "/api/brand/insights/products",
    tag = "brand console",
    params(ProductsQuery),
    responses(
        (status = 200, body = InsightsProducts, description = "Best first by `sort`"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED with `fields` (from, to, sort, limit); BRAND_REQUIRED"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found. (another brand's, or none)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn products(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ProductsQuery>,
) -> Result<HttpResponse, ApiError> {
    let answer = insights::products(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// One product's funnel, orders and revenue by IST day.
#[utoipa::path(
    get,
    path = "/api/brand/insights/products/{id}/daily",
    tag = "brand console",
    params(
        ("id" = String, Path, max_length = 64, description = "The product"),
        DailyQuery,
    ),
    responses(
        (status = 200, body = InsightsProductDaily, description = "Every day of the period"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED with `fields` (from, to)"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found. (or another brand's)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn product_daily(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<DailyQuery>,
) -> Result<HttpResponse, ApiError> {
    let answer =
        insights::product_daily(&state, &caller, path.into_inner(), query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Sizes of the brand's active products with few units left, fewest first.
#[utoipa::path(
    get,
    path = "/api/brand/insights/low-stock",
    tag = "brand console",
    params(LowStockQuery),
    responses(
        (status = 200, body = InsightsLowStock, description = "Fewest units first, at most 500"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED with `fields` (threshold)"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found. (a brand user naming another brand)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn low_stock(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<LowStockQuery>,
) -> Result<HttpResponse, ApiError> {
    let answer = insights::low_stock(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(answer))
}
