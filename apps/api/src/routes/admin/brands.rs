//! The admin console's brands: list, create, edit (docs/http-api.md, "Admin: brands").

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::admin::brands::{
    self as service, AdminBrand, AdminBrands, BrandPatch, BrandSearch, NewBrandBody, OneAdminBrand,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list, create, update),
    components(schemas(AdminBrand, AdminBrands, OneAdminBrand, NewBrandBody, BrandPatch)),
    tags((name = "admin-brands", description = "The admin console: brands"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, patch, post, resource, resource_of};
    cfg.service(resource_of(
        "/admin/brands",
        [get().to(list), post().to(create)],
    ))
    .service(resource("/admin/brands/{id}", patch().to(update)));
}

/// The `If-Match` header of an edit, when it came.
pub(in crate::routes) fn if_match(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// Every brand, active or not, with its product count (admins only).
#[utoipa::path(
    get,
    path = "/api/admin/brands",
    tag = "admin-brands",
    security(("session_cookie" = []), ("bearer" = [])),
    params(BrandSearch),
    responses(
        (status = 200, body = AdminBrands, description = "The brands, by name"),
        (status = 400, body = ErrorBody, description = "A search over 100 characters"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<BrandSearch>,
) -> Result<HttpResponse, ApiError> {
    let brands = service::list(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(brands))
}

/// Adds a brand (admins only).
#[utoipa::path(
    post,
    path = "/api/admin/brands",
    tag = "admin-brands",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = NewBrandBody,
    responses(
        (status = 201, body = OneAdminBrand, description = "The brand"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED, with `fields`"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 409, body = ErrorBody, description = "Another brand has the name (BRAND_NAME_TAKEN)"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewBrandBody>,
) -> Result<HttpResponse, ApiError> {
    let brand = service::create(&state, &caller, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(brand))
}

/// Edits a brand at the version the editor read (admins only). `isActive: false` hides the
/// brand and its products from shoppers.
#[utoipa::path(
    patch,
    path = "/api/admin/brands/{id}",
    tag = "admin-brands",
    security(("session_cookie" = []), ("bearer" = [])),
    params(
        ("id" = String, Path, description = "The brand's id"),
        ("If-Match" = Option<String>, Header, description = "The version read, instead of `version`"),
    ),
    request_body = BrandPatch,
    responses(
        (status = 200, body = OneAdminBrand, description = "The brand as edited"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED, with `fields`; INVALID_VERSION"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "No such brand"),
        (status = 409, body = ErrorBody, description = "STALE_EDIT with `current`; BRAND_NAME_TAKEN"),
        (status = 428, body = ErrorBody, description = "No version named (VERSION_REQUIRED)"),
    ),
)]
pub async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<BrandPatch>,
) -> Result<HttpResponse, ApiError> {
    let brand = service::update(
        &state,
        &caller,
        id.into_inner(),
        body.into_inner(),
        if_match(&req),
    )
    .await?;
    Ok(HttpResponse::Ok().json(brand))
}
