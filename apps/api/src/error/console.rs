//! The consoles' shared refusals as HTTP answers (docs/http-api.md, "The consoles").

use access::console::ConsoleRefusal;

use super::ApiError;
use crate::services::console::ConsoleError;

impl From<ConsoleError> for ApiError {
    fn from(e: ConsoleError) -> Self {
        let message = e.to_string();
        match e {
            ConsoleError::Refused(refusal) => match refusal {
                ConsoleRefusal::NotStaff | ConsoleRefusal::NoBrand | ConsoleRefusal::AdminOnly => {
                    ApiError::Forbidden {
                        code: "FORBIDDEN",
                        message,
                    }
                }
                ConsoleRefusal::BrandRequired => ApiError::bad_request("BRAND_REQUIRED", message),
                ConsoleRefusal::OtherBrand => ApiError::NotFound(message),
            },
            ConsoleError::NotFound(_) => ApiError::NotFound(message),
            ConsoleError::Stale { current, .. } => ApiError::StaleEdit { message, current },
            ConsoleError::VersionRequired => ApiError::PreconditionRequired(message),
            ConsoleError::BadVersion(_) => ApiError::bad_request("INVALID_VERSION", message),
            ConsoleError::Invalid(fields) => ApiError::Invalid { message, fields },
            ConsoleError::Store(e) => e.into(),
        }
    }
}
