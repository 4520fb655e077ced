//! The banners' refusals as HTTP answers (docs/http-api.md, "Admin: banners and the public
//! image reads").

use super::ApiError;
use crate::services::banners::BannersError;

impl From<BannersError> for ApiError {
    fn from(e: BannersError) -> Self {
        let message = e.to_string();
        match e {
            BannersError::Console(e) => e.into(),
            BannersError::ImageNotFound | BannersError::NothingCurrent { .. } => {
                ApiError::NotFound(message)
            }
            BannersError::FileRequired => ApiError::bad_request("FILE_REQUIRED", message),
            BannersError::CategoryQuery => ApiError::bad_request("INVALID_QUERY", message),
            BannersError::Form(_) => ApiError::bad_request("INVALID_FORM", message),
            BannersError::TooLarge { .. } => ApiError::PayloadTooLarge,
            BannersError::Media(e) => e.into(),
            BannersError::Store(e) => e.into(),
        }
    }
}
