//! Registration and Manage Account.

use actix_web::{HttpResponse, web};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::accounts::profile::{self, Registration};
use crate::services::accounts::wire::{ProfileUpdate, RegisterRequest};
use crate::state::AppState;
use crate::wire::User;

/// Fills in the caller's own record: the location from the sign-in sheet, or onboarding's
/// answers (which complete onboarding).
#[utoipa::path(
    post,
    path = "/api/users",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = RegisterRequest,
    responses(
        (status = 200, body = User, description = "The caller, updated"),
        (status = 400, body = crate::error::ErrorBody, description = "A rule is broken; `fields` has each message"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
        (status = 403, body = crate::error::ErrorBody, description = "Another user's e-mail, or a role field (ROLE_CHANGE_REFUSED)"),
    ),
)]
pub async fn register(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    let registration = Registration::try_from(body.into_inner())?;
    Ok(HttpResponse::Ok().json(profile::register(&state, &caller, registration).await?))
}

/// Updates a profile (Manage Account). The e-mail is checked by the form's rules but never
/// changed here: a new one must first be proven with a mailed code (`POST /api/users/me/email`).
#[utoipa::path(
    put,
    path = "/api/users/{userId}",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    params(("userId" = String, Path, description = "The caller's own id")),
    request_body = ProfileUpdate,
    responses(
        (status = 200, body = User, description = "The user, updated"),
        (status = 400, body = crate::error::ErrorBody, description = "A rule is broken; `fields` has each message"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
        (status = 403, body = crate::error::ErrorBody, description = "Not the caller's id"),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<ProfileUpdate>,
) -> Result<HttpResponse, ApiError> {
    let user_id = path.into_inner().into();
    let input = body.into_inner().into();
    Ok(HttpResponse::Ok().json(profile::update(&state, &caller, &user_id, input).await?))
}
