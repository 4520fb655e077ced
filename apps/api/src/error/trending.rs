//! Trending's refusals as HTTP answers.

use super::ApiError;
use crate::services::trending::TrendingError;

impl From<TrendingError> for ApiError {
    fn from(e: TrendingError) -> Self {
        let message = e.to_string();
        match e {
            TrendingError::Input(e) => e.into(),
            TrendingError::InvalidTimeWindow => {
                ApiError::bad_request("INVALID_TIME_WINDOW", message)
            }
            TrendingError::InvalidGender => ApiError::bad_request("INVALID_GENDER", message),
            TrendingError::InvalidLimit(_) => ApiError::bad_request("INVALID_LIMIT", message),
            TrendingError::Render(_) => ApiError::Internal(message),
            TrendingError::Store(e) => e.into(),
        }
    }
}
