//! Sign-in, registration, profile, e-mail change, lookups and deletion, as HTTP answers.

use super::ApiError;
use crate::services::accounts::AccountsError;

impl From<AccountsError> for ApiError {
    fn from(e: AccountsError) -> Self {
        let message = e.to_string();
        match e {
            AccountsError::InvalidEmail(_) => Self::bad_request("INVALID_EMAIL", message),
            AccountsError::InvalidPhone(_) => Self::bad_request("INVALID_PHONE", message),
            AccountsError::MissingQuery => Self::bad_request("MISSING_QUERY", message),
            AccountsError::EmailUnchanged => Self::bad_request("EMAIL_UNCHANGED", message),
            AccountsError::DemoShopper => Self::Forbidden {
                code: "DEMO_SHOPPER",
                message,
            },
            AccountsError::RoleChangeRefused => Self::Forbidden {
                code: "ROLE_CHANGE_REFUSED",
                message,
            },
            AccountsError::Invalid { message, fields } => Self::Invalid { message, fields },
            AccountsError::ProfileGone | AccountsError::UserNotFound => Self::NotFound(message),
            AccountsError::NoEmailChange => Self::Conflict {
                code: "NO_EMAIL_CHANGE",
                message,
            },
            AccountsError::EmailTaken => Self::Conflict {
                code: "EMAIL_TAKEN",
                message,
            },
            AccountsError::Auth(e) => e.into(),
            AccountsError::Store(e) => e.into(),
        }
    }
}
