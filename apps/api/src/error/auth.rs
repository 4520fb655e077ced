//! Sessions, roles, cross-site refusal and mailed codes, as HTTP answers.

use super::ApiError;
use crate::auth::{AuthError, KeyError};

impl From<KeyError> for ApiError {
    fn from(e: KeyError) -> Self {
        Self::Internal(e.to_string())
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        match e {
            AuthError::Unauthenticated => Self::Unauthenticated,
            AuthError::Forbidden => Self::Forbidden {
                code: "FORBIDDEN",
                message: e.to_string(),
            },
            AuthError::NotYours => Self::not_yours(),
            AuthError::CrossSite => Self::Forbidden {
                code: "CROSS_SITE_REFUSED",
                message: e.to_string(),
            },
            AuthError::InvalidCode => Self::Unauthorized {
                code: "INVALID_OTP",
                message: e.to_string(),
            },
            AuthError::CodeAskedTooOften { seconds } | AuthError::TooManyWrongCodes { seconds } => {
                Self::TooManyRequests {
                    retry_after: seconds,
                    message: e.to_string(),
                }
            }
            AuthError::MailFailed(ref mail) => Self::mail_failed(mail, &e.to_string()),
            AuthError::StateMissing => Self::Internal(e.to_string()),
            AuthError::Key(e) => e.into(),
            AuthError::Store(e) => e.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError;
    use actix_web::http::StatusCode;

    use super::*;

    #[test]
    fn every_refusal_keeps_its_status_code_and_words() {
        let cases = [
            (
                AuthError::Forbidden,
                StatusCode::FORBIDDEN,
                "FORBIDDEN",
                "You do not have permission to do this.",
            ),
            (
                AuthError::NotYours,
                StatusCode::FORBIDDEN,
                "FORBIDDEN",
                "You can only see and change your own account.",
            ),
            (
                AuthError::CrossSite,
                StatusCode::FORBIDDEN,
                "CROSS_SITE_REFUSED",
                "This request came from another site and was refused.",
            ),
            (
                AuthError::InvalidCode,
                StatusCode::UNAUTHORIZED,
                "INVALID_OTP",
                "Invalid OTP. Please try again.",
            ),
            (
                AuthError::CodeAskedTooOften { seconds: 1 },
                StatusCode::TOO_MANY_REQUESTS,
                "RATE_LIMITED",
                "Please wait 1 second before asking for a new code.",
            ),
            (
                AuthError::TooManyWrongCodes { seconds: 30 },
                StatusCode::TOO_MANY_REQUESTS,
                "RATE_LIMITED",
                "Too many wrong codes. Please wait 30 seconds and try again.",
            ),
        ];
        for (error, status, code, message) in cases {
            let api = ApiError::from(error);
            assert_eq!(api.status_code(), status);
            assert_eq!(api.code(), code);
            assert_eq!(api.to_string(), message);
        }
    }
}
