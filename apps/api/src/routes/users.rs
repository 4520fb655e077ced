//! Sign-in and users (000 §2.3, §4, §5, §7; 001 §5, §8): the server sends, stores (as an
//! HMAC) and checks sign-in codes, and every users call acts for the signed-in caller only.

use std::collections::BTreeMap;

use access::limit::{self, Decision};
use access::{Role, code::Verdict};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validation::{
    AgeRange, Email, FormErrors, Gender, Location, ManageAccountInput, NonBlank, OtpCode, Phone,
    PreferredFits, StyleInterests, ValidationError,
};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::User;

/// `{email}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GenerateOtpRequest {
    pub email: Option<String>,
}

/// `{email, otp}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyOtpRequest {
    pub email: Option<String>,
    pub otp: Option<String>,
}

/// `{success: true}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Success {
    pub success: bool,
}

/// The answer of a sign-in.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedIn {
    /// The session, for clients that send `Authorization: Bearer`; browsers use the cookie.
    pub token: String,
    pub user: User,
    /// True until the user has completed onboarding.
    #[serde(rename = "isNewUser")]
    pub is_new_user: bool,
}

fn parse_email(raw: Option<&str>) -> Result<Email, ApiError> {
    Email::parse(raw.unwrap_or_default()).map_err(|e| ApiError::BadRequest {
        code: "INVALID_EMAIL",
        message: e.to_string(),
    })
}

/// The address of the client, for its rate-limit bucket.
pub fn client_address(req: &HttpRequest, trust_forwarded: bool) -> String {
    let info = req.connection_info();
    let raw = if trust_forwarded {
        info.realip_remote_addr().map(str::to_owned)
    } else {
        req.peer_addr().map(|a| a.ip().to_string())
    };
    let raw = raw.unwrap_or_else(|| "unknown".to_owned());
    // "1.2.3.4:5678" -> "1.2.3.4"; an IPv6 address keeps its colons.
    match raw.parse::<std::net::SocketAddr>() {
        Ok(addr) => addr.ip().to_string(),
        Err(_) => raw,
    }
}

fn wait_message(seconds: i64) -> String {
    format!(
        "Please wait {} before asking for a new code.",
        seconds_text(seconds)
    )
}

/// "1 second", "30 seconds".
pub fn seconds_text(seconds: i64) -> String {
    let unit = if seconds == 1 { "second" } else { "seconds" };
    format!("{seconds} {unit}")
}

fn https(req: &HttpRequest) -> bool {
    req.connection_info().scheme() == "https"
}

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
    let email = parse_email(body.email.as_deref())?.normalized();
    let client = client_address(&req, state.trust_forwarded);
    let now = state.clock.now();

    let buckets = [
        (format!("code:client:{client}"), limit::CODES_PER_CLIENT),
        (format!("code:email:{email}"), limit::CODES_PER_EMAIL),
    ];
    let store = state.store.clone();
    let taken = web::block(move || -> Result<_, ApiError> {
        let mut taken = Vec::new();
        for (bucket, rule) in buckets {
            let (decision, before) =
                store.take_rate_limit(&bucket, |window| limit::check(&rule, window, now))?;
            match decision {
                Decision::Allow(window) => taken.push((bucket, window, before)),
                Decision::Wait { seconds } => {
                    give_back(&store, &taken);
                    return Err(ApiError::TooManyRequests {
                        retry_after: seconds,
                        message: wait_message(seconds),
                    });
                }
            }
        }
        Ok(taken)
    })
    .await??;

    let code = state.sessions.new_code()?;
    let mail = providers::sign_in_code_mail(&email, &code);
    if let Err(e) = state.mailer.send(&mail).await {
        let store = state.store.clone();
        web::block(move || give_back(&store, &taken)).await?;
        return Err(ApiError::mail_failed(&e, "Failed to generate OTP"));
    }
    if state.log_codes {
        // No SMTP server is configured: whoever runs the shop locally reads the code here or
        // in the outbox.
        tracing::info!(%email, %code, "sign-in code written to the outbox");
    }
    let hmac = state.sessions.code_hmac(&email, &code);
    let expires = access::code::CodeState::issued(now).expires_at;
    let store = state.store.clone();
    web::block(move || store.put_sign_in_code(&email, &hmac, expires)).await??;
    Ok(HttpResponse::Ok().json(Success { success: true }))
}

