//! Swipes' and the feed's refusals as HTTP answers.

use super::ApiError;
use crate::services::swipes::SwipesError;

impl From<SwipesError> for ApiError {
    fn from(e: SwipesError) -> Self {
        let message = e.to_string();
        match e {
            SwipesError::Input(e) => e.into(),
            SwipesError::NotYours => ApiError::not_yours(),
            SwipesError::InvalidAction => ApiError::bad_request("INVALID_ACTION", message),
            SwipesError::MissingProductId => ApiError::bad_request("INVALID_PRODUCT_ID", message),
            SwipesError::SessionIdTooLong => ApiError::bad_request("INVALID_SESSION_ID", message),
            SwipesError::DeviceInfoTooLong => ApiError::bad_request("INVALID_DEVICE_INFO", message),
            SwipesError::ProductNotFound | SwipesError::NothingToUndo => {
                ApiError::NotFound(message)
            }
            SwipesError::WriterGone(_) | SwipesError::Unexpected(_) => ApiError::Internal(message),
            SwipesError::NotWritten(e @ store::StoreError::Storage(_)) => e.into(),
            SwipesError::NotWritten(e) => ApiError::Unavailable(e.to_string()),
            SwipesError::Store(e) => e.into(),
        }
    }
}
