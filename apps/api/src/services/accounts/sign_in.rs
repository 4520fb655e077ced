//! Signing in with a code mailed to the address, and signing out everywhere.

use validation::{Email, Gender, OtpCode};

use super::wire::{GenerateOtpRequest, SignedIn, VerifyOtpRequest};
use super::{AccountsError, parse_email, session_for};
use crate::auth::AuthError;
use crate::auth::codes::{self, Delivery, Purpose};
use crate::state::AppState;
use crate::wire::User;

/// The address a sign-in code is asked for.
#[derive(Clone, Debug)]
pub struct CodeRequest(pub Email);

impl TryFrom<&GenerateOtpRequest> for CodeRequest {
    type Error = AccountsError;

    fn try_from(body: &GenerateOtpRequest) -> Result<Self, AccountsError> {
        parse_email(body.email.as_deref()).map(Self)
    }
}

/// A typed-back code and the address it was mailed to.
#[derive(Clone, Debug)]
pub struct CodeAttempt {
    pub email: Email,
    pub code: OtpCode,
}

impl TryFrom<&VerifyOtpRequest> for CodeAttempt {
    type Error = AccountsError;

    /// The address first: a code that is not six digits is refused like a wrong one.
    fn try_from(body: &VerifyOtpRequest) -> Result<Self, AccountsError> {
        let email = parse_email(body.email.as_deref())?;
        let code = OtpCode::parse(body.otp.as_deref().unwrap_or_default())
            .map_err(|_| AuthError::InvalidCode)?;
        Ok(Self { email, code })
    }
}

/// Mails a sign-in code to the address, within the limits on asking from `client`.
pub async fn send_code(
    state: &AppState,
    client: &str,
    CodeRequest(email): CodeRequest,
) -> Result<(), AccountsError> {
    if crate::history::is_demo_address(&email) {
        return Err(AccountsError::DemoShopper);
    }
    let email = email.normalized();
    let purpose = Purpose::SignIn {
        email: email.clone(),
    };
    codes::send(
        state,
        client,
        &purpose,
        Vec::new(),
        Delivery::Code(providers::sign_in_code_mail),
        move |store, hmac, expires| store.put_sign_in_code(&email, &hmac, expires),
    )
    .await?;
    Ok(())
}

/// Exchanges a right code for a session, creating the user at their first sign-in.
pub async fn verify(
    state: &AppState,
    client: &str,
    attempt: CodeAttempt,
) -> Result<SignedIn, AccountsError> {
    let CodeAttempt { email: typed, code } = attempt;
    if crate::history::is_demo_address(&typed) {
        return Err(AccountsError::DemoShopper);
    }
    let email = typed.normalized();
    let now = state.clock.now();
    let purpose = Purpose::SignIn {
        email: email.clone(),
    };
    let tried = codes::check(state, client, &purpose, &code).await?;
    let randoms = (0..8)
        .map(|_| state.sessions.random_u64())
        .collect::<Result<Vec<_>, _>>()?;
    let user = state
        .db(move |store| {
            if !store.consume_sign_in_code(&email, &tried.code_hmac)? {
                return Err(AuthError::InvalidCode.into());
            }
            let mut randoms = randoms.into_iter();
            let (mut user, _created) = store.find_or_create_user(&email, || {
                new_user(&typed, randoms.next().unwrap_or_default(), now)
            })?;
            store.touch_last_login(&user.id, now.naive_utc())?;
            user.last_login = Some(now.naive_utc());
            Ok::<_, AccountsError>(user)
        })
        .await?;
    state.session_cache.forget(&user.id);
    Ok(SignedIn {
        token: session_for(state, &user, now, now)?,
        is_new_user: !user.onboarded,
        user: User::from(&user),
    })
}

/// Revokes every session of the user, on every device.
pub async fn sign_out(state: &AppState, user_id: &store::ids::UserId) -> Result<(), AccountsError> {
    let id = user_id.clone();
    state.db(move |store| store.bump_token_version(&id)).await?;
    state.session_cache.forget(user_id);
    Ok(())
}

/// A user as first created at sign-in, with the defaults of 000 §7.
pub fn new_user(
    email: &Email,
    random: u64,
    now: chrono::DateTime<chrono::Utc>,
) -> store::UserRecord {
    store::UserRecord {
        id: store::ids::UserId::new(uuid::Uuid::now_v7().to_string()),
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
