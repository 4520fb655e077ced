//! The brand console (`/api/brand/...`): a brand's team, or an admin naming the brand, runs
//! the brand's products, stock, images, imports and coupons.

pub mod coupons;
pub mod images;
pub mod imports;
pub mod products;

use actix_web::web;

/// Registers the brand console's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    imports::routes(cfg);
    images::routes(cfg);
    products::routes(cfg);
    coupons::routes(cfg);
}

/// The brand console's parts of the OpenAPI document.
pub(super) fn documents() -> Vec<utoipa::openapi::OpenApi> {
    use utoipa::OpenApi;
    vec![
        products::Doc::openapi(),
        images::Doc::openapi(),
        imports::Doc::openapi(),
        coupons::Doc::openapi(),
    ]
}