/// Undoes rate-limit uses when the request they allowed did not go through.
fn give_back(store: &store::Store, taken: &[(String, limit::Window, Option<limit::Window>)]) {
    for (bucket, window, before) in taken {
        if let Err(e) = store.give_back_rate_limit(bucket, window, before.as_ref()) {
            tracing::warn!(error = %e, %bucket, "could not give back a rate-limit use");
        }
    }
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
        (status = 401, body = crate::error::ErrorBody, description = "INVALID_OTP (wrong), OTP_BURNT (fifth wrong try) or OTP_EXPIRED (none usable)"),
    ),
)]
pub async fn verify_otp(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<VerifyOtpRequest>,
) -> Result<HttpResponse, ApiError> {
    let typed = parse_email(body.email.as_deref())?;
    let email = typed.normalized();
    let wrong = || ApiError::Unauthorized {
        code: "INVALID_OTP",
        message: ValidationError::InvalidOtp.to_string(),
    };
    let code = OtpCode::parse(body.otp.as_deref().unwrap_or_default()).map_err(|_| wrong())?;
    let now = state.clock.now();

    let store = state.store.clone();
    let key = email.clone();
    let attempt = web::block(move || store.count_code_try(&key)).await??;
    let matches = attempt.as_ref().is_some_and(|t| {
        state
            .sessions
            .code_matches(&email, code.as_str(), &t.code_hmac)
    });
    let expired = || ApiError::Unauthorized {
        code: "OTP_EXPIRED",
        message: "This code has expired. Please request a new one.".into(),
    };
    match access::code::judge(attempt.as_ref().map(|t| &t.state), matches, now) {
        Verdict::Accept => {}
        Verdict::Wrong { .. } => return Err(wrong()),
        Verdict::Burnt => {
            return Err(ApiError::Unauthorized {
                code: "OTP_BURNT",
                message: "Too many wrong codes. Please request a new one.".into(),
            });
        }
        Verdict::Expired => return Err(expired()),
    }
    let Some(attempt) = attempt else {
        return Err(expired());
    };

    let randoms = (0..8)
        .map(|_| state.sessions.random_u64())
        .collect::<Result<Vec<_>, _>>()?;
    let store = state.store.clone();
    let (user, _created) = web::block(move || -> Result<_, ApiError> {
        if !store.consume_sign_in_code(&email, &attempt.code_hmac)? {
            return Err(expired());
        }
        let mut randoms = randoms.into_iter();
        let (mut user, created) = store.find_or_create_user(&email, || {
            new_user(&typed, randoms.next().unwrap_or_default(), now)
        })?;
        store.touch_last_login(&user.id, now.naive_utc())?;
        user.last_login = Some(now.naive_utc());
        Ok((user, created))
    })
    .await??;

    let role = Role::from_flags(user.is_admin, user.is_brand_user);
    let token = state
        .sessions
        .issue(&user.id, role.number(), user.token_version, now)?;
    Ok(HttpResponse::Ok()
        .cookie(state.sessions.cookie(token.clone(), https(&req)))
        .json(SignedIn {
            token,
            is_new_user: !user.onboarded,
            user: User::from(&user),
        }))
}

