//! Brand applications' refusals as HTTP answers (docs/http-api.md, "Brand applications").

use super::ApiError;
use crate::services::applications::ApplicationsError;

impl From<ApplicationsError> for ApiError {
    fn from(e: ApplicationsError) -> Self {
        let message = e.to_string();
        match e {
            ApplicationsError::Console(console) => console.into(),
            ApplicationsError::NotShopper => ApiError::Forbidden {
                code: "FORBIDDEN",
                message,
            },
            ApplicationsError::Pending => ApiError::Conflict {
                code: "APPLICATION_PENDING",
                message,
            },
            ApplicationsError::BrandNameTaken(_) => ApiError::Conflict {
                code: "BRAND_NAME_TAKEN",
                message,
            },
            ApplicationsError::AlreadyDecided(_) => ApiError::Conflict {
                code: "ALREADY_DECIDED",
                message,
            },
            ApplicationsError::ApplicantUnavailable => ApiError::Conflict {
                code: "APPLICANT_UNAVAILABLE",
                message,
            },
            ApplicationsError::TooMany { seconds } => ApiError::TooManyRequests {
                retry_after: seconds,
                message,
            },
            // The cause goes to the log only.
            ApplicationsError::PlacesUnavailable(cause) => ApiError::DependencyFailed {
                code: "PLACES_UNAVAILABLE",
                message,
                cause: cause.to_string(),
            },
            ApplicationsError::Seal(cause) => ApiError::Internal(cause.to_string()),
        }
    }
}
