//! The edge's own refusals, as HTTP answers.

use actix_web::http::StatusCode;

use super::ApiError;
use crate::edge::EdgeError;

impl From<EdgeError> for ApiError {
    fn from(e: EdgeError) -> Self {
        Self::Edge(e)
    }
}

pub(super) fn code(e: &EdgeError) -> &'static str {
    match e {
        EdgeError::RequestTimeout => "REQUEST_TIMEOUT",
        EdgeError::UriTooLong => "URI_TOO_LONG",
        EdgeError::HeadersTooLarge => "HEADERS_TOO_LARGE",
    }
}

pub(super) fn status(e: &EdgeError) -> StatusCode {
    match e {
        EdgeError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
        EdgeError::UriTooLong => StatusCode::URI_TOO_LONG,
        EdgeError::HeadersTooLarge => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
    }
}