/// A user as first created at sign-in, with the defaults of 000 §7.
pub fn new_user(
    email: &Email,
    random: u64,
    now: chrono::DateTime<chrono::Utc>,
) -> store::UserRecord {
    store::UserRecord {
        id: uuid::Uuid::now_v7().to_string(),
        email: Some(email.normalized()),
        display_name: validation::display_name(None, email),
        phone: Some(access::identity::mobile_number_from(random)),
        age: i32::try_from(validation::DEFAULT_AGE).unwrap_or(25),
        gender: Gender::Other.as_str().to_owned(),
        date_of_birth: None,
        location: String::new(),
        delivery_addresses: Vec::new(),
        interests: Vec::new(),
        ml_preferences: Vec::new(),
        age_range: String::new(),
        onboarded: false,
        is_admin: false,
        is_brand_user: false,
        brand_id: None,
        token_version: 0,
        last_login: Some(now.naive_utc()),
        created_at: now.naive_utc(),
    }
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
    let store = state.store.clone();
    let id = caller.id().to_owned();
    web::block(move || store.bump_token_version(&id)).await??;
    Ok(HttpResponse::Ok()
        .cookie(state.sessions.removal_cookie(https(&req)))
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
    HttpResponse::Ok().json(User::from(&caller.user))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupParams {
    pub email: Option<String>,
    /// Ten digits.
    pub phone: Option<String>,
}

/// Finds users by e-mail or phone. A shopper finds only themselves; anyone else's details
/// answer an empty list, exactly as an unknown address does.
async fn lookup(
    state: &web::Data<AppState>,
    caller: &Caller,
    params: &LookupParams,
) -> Result<Vec<User>, ApiError> {
    enum Key {
        Email(String),
        Phone(String),
    }
    let key = match (params.email.as_deref(), params.phone.as_deref()) {
        (Some(email), _) => Key::Email(parse_email(Some(email))?.normalized()),
        (None, Some(phone)) => Key::Phone(
            Phone::parse(phone.trim())
                .map_err(|e| ApiError::bad_request("INVALID_PHONE", e.to_string()))?
                .as_str()
                .to_owned(),
        ),
        (None, None) => {
            return Err(ApiError::bad_request(
                "MISSING_QUERY",
                "Give an email or a phone to look up",
            ));
        }
    };
    if caller.role.allows(Role::Admin) {
        let store = state.store.clone();
        let found = web::block(move || match key {
            Key::Email(email) => store.user_by_email(&email),
            Key::Phone(phone) => store.user_by_phone(&phone),
        })
        .await??;
        return Ok(found.iter().map(User::from).collect());
    }
    let own = match &key {
        Key::Email(email) => caller.user.email.as_deref() == Some(email.as_str()),
        Key::Phone(phone) => caller.user.phone.as_deref() == Some(phone.as_str()),
    };
    Ok(if own {
        vec![User::from(&caller.user)]
    } else {
        Vec::new()
    })
}

/// Users with this e-mail, as a list (000 §7).
#[utoipa::path(
    get,
    path = "/api/users/by-email",
    tag = "users",
    security(("session_cookie" = []), ("bearer" = [])),
    params(LookupParams),
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
    let params = LookupParams {
        email: Some(query.email.clone().unwrap_or_default()),
        phone: None,
    };
    Ok(HttpResponse::Ok().json(lookup(&state, &caller, &params).await?))
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
    Ok(HttpResponse::Ok().json(lookup(&state, &caller, &query).await?))
}

/// Registration: the sign-in sheet's location and onboarding's answers (000 §2.4, §7).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    pub email: Option<String>,
    pub location: Option<String>,
    pub display_name: Option<String>,
    pub gender: Option<String>,
    #[serde(rename = "ageRange")]
    pub age_range: Option<String>,
    pub interests: Option<Vec<String>>,
    pub ml_preferences: Option<Vec<String>>,
    /// Accepted only as `false`: roles are granted by an operator.
    pub is_admin: Option<bool>,
    /// Accepted only as `false`.
    pub is_brand_user: Option<bool>,
    /// Never accepted.
    #[schema(value_type = Option<i32>)]
    pub role: Option<serde_json::Value>,
    /// Never accepted.
    #[schema(value_type = Option<String>)]
    pub brand_id: Option<serde_json::Value>,
}

