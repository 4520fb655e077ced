//! A shopper's brand applications: apply, and read one's own (docs/http-api.md, "Brand
//! applications").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::applications::wire::{
    Applicant, Application, Applications, NewApplicationBody, OneApplication,
};
use crate::services::applications::{self as service};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(create, mine),
    components(schemas(Applicant, Application, Applications, OneApplication, NewApplicationBody)),
    tags((name = "brand-applications", description = "Shoppers applying to open a brand"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, post, resource};
    cfg.service(resource("/brand-applications", post().to(create)))
        .service(resource("/brand-applications/mine", get().to(mine)));
}

/// Applies to open a brand (signed-in shoppers; one pending application each, at most 5 a
/// day). The bank account is stored encrypted and answered masked.
#[utoipa::path(
    post,
    path = "/api/brand-applications",
    tag = "brand-applications",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = NewApplicationBody,
    responses(
        (status = 201, body = OneApplication, description = "The application, pending"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED, with `fields`"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "A brand user or an admin"),
        (status = 409, body = ErrorBody, description = "APPLICATION_PENDING; BRAND_NAME_TAKEN"),
        (status = 429, body = ErrorBody, description = "More than 5 applications today"),
        (status = 503, body = ErrorBody, description = "The places directory cannot check the pincode (PLACES_UNAVAILABLE)"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewApplicationBody>,
) -> Result<HttpResponse, ApiError> {
    let application = service::create(&state, &caller, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(application))
}

/// The caller's applications, newest first.
#[utoipa::path(
    get,
    path = "/api/brand-applications/mine",
    tag = "brand-applications",
    security(("session_cookie" = []), ("bearer" = [])),
    responses(
        (status = 200, body = Applications, description = "The caller's applications"),
        (status = 401, body = ErrorBody, description = "No valid session"),
    ),
)]
pub async fn mine(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    let applications = service::mine(&state, &caller).await?;
    Ok(HttpResponse::Ok().json(applications))
}
