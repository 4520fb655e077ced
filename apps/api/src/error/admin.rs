//! The admin console's refusals as HTTP answers (docs/http-api.md, "The consoles").

use super::ApiError;
use crate::services::admin::AdminError;

impl From<AdminError> for ApiError {
    fn from(e: AdminError) -> Self {
        let message = e.to_string();
        match e {
            AdminError::Console(console) => console.into(),
            AdminError::BrandNameTaken(_) => ApiError::Conflict {
                code: "BRAND_NAME_TAKEN",
                message,
            },
            AdminError::CategoryHasProducts { count }
            | AdminError::CategoryHasChildren { count } => ApiError::InUse { message, count },
            AdminError::LastAdmin => ApiError::Conflict {
                code: "LAST_ADMIN",
                message,
            },
        }
    }
}