fn role_change_refused() -> ApiError {
    ApiError::Forbidden {
        code: "ROLE_CHANGE_REFUSED",
        message: "Roles cannot be set here.".into(),
    }
}

fn invalid(fields: BTreeMap<String, String>) -> ApiError {
    let message = fields
        .values()
        .next()
        .cloned()
        .unwrap_or_else(|| "Invalid data provided. Please check your input.".into());
    ApiError::Invalid { message, fields }
}

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
    let body = body.into_inner();
    if body.is_admin == Some(true)
        || body.is_brand_user == Some(true)
        || body.role.is_some()
        || body.brand_id.is_some()
    {
        return Err(role_change_refused());
    }
    let email = validation::require_onboarding_email(body.email.as_deref()).map_err(|e| {
        ApiError::BadRequest {
            code: "INVALID_EMAIL",
            message: e.to_string(),
        }
    })?;
    if caller.user.email.as_deref() != Some(email.normalized().as_str()) {
        return Err(ApiError::not_yours());
    }

    let mut fields = BTreeMap::new();
    let mut check = |field: &str, outcome: Result<(), ValidationError>| {
        if let Err(e) = outcome {
            fields.insert(field.to_owned(), e.to_string());
        }
    };
    let mut user = caller.user.clone();
    if let Some(location) = body.location.as_deref() {
        check(
            "location",
            Location::parse(location).map(|location| {
                let location = location.as_str().to_owned();
                user.delivery_addresses.retain(|a| *a != location);
                user.delivery_addresses.insert(0, location.clone());
                user.location = location;
            }),
        );
    }
    if let Some(name) = body.display_name.as_deref() {
        check(
            "display_name",
            NonBlank::require(name, ValidationError::NameRequired)
                .map(|name| user.display_name = name.as_str().to_owned()),
        );
    }
    if let Some(gender) = body.gender.as_deref() {
        check(
            "gender",
            // Onboarding has one gender message for every wrong value (000 §5).
            Gender::parse(gender)
                .map(|g| user.gender = g.as_str().to_owned())
                .map_err(|_| ValidationError::GenderRequired),
        );
    }
    let mut onboarding_parts = 0;
    if let Some(range) = body.age_range.as_deref() {
        check(
            "ageRange",
            AgeRange::parse(range).map(|range| {
                user.age = i32::try_from(range.age()).unwrap_or(i32::MAX);
                user.age_range = range.as_str().to_owned();
                onboarding_parts += 1;
            }),
        );
    }
    if let Some(interests) = body.interests.as_deref() {
        check(
            "interests",
            StyleInterests::parse(interests).map(|list| {
                user.interests = list
                    .as_slice()
                    .iter()
                    .map(|i| i.as_str().to_owned())
                    .collect();
                onboarding_parts += 1;
            }),
        );
    }
    if let Some(fits) = body.ml_preferences.as_deref() {
        check(
            "ml_preferences",
            PreferredFits::parse(fits).map(|list| {
                user.ml_preferences = list
                    .as_slice()
                    .iter()
                    .map(|i| i.as_str().to_owned())
                    .collect();
                onboarding_parts += 1;
            }),
        );
    }
    if !fields.is_empty() {
        return Err(invalid(fields));
    }
    if onboarding_parts == 3 {
        user.onboarded = true;
    }
    save(&state, user).await
}

/// Writes a user and answers it; a taken e-mail is 409.
async fn save(
    state: &web::Data<AppState>,
    user: store::UserRecord,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let saved = user.clone();
    match web::block(move || store.save_user(&saved)).await?? {
        Ok(true) => Ok(HttpResponse::Ok().json(User::from(&user))),
        Ok(false) => Err(ApiError::NotFound("User not found".into())),
        Err(store::Taken::Email) => Err(ApiError::Conflict {
            code: "EMAIL_TAKEN",
            message: "This email is already used by another account.".into(),
        }),
        Err(store::Taken::Phone) => Err(ApiError::Conflict {
            code: "PHONE_TAKEN",
            message: "This phone number is already used by another account.".into(),
        }),
    }
}

