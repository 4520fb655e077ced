//! Sign-in and users (000 §2.3, §4, §5, §7; 001 §5, §8): the server sends, stores (as an
//! HMAC) and checks sign-in codes, and every users call acts for the signed-in caller only.

use std::collections::BTreeMap;

use access::Role;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validation::{
    AgeRange, Email, FormErrors, Gender, Location, ManageAccountInput, NonBlank, OtpCode, Phone,
    PreferredFits, StyleInterests, ValidationError,
};

use crate::auth::Caller;
use crate::auth::codes::{self, Delivery, Purpose};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::User;

/// `{email}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GenerateOtpRequest {
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$")]
    pub email: Option<String>,
}

/// `{email, otp}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyOtpRequest {
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$")]
    pub email: Option<String>,
    #[schema(value_type = String, pattern = "^[0-9]{6}$")]
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
    let raw = raw.unwrap_or_default();
    // No address is that long: refused as invalid before anything keys a code or a limit on it.
    validation::at_most(raw, validation::MAX_EMAIL_CHARS)
        .map_err(|_| ValidationError::InvalidEmail)
        .and_then(|()| Email::parse(raw))
        .map_err(|e| ApiError::BadRequest {
            code: "INVALID_EMAIL",
            message: e.to_string(),
        })
}

