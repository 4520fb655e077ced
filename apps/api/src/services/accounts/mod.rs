//! Accounts (000 §2.3, §4, §5, §7; 001 §5, §8): signing in with a mailed code, registering
//! and onboarding, the profile, changing the e-mail, looking users up and deleting them. Every
//! call acts for the signed-in caller only, or for anyone as an admin where it says so.

use std::collections::BTreeMap;

use validation::ValidationError;

use crate::auth::AuthError;

pub mod email_change;
pub mod lookup;
pub mod onboarding;
pub mod profile;
pub mod sign_in;
pub mod wire;

pub use sign_in::new_user;

/// Why an accounts call refused or failed; the message is the shopper's.
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    /// Not an e-mail address (or none given where one is needed).
    #[error("{0}")]
    InvalidEmail(ValidationError),
    /// Not a 10-digit phone number.
    #[error("{0}")]
    InvalidPhone(ValidationError),
    /// A demo shopper's address (`api::history`): nobody signs in as one, and no code is
    /// mailed to it.
    #[error("This is a demo shopper's address; it cannot sign in. Use your own e-mail.")]
    DemoShopper,
    /// A lookup with neither an e-mail nor a phone.
    #[error("Give an email or a phone to look up")]
    MissingQuery,
    /// A registration that tries to set a role.
    #[error("Roles cannot be set here.")]
    RoleChangeRefused,
    /// A form broke rules: the first message, and each field's under its request name.
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// A profile update for a user that is gone.
    #[error("User not found. Please log in again.")]
    ProfileGone,
    #[error("User not found")]
    UserNotFound,
    /// An e-mail change to the address the account already has.
    #[error("This is already your e-mail address.")]
    EmailUnchanged,
    #[error("There is no e-mail change to confirm.")]
    NoEmailChange,
    /// The proven address got an account of its own meanwhile.
    #[error("This email is already used by another account.")]
    EmailTaken,
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

impl AccountsError {
    /// The broken fields of a form, the first message leading.
    pub fn invalid(fields: BTreeMap<String, String>) -> Self {
        let message = fields
            .values()
            .next()
            .cloned()
            .unwrap_or_else(|| "Invalid data provided. Please check your input.".into());
        Self::Invalid { message, fields }
    }
}

impl From<crate::auth::KeyError> for AccountsError {
    fn from(e: crate::auth::KeyError) -> Self {
        Self::Auth(e.into())
    }
}

/// An e-mail address as a request sends it; one longer than any address is refused before
/// anything keys a code or a limit on it.
pub fn parse_email(raw: Option<&str>) -> Result<validation::Email, AccountsError> {
    let raw = raw.unwrap_or_default();
    validation::at_most(raw, validation::MAX_EMAIL_CHARS)
        .map_err(|_| ValidationError::InvalidEmail)
        .and_then(|()| validation::Email::parse(raw))
        .map_err(AccountsError::InvalidEmail)
}

/// A 10-digit phone number as a request sends it.
pub fn parse_phone(raw: Option<&str>) -> Result<validation::Phone, AccountsError> {
    validation::Phone::parse(raw.unwrap_or_default().trim()).map_err(AccountsError::InvalidPhone)
}

/// The session a user's record grants at `now`, begun at `signed_in_at`.
fn session_for(
    state: &crate::state::AppState,
    user: &store::UserRecord,
    signed_in_at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<String, AccountsError> {
    let role = access::Role::from_flags(user.is_admin, user.is_brand_user);
    Ok(state.sessions.issue(
        &user.id,
        role.number(),
        user.token_version,
        signed_in_at,
        now,
    )?)
}
