//! The edge's own refusals, as HTTP answers.

use super::ApiError;
use crate::edge::EdgeError;

impl From<EdgeError> for ApiError {
    fn from(e: EdgeError) -> Self {
        match e {
            EdgeError::RequestTimeout => Self::RequestTimeout,
            EdgeError::UriTooLong => Self::UriTooLong,
            EdgeError::HeadersTooLarge => Self::HeadersTooLarge,
        }
    }
}