fn https(req: &HttpRequest, state: &AppState) -> bool {
    crate::edge::came_over_https(req, state.forwarding)
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
    let client = crate::edge::client_bucket(&req, state.forwarding);
    let purpose = Purpose::SignIn {
        email: email.clone(),
    };
    codes::send(
        &state,
        &client,
        &purpose,
        Vec::new(),
        Delivery::Code(providers::sign_in_code_mail),
        move |store, hmac, expires| store.put_sign_in_code(&email, &hmac, expires),
    )
    .await?;
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
    let typed = parse_email(body.email.as_deref())?;
    let email = typed.normalized();
    let code = OtpCode::parse(body.otp.as_deref().unwrap_or_default())
        .map_err(|_| codes::invalid_code())?;
    let now = state.clock.now();
    let attempt = codes::check(
        &state,
        &crate::edge::client_bucket(&req, state.forwarding),
        &Purpose::SignIn {
            email: email.clone(),
        },
        &code,
    )
    .await?;

    let randoms = (0..8)
        .map(|_| state.sessions.random_u64())
        .collect::<Result<Vec<_>, _>>()?;
    let store = state.store.clone();
    let (user, _created) = web::block(move || -> Result<_, ApiError> {
        if !store.consume_sign_in_code(&email, &attempt.code_hmac)? {
            return Err(codes::invalid_code());
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
        .issue(&user.id, role.number(), user.token_version, now, now)?;
    Ok(HttpResponse::Ok()
        .cookie(state.sessions.cookie(token.clone(), https(&req, &state)))
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
        id: uuid::Uuid::now_v7().to_string().into(),
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
        pending_email: None,
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
    HttpResponse::Ok().json(User::from(&caller.user))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupParams {
    #[param(
        max_length = 254,
        pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$"
    )]
    pub email: Option<String>,
    /// Ten digits.
    #[param(pattern = "^[0-9]{10}$")]
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
            Location::parse(location).and_then(|location| {
                let location = location.as_str();
                validation::at_most(location, validation::MAX_LOCATION_CHARS)?;
                user.delivery_addresses =
                    validation::remember_location(&user.delivery_addresses, location);
                user.location = location.to_owned();
                Ok(())
            }),
        );
    }
    if let Some(name) = body.display_name.as_deref() {
        check(
            "display_name",
            NonBlank::require(name, ValidationError::NameRequired).and_then(|name| {
                validation::at_most(name.as_str(), validation::MAX_NAME_CHARS)?;
                user.display_name = name.as_str().to_owned();
                Ok(())
            }),
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
            AgeRange::parse(range).and_then(|range| {
                validation::at_most(range.as_str(), validation::MAX_CHOICE_CHARS)?;
                user.age = i32::try_from(range.age()).unwrap_or(i32::MAX);
                user.age_range = range.as_str().to_owned();
                onboarding_parts += 1;
                Ok(())
            }),
        );
    }
    if let Some(interests) = body.interests.as_deref() {
        check(
            "interests",
            validation::choices_at_most(interests)
                .and_then(|()| StyleInterests::parse(interests))
                .map(|list| {
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
            validation::choices_at_most(fits)
                .and_then(|()| PreferredFits::parse(fits))
                .map(|list| {
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

/// Writes a user's profile fields (never the e-mail, phone or roles) and answers the user.
async fn save(
    state: &web::Data<AppState>,
    user: store::UserRecord,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let saved = user.clone();
    if web::block(move || store.save_user(&saved)).await?? {
        Ok(HttpResponse::Ok().json(User::from(&user)))
    } else {
        Err(ApiError::NotFound("User not found".into()))
    }
}

/// Manage Account's fields (001 §3, §5).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileUpdate {
    #[schema(value_type = String, pattern = "\\S")]
    pub display_name: Option<String>,
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$")]
    pub email: Option<String>,
    /// `YYYY-MM-DD` from 1900-01-01 to today, or null or empty for none.
    #[serde(rename = "dateOfBirth")]
    #[schema(pattern = "^(\\s*[0-9]{4}-[0-9]{2}-[0-9]{2}\\s*)?$")]
    pub date_of_birth: Option<String>,
    /// male, female or other (any case).
    #[schema(value_type = String, pattern = "^\\s*(male|female|other|MALE|FEMALE|OTHER)\\s*$")]
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
    validation::at_most(profile.full_name().as_str(), validation::MAX_NAME_CHARS).map_err(|e| {
        invalid(BTreeMap::from([(
            wire_field(validation::Field::FullName).to_owned(),
            e.to_string(),
        )]))
    })?;
    let mut user = if user_id == caller.id() {
        caller.user.clone()
    } else {
        let store = state.store.clone();
        let id = store::ids::UserId::new(user_id.as_str());
        web::block(move || store.user_by_id(&id))
            .await??
            .ok_or_else(|| ApiError::NotFound("User not found. Please log in again.".into()))?
    };
    user.display_name = profile.full_name().as_str().to_owned();
    user.gender = profile.gender().as_str().to_owned();
    user.date_of_birth = profile
        .date_of_birth()
        .map(|d| d.date().format("%Y-%m-%d").to_string());
    save(&state, user).await
}

/// `{email}`: the address an account wants to move to.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailChangeRequest {
    pub email: Option<String>,
}

/// `{otp}`: the code mailed to the new address.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailCodeRequest {
    pub otp: Option<String>,
}

/// The answer of a confirmed e-mail change: every other session has ended, and this one goes
/// on with a new token (also set as the cookie).
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailChanged {
    /// The session, for clients that send `Authorization: Bearer`; browsers use the cookie.
    pub token: String,
    pub user: User,
}

fn no_email_change() -> ApiError {
    ApiError::Conflict {
        code: "NO_EMAIL_CHANGE",
        message: "There is no e-mail change to confirm.".into(),
    }
}

/// Mails a code to `email` for the caller's change to it, and records the change as pending.
/// An address that belongs to another account gets a notice instead of a code, while the
/// caller's answer is the same: the pending change can then never be confirmed.
async fn send_email_change_code(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    caller: &Caller,
    email: String,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let address = email.clone();
    let holder = web::block(move || store.user_by_email(&address)).await??;
    let delivery = match holder {
        Some(_) => Delivery::Withheld(providers::email_change_refused_mail(&email)),
        None => Delivery::Code(providers::email_change_code_mail),
    };
    let purpose = Purpose::EmailChange {
        user_id: caller.id().to_owned(),
        email: email.clone(),
    };
    let per_account = vec![(
        format!("code:user:{}", caller.id()),
        access::limit::EMAIL_CHANGES_PER_ACCOUNT,
    )];
    let (user_id, pending) = (caller.id().to_owned(), email.clone());
    codes::send(
        state,
        &crate::edge::client_bucket(req, state.forwarding),
        &purpose,
        per_account,
        delivery,
        move |store, hmac, expires| {
            store
                .start_email_change(&user_id, &pending, &hmac, expires)
                .map(|_| ())
        },
    )
    .await?;
    let mut user = caller.user.clone();
    user.pending_email = Some(email);
    Ok(HttpResponse::Ok().json(User::from(&user)))
}

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
    let email = parse_email(body.email.as_deref())?.normalized();
    if caller.user.email.as_deref() == Some(email.as_str()) {
        return Err(ApiError::bad_request(
            "EMAIL_UNCHANGED",
            "This is already your e-mail address.",
        ));
    }
    send_email_change_code(&req, &state, &caller, email).await
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
    let email = caller
        .user
        .pending_email
        .clone()
        .ok_or_else(no_email_change)?;
    send_email_change_code(&req, &state, &caller, email).await
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
    let email = caller
        .user
        .pending_email
        .clone()
        .ok_or_else(no_email_change)?;
    let code = OtpCode::parse(body.otp.as_deref().unwrap_or_default())
        .map_err(|_| codes::invalid_code())?;
    let purpose = Purpose::EmailChange {
        user_id: caller.id().to_owned(),
        email: email.clone(),
    };
    let attempt = codes::check(
        &state,
        &crate::edge::client_bucket(&req, state.forwarding),
        &purpose,
        &code,
    )
    .await?;
    let store = state.store.clone();
    let (id, new_email) = (caller.id().to_owned(), email.clone());
    let user =
        match web::block(move || store.confirm_email_change(&id, &new_email, &attempt.code_hmac))
            .await??
        {
            Ok(Some(user)) => user,
            Ok(None) => return Err(codes::invalid_code()),
            // The caller has just proven they read this address's mail: telling them it has an
            // account reveals nothing new.
            Err(_) => {
                return Err(ApiError::Conflict {
                    code: "EMAIL_TAKEN",
                    message: "This email is already used by another account.".into(),
                });
            }
        };
    crate::auth::forget_renewal(&req);
    let role = Role::from_flags(user.is_admin, user.is_brand_user);
    let token = state.sessions.issue(
        &user.id,
        role.number(),
        user.token_version,
        caller.signed_in_at,
        state.clock.now(),
    )?;
    if let Some(old) = caller.user.email.as_deref()
        && let Err(e) = state
            .mailer
            .send(&providers::email_changed_mail(old, &email))
            .await
    {
        tracing::warn!(error = %e, "could not tell the old address of an e-mail change");
    }
    Ok(HttpResponse::Ok()
        .cookie(state.sessions.cookie(token.clone(), https(&req, &state)))
        .json(EmailChanged {
            token,
            user: User::from(&user),
        }))
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
    let store = state.store.clone();
    let id = caller.id().to_owned();
    web::block(move || store.cancel_email_change(&id)).await??;
    let mut user = caller.user.clone();
    user.pending_email = None;
    Ok(HttpResponse::Ok().json(User::from(&user)))
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
    user_id: store::ids::UserId,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let now = state.clock.now().naive_utc();
    let own = user_id == caller.id();
    if !web::block(move || store.delete_user(&user_id, now)).await?? {
        return Err(ApiError::NotFound("User not found".into()));
    }
    let mut answer = HttpResponse::Ok();
    if own {
        answer.cookie(state.sessions.removal_cookie(https(req, state)));
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
