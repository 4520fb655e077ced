//! The admin console's brand applications: list, approve, reject (docs/http-api.md, "Brand
//! applications").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::applications::admin as service;
use crate::services::applications::wire::{
    ApplicationSearch, Applications, Approved, OneApplication, RejectBody,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list, approve, reject),
    components(schemas(Approved, RejectBody)),
    tags((name = "admin-brand-applications", description = "The admin console: brand applications"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, post, resource};
    cfg.service(resource("/admin/brand-applications", get().to(list)))
        .service(resource(
            "/admin/brand-applications/{id}/approve",
            post().to(approve),
        ))
        .service(resource(
            "/admin/brand-applications/{id}/reject",
            post().to(reject),
        ));
}

/// Brand applications, newest first, of one status or all (admins only).
#[utoipa::path(
    get,
    path = "/api/admin/brand-applications",
    tag = "admin-brand-applications",
    security(("session_cookie" = []), ("bearer" = [])),
    params(ApplicationSearch),
    responses(
        (status = 200, body = Applications, description = "The applications, newest first"),
        (status = 400, body = ErrorBody, description = "An unknown status (VALIDATION_FAILED)"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ApplicationSearch>,
) -> Result<HttpResponse, ApiError> {
    let applications = service::list(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(applications))
}

/// Approves a pending application: creates the brand and makes the applicant its team in one
/// transaction, then mails the applicant (admins only).
#[utoipa::path(
    post,
    path = "/api/admin/brand-applications/{id}/approve",
    tag = "admin-brand-applications",
    security(("session_cookie" = []), ("bearer" = [])),
    params(("id" = String, Path, max_length = 64, description = "The application's id")),
    responses(
        (status = 200, body = Approved, description = "The application and the new brand's id"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "No such application"),
        (status = 409, body = ErrorBody, description = "ALREADY_DECIDED; BRAND_NAME_TAKEN; APPLICANT_UNAVAILABLE"),
    ),
)]
pub async fn approve(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let approved = service::approve(&state, &caller, id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(approved))
}

/// Rejects a pending application with a reason the applicant is mailed (admins only).
#[utoipa::path(
    post,
    path = "/api/admin/brand-applications/{id}/reject",
    tag = "admin-brand-applications",
    security(("session_cookie" = []), ("bearer" = [])),
    params(("id" = String, Path, max_length = 64, description = "The application's id")),
    request_body = RejectBody,
    responses(
        (status = 200, body = OneApplication, description = "The application, rejected"),
        (status = 400, body = ErrorBody, description = "No reason, or one over 500 characters (VALIDATION_FAILED)"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "No such application"),
        (status = 409, body = ErrorBody, description = "Approved or rejected already (ALREADY_DECIDED)"),
    ),
)]
pub async fn reject(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<RejectBody>,
) -> Result<HttpResponse, ApiError> {
    let application = service::reject(&state, &caller, id.into_inner(), body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(application))
}
