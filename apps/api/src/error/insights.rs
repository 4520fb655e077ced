//! The insights calls' refusals as HTTP answers (docs/http-api.md, "Insights").

use super::ApiError;
use crate::services::insights::InsightsError;

impl From<InsightsError> for ApiError {
    fn from(e: InsightsError) -> Self {
        match e {
            InsightsError::Console(e) => e.into(),
        }
    }
}
