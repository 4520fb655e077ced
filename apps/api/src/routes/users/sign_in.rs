//! Signing in with a mailed code, and out.

use actix_web::{HttpRequest, HttpResponse, web};

use super::{client, https};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::accounts::sign_in::{self, CodeAttempt, CodeRequest};
use crate::services::accounts::wire::{GenerateOtpRequest, SignedIn, Success, VerifyOtpRequest};
use crate::state::AppState;
use crate::wire::User;

/// Sends a sign-in code to an e-mail address.
#[utoipa::path(
    post,
    path = "/api/users/generate-otp",
    tag = "users",
    request_body = GenerateOtpRequest,
    responses(
        (status = 200, body = Success, description = "A code was mailed; it is never in an answer"),
        (status = 400, body = crate::error::ErrorBody, description = "Not an e-mail address"),
        (status = 429, body = crate::error::ErrorBody, description = "Asked too often; `retryAfter` seconds to wait"),
        (status = 503, body = crate::error::ErrorBody, description = "The mail could not be sent; nothing changed"),
    ),
)]
pub async fn generate_otp(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<GenerateOtpRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = CodeRequest::try_from(&*body)?;
    sign_in::send_code(&state, &client(&req, &state), email).await?;
    Ok(HttpResponse::Ok().json(Success { success: true }))
}

/// Exchanges a sign-in code for a session.
#[utoipa::path(
    post,
    path = "/api/users/verify-otp",
    tag = "users",
    request_body = VerifyOtpRequest,
    responses(
        (status = 200, body = SignedIn, description = "Signed in; the session is also set as the `shop_session` cookie"),
        (status = 400, body = crate::error::ErrorBody, description = "Not an e-mail address"),
        (status = 401, body = crate::error::ErrorBody, description = "INVALID_OTP: the code is wrong, burnt, expired, used or was never sent (one answer for all)"),
        (status = 429, body = crate::error::ErrorBody, description = "Over 100 codes that are not right in an hour from this client address; `retryAfter` seconds to wait"),
    ),
)]
pub async fn verify_otp(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<VerifyOtpRequest>,
) -> Result<HttpResponse, ApiError> {
    let attempt = CodeAttempt::try_from(&*body)?;
    let signed_in = sign_in::verify(&state, &client(&req, &state), attempt).await?;
    Ok(HttpResponse::Ok()
        .cookie(
            state
                .sessions
                .cookie(signed_in.token.clone(), https(&req, &state)),
        )
        .json(signed_in))
}

/// Ends the session: every session of the user, on every device, is revoked.
#[utoipa::path(
    post,
    path = "/api/users/logout",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    responses(
        (status = 200, body = Success, description = "Signed out; the cookie is cleared"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
    ),
)]
pub async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    sign_in::sign_out(&state, caller.id()).await?;
    Ok(HttpResponse::Ok()
        .cookie(state.sessions.removal_cookie(https(&req, &state)))
        .json(Success { success: true }))
}

/// The signed-in user.
#[utoipa::path(
    get,
    path = "/api/users/me",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    responses(
        (status = 200, body = User, description = "The caller"),
        (status = 401, body = crate::error::ErrorBody, description = "No valid session"),
    ),
)]
pub async fn me(caller: Caller) -> HttpResponse {
    HttpResponse::Ok().json(User::from(&*caller.user))
}
