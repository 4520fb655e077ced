//! Finding users, and deleting accounts.

use actix_web::{HttpRequest, HttpResponse, web};

use super::https;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::accounts::lookup::{self, AccountPhone, Deleted, LookupKey};
use crate::services::accounts::wire::{DeleteByPhoneRequest, LookupParams, Success};
use crate::state::AppState;
use crate::wire::User;

/// Users with this e-mail, as a list (000 §7).
#[utoipa::path(
    get,
    path = "/api/users/by-email",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    params(("email" = String, Query, description = "The e-mail address to look up", max_length = 254, pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$")),
    responses(
        (status = 200, body = Vec<User>, description = "The caller when it is their e-mail, else empty (admins: the match)"),
        (status = 400, body = crate::error::ErrorBody, description = "Not an e-mail address"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
    ),
)]
pub async fn by_email(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<LookupParams>,
) -> Result<HttpResponse, ApiError> {
    let key = LookupKey::try_from(&LookupParams {
        email: Some(query.email.clone().unwrap_or_default()),
        phone: None,
    })?;
    Ok(HttpResponse::Ok().json(lookup::lookup(&state, &caller, key).await?))
}

/// Users with this e-mail or phone, as a list (001 §7).
#[utoipa::path(
    get,
    path = "/api/users",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    params(LookupParams),
    responses(
        (status = 200, body = Vec<User>, description = "The caller when it is their e-mail or phone, else empty (admins: the match)"),
        (status = 400, body = crate::error::ErrorBody, description = "Neither, or an invalid value"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
    ),
)]
pub async fn find(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<LookupParams>,
) -> Result<HttpResponse, ApiError> {
    let key = LookupKey::try_from(&*query)?;
    Ok(HttpResponse::Ok().json(lookup::lookup(&state, &caller, key).await?))
}

/// `{success: true}`, clearing the session cookie when the account was the caller's.
fn deleted(req: &HttpRequest, state: &AppState, whose: Deleted) -> HttpResponse {
    let mut answer = HttpResponse::Ok();
    if whose == Deleted::Own {
        answer.cookie(state.sessions.removal_cookie(https(req, state)));
    }
    answer.json(Success { success: true })
}

/// Deletes the caller's account (001 §4): personal data is erased, sessions revoked.
#[utoipa::path(
    delete,
    path = "/api/users/me",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    responses(
        (status = 200, body = Success, description = "Deleted; the cookie is cleared"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
    ),
)]
pub async fn delete_me(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    let whose = lookup::delete(&state, &caller, caller.id().clone()).await?;
    Ok(deleted(&req, &state, whose))
}

/// Deletes the account with this phone: the caller's own (admins: anyone's) (001 §7).
#[utoipa::path(
    delete,
    path = "/api/users/delete-by-phone",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = DeleteByPhoneRequest,
    responses(
        (status = 200, body = Success, description = "Deleted"),
        (status = 400, body = crate::error::ErrorBody, description = "Not a 10-digit phone number"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
        (status = 403, body = crate::error::ErrorBody, description = "Not the caller's phone"),
    ),
)]
pub async fn delete_by_phone(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<DeleteByPhoneRequest>,
) -> Result<HttpResponse, ApiError> {
    let phone = AccountPhone::try_from(&*body)?;
    let whose = lookup::delete_by_phone(&state, &caller, phone).await?;
    Ok(deleted(&req, &state, whose))
}
