//! The admin console (`/api/admin/...`): admins run brands, categories, banners, people and
//! read the audit trail.

pub mod audit;
pub mod banners;
pub mod brands;
pub mod categories;
pub mod users;

use actix_web::web;

/// Registers the admin console's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    brands::routes(cfg);
    categories::routes(cfg);
    banners::routes(cfg);
    users::routes(cfg);
    audit::routes(cfg);
}

/// The admin console's parts of the OpenAPI document.
pub(super) fn documents() -> Vec<utoipa::openapi::OpenApi> {
    use utoipa::OpenApi;
    vec![
        brands::Doc::openapi(),
        categories::Doc::openapi(),
        banners::Doc::openapi(),
        users::Doc::openapi(),
        audit::Doc::openapi(),
    ]
}
