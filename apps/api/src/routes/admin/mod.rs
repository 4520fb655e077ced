//! The admin console (`/api/admin/...`): admins run brands, categories, banners, people and
//! read the audit trail.

pub mod applications;
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
    applications::routes(cfg);
}

/// The admin console's parts of the OpenAPI document.
/// Each with the prefix of its operation ids (see `routes::openapi::document`).
pub(super) fn documents() -> Vec<(&'static str, utoipa::openapi::OpenApi)> {
    use utoipa::OpenApi;
    vec![
        ("admin_brands", brands::Doc::openapi()),
        ("admin_categories", categories::Doc::openapi()),
        ("admin_banners", banners::Doc::openapi()),
        ("admin_users", users::Doc::openapi()),
        ("admin_audit", audit::Doc::openapi()),
        ("admin_applications", applications::Doc::openapi()),
    ]
}
