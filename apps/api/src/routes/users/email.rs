//! Changing the caller's e-mail with a code mailed to the new address.

use actix_web::{HttpRequest, HttpResponse, web};

use super::{client, https};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::accounts::email_change::{self, ChangeCode, NewEmail};
use crate::services::accounts::wire::{EmailChangeRequest, EmailChanged, EmailCodeRequest};
use crate::state::AppState;
use crate::wire::User;

/// Starts changing the caller's e-mail: a code goes to the new address, and the account keeps
/// its e-mail (answering `pendingEmail`) until that code is typed back.
#[utoipa::path(
    post,
    path = "/api/users/me/email",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = EmailChangeRequest,
    responses(
        (status = 200, body = User, description = "The caller, e-mail unchanged, `pendingEmail` set; the code is mailed to the new address, never in an answer"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_EMAIL, or EMAIL_UNCHANGED (already the caller's address)"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
        (status = 429, body = crate::error::ErrorBody, description = "Asked too often; `retryAfter` seconds to wait"),
        (status = 503, body = crate::error::ErrorBody, description = "The mail could not be sent; nothing changed"),
    ),
)]
pub async fn start_email_change(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<EmailChangeRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = NewEmail::try_from(&*body)?;
    let user = email_change::start(&state, &client(&req, &state), &caller, email).await?;
    Ok(HttpResponse::Ok().json(user))
}

/// Mails a new code for the caller's pending e-mail change (the previous code stops working).
#[utoipa::path(
    post,
    path = "/api/users/me/email/resend",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    responses(
        (status = 200, body = User, description = "The caller, `pendingEmail` set; a new code is mailed"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
        (status = 409, body = crate::error::ErrorBody, description = "NO_EMAIL_CHANGE: no change is pending"),
        (status = 429, body = crate::error::ErrorBody, description = "Asked too often; `retryAfter` seconds to wait"),
        (status = 503, body = crate::error::ErrorBody, description = "The mail could not be sent"),
    ),
)]
pub async fn resend_email_code(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    let user = email_change::resend(&state, &client(&req, &state), &caller).await?;
    Ok(HttpResponse::Ok().json(user))
}

/// Confirms the caller's pending e-mail change with the code mailed to the new address: the
/// address becomes the account's, every other session ends, and this one goes on.
#[utoipa::path(
    post,
    path = "/api/users/me/email/verify",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = EmailCodeRequest,
    responses(
        (status = 200, body = EmailChanged, description = "Changed; the new session is also set as the `shop_session` cookie"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session, or INVALID_OTP: the code is wrong, burnt, expired or used (one answer for all)"),
        (status = 409, body = crate::error::ErrorBody, description = "NO_EMAIL_CHANGE: no change is pending; EMAIL_TAKEN: the proven address got an account of its own meanwhile"),
        (status = 429, body = crate::error::ErrorBody, description = "Over 100 codes that are not right in an hour from this client address; `retryAfter` seconds to wait"),
    ),
)]
pub async fn confirm_email_change(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<EmailCodeRequest>,
) -> Result<HttpResponse, ApiError> {
    // No change pending answers before the code is read.
    let email = email_change::pending(&caller)?;
    let code = ChangeCode::try_from(&*body)?;
    let client = client(&req, &state);
    let changed = email_change::confirm(&state, &client, &caller, email, code).await?;
    // The answer's token replaces the session: a renewal of the old one would undo that.
    crate::auth::forget_renewal(&req);
    Ok(HttpResponse::Ok()
        .cookie(
            state
                .sessions
                .cookie(changed.token.clone(), https(&req, &state)),
        )
        .json(changed))
}

/// Drops the caller's pending e-mail change; its code stops working.
#[utoipa::path(
    delete,
    path = "/api/users/me/email",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    responses(
        (status = 200, body = User, description = "The caller, `pendingEmail` null"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
    ),
)]
pub async fn cancel_email_change(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(email_change::cancel(&state, &caller).await?))
}
