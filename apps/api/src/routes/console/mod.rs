//! The brand console (`/api/brand/...`): a brand's team, or an admin naming the brand, runs
//! the brand's products, stock, images, imports and coupons.

pub mod coupons;
pub mod events;
pub mod images;
pub mod imports;
pub mod insights;
pub mod payouts;
pub mod products;

use actix_web::web;

/// Registers the brand console's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    imports::routes(cfg);
    images::routes(cfg);
    products::routes(cfg);
    coupons::routes(cfg);
    insights::routes(cfg);
    events::routes(cfg);
    payouts::routes(cfg);
}

/// The brand console's parts of the OpenAPI document.
/// Each with the prefix of its operation ids (see `routes::openapi::document`).
pub(super) fn documents() -> Vec<(&'static str, utoipa::openapi::OpenApi)> {
    use utoipa::OpenApi;
    vec![
        ("brand_products", products::Doc::openapi()),
        ("brand_images", images::Doc::openapi()),
        ("brand_imports", imports::Doc::openapi()),
        ("brand_coupons", coupons::Doc::openapi()),
        ("brand_insights", insights::Doc::openapi()),
        ("brand_events", events::Doc::openapi()),
        ("brand_payouts", payouts::Doc::openapi()),
    ]
}
