//! The support chat's refusals as HTTP answers.

use super::ApiError;
use crate::services::chat::ChatError;

impl From<ChatError> for ApiError {
    fn from(e: ChatError) -> Self {
        let message = e.to_string();
        match e {
            ChatError::EmptyMessage => ApiError::bad_request("EMPTY_MESSAGE", message),
            ChatError::MessageTooLong => ApiError::bad_request("MESSAGE_TOO_LONG", message),
            ChatError::TooMany { seconds } => ApiError::TooManyRequests {
                retry_after: seconds,
                message,
            },
            ChatError::Store(e) => e.into(),
        }
    }
}