/// Manage Account's fields (001 §3, §5).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileUpdate {
    pub display_name: Option<String>,
    pub email: Option<String>,
    /// `YYYY-MM-DD`, or null.
    #[serde(rename = "dateOfBirth")]
    pub date_of_birth: Option<String>,
    /// male, female or other.
    pub gender: Option<String>,
}

/// The request's field name for each Manage Account rule.
fn wire_field(field: validation::Field) -> &'static str {
    match field {
        validation::Field::FullName => "display_name",
        other => other.as_str(),
    }
}

fn form_errors(errors: &FormErrors) -> ApiError {
    invalid(
        errors
            .iter()
            .map(|(field, e)| (wire_field(field).to_owned(), e.to_string()))
            .collect(),
    )
}

/// Updates a profile (Manage Account).
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
        (status = 409, body = crate::error::ErrorBody, description = "The e-mail belongs to another account"),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<ProfileUpdate>,
) -> Result<HttpResponse, ApiError> {
    let user_id = path.into_inner();
    caller.may_act_for(&user_id)?;
    let input = ManageAccountInput {
        full_name: body.display_name.clone().unwrap_or_default(),
        email: body.email.clone().unwrap_or_default(),
        gender: body.gender.clone().unwrap_or_default(),
        date_of_birth: body.date_of_birth.clone().filter(|d| !d.trim().is_empty()),
    };
    let today = state.clock.now().date_naive();
    let profile =
        validation::validate_manage_account(&input, today).map_err(|e| form_errors(&e))?;
    let mut user = if user_id == caller.id() {
        caller.user.clone()
    } else {
        let store = state.store.clone();
        let id = user_id.clone();
        web::block(move || store.user_by_id(&id))
            .await??
            .ok_or_else(|| ApiError::NotFound("User not found. Please log in again.".into()))?
    };
    user.display_name = profile.full_name().as_str().to_owned();
    user.email = Some(profile.email().normalized());
    user.gender = profile.gender().as_str().to_owned();
    user.date_of_birth = profile
        .date_of_birth()
        .map(|d| d.date().format("%Y-%m-%d").to_string());
    save(&state, user).await
}

/// `{phone}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteByPhoneRequest {
    pub phone: Option<String>,
}

async fn delete_account(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    caller: &Caller,
    user_id: String,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let now = state.clock.now().naive_utc();
    let own = user_id == caller.id();
    if !web::block(move || store.delete_user(&user_id, now)).await?? {
        return Err(ApiError::NotFound("User not found".into()));
    }
    let mut answer = HttpResponse::Ok();
    if own {
        answer.cookie(state.sessions.removal_cookie(https(req)));
    }
    Ok(answer.json(Success { success: true }))
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
    let id = caller.id().to_owned();
    delete_account(&req, &state, &caller, id).await
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
    let phone = Phone::parse(body.phone.as_deref().unwrap_or_default().trim())
        .map_err(|e| ApiError::bad_request("INVALID_PHONE", e.to_string()))?;
    if caller.user.phone.as_deref() == Some(phone.as_str()) {
        let id = caller.id().to_owned();
        return delete_account(&req, &state, &caller, id).await;
    }
    caller
        .require(Role::Admin)
        .map_err(|_| ApiError::not_yours())?;
    let store = state.store.clone();
    let key = phone.as_str().to_owned();
    let target = web::block(move || store.user_by_phone(&key))
        .await??
        .ok_or_else(|| ApiError::NotFound("User not found".into()))?;
    delete_account(&req, &state, &caller, target.id).await
}
