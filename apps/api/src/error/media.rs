//! Uploads and stored images as HTTP answers (docs/http-api.md, "Console images").

use actix_web::http::StatusCode;

use super::ApiError;
use crate::services::console::images::ImagesError;
use crate::services::media::MediaError;

impl From<MediaError> for ApiError {
    fn from(e: MediaError) -> Self {
        let message = e.to_string();
        match e {
            MediaError::Unsupported => ApiError::Status {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                code: "UNSUPPORTED_IMAGE",
                message,
            },
            MediaError::PayloadTooLarge => ApiError::Status {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                code: "PAYLOAD_TOO_LARGE",
                message,
            },
            MediaError::ImageTooLarge { .. } => ApiError::Unprocessable {
                code: "IMAGE_TOO_LARGE",
                message,
                available: None,
            },
            MediaError::Invalid(cause) => {
                tracing::debug!(%cause, "an unreadable image upload");
                ApiError::Unprocessable {
                    code: "INVALID_IMAGE",
                    message,
                    available: None,
                }
            }
            MediaError::FileRequired => ApiError::bad_request("FILE_REQUIRED", message),
            MediaError::BadForm(_) => ApiError::bad_request("INVALID_FORM", message),
            MediaError::NotFound => ApiError::NotFound(message),
            MediaError::Storage(cause) => ApiError::StorageUnavailable(cause),
        }
    }
}

impl From<ImagesError> for ApiError {
    fn from(e: ImagesError) -> Self {
        let message = e.to_string();
        match e {
            ImagesError::Console(e) => e.into(),
            ImagesError::Media(e) => e.into(),
            ImagesError::TooMany => ApiError::Unprocessable {
                code: "TOO_MANY_IMAGES",
                message,
                available: None,
            },
            ImagesError::ImageNotFound => ApiError::NotFound(message),
        }
    }
}
