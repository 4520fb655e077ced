//! Query values that do not parse, and the requests no route answers: their statuses and codes.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

use super::ApiError;

/// A query value (or a small body field read like one) that does not have the form its
/// parameter wants. The message names the parameter.
#[derive(Debug, Clone, thiserror::Error)]
pub enum InputError {
    #[error("{name} must be a whole number from {min} to {max}")]
    NotWhole {
        name: &'static str,
        min: usize,
        max: usize,
    },
    #[error("{0} must be true or false")]
    NotBoolean(&'static str),
    #[error("{name} must be at most {max} characters")]
    TooLong { name: &'static str, max: usize },
    #[error("{0} must not be blank")]
    Blank(&'static str),
    /// A comma-separated list with too many values, or a value too long.
    #[error("{name} must list at most {max} {what}, separated by commas")]
    TooMany {
        name: &'static str,
        max: usize,
        what: &'static str,
    },
    #[error("{0}")]
    Listing(#[from] listing::ListingError),
    #[error("device must be one of mobile, desktop or all")]
    Device,
    #[error("{0} is required")]
    Missing(&'static str),
    #[error("{0} must be an amount of rupees of 0 or more, such as 799 or 2999.50")]
    NotRupees(&'static str),
    #[error("minPrice must not be greater than maxPrice")]
    PriceRange,
    #[error("gender must be one of male, female or unisex")]
    Gender,
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> Self {
        let code = match &e {
            InputError::NotWhole { .. }
            | InputError::NotBoolean(_)
            | InputError::TooLong { .. }
            | InputError::Blank(_)
            | InputError::TooMany { .. }
            | InputError::Listing(_)
            | InputError::Device => "INVALID_QUERY",
            InputError::Missing(_) => "MISSING_QUERY",
            InputError::NotRupees(_) => "INVALID_PRICE",
            InputError::PriceRange => "INVALID_PRICE_RANGE",
            InputError::Gender => "INVALID_GENDER",
        };
        ApiError::bad_request(code, e.to_string())
    }
}

/// A request the router turns away before any service: no route, a method the route does not
/// answer, a file that is not there, a database not ready.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RequestError {
    #[error("Method not allowed")]
    MethodNotAllowed,
    #[error("No API route for {method} {path}")]
    NoApiRoute { method: String, path: String },
    #[error("No file at {0}")]
    NoFile(String),
    #[error("the shop's pages are not built")]
    FrontendMissing,
    /// The database does not answer (the cause is logged).
    #[error("{0}")]
    DatabaseUnreachable(String),
    /// The database's storage refuses writes (the cause is logged).
    #[error("{0}")]
    StorageFailing(String),
}

impl From<RequestError> for ApiError {
    fn from(e: RequestError) -> Self {
        match e {
            RequestError::MethodNotAllowed => ApiError::MethodNotAllowed,
            e @ (RequestError::NoApiRoute { .. } | RequestError::NoFile(_)) => {
                ApiError::NotFound(e.to_string())
            }
            RequestError::FrontendMissing => ApiError::FrontendMissing,
            RequestError::DatabaseUnreachable(why) => ApiError::Unavailable(why),
            RequestError::StorageFailing(why) => ApiError::StorageUnavailable(why),
        }
    }
}

/// So the router's own answers (a 405 inside a resource, the frontend's fallback) come out
/// of the one map too.
impl ResponseError for RequestError {
    fn status_code(&self) -> StatusCode {
        ApiError::from(self.clone()).status_code()
    }

    fn error_response(&self) -> HttpResponse {
        ApiError::from(self.clone()).error_response()
    }
}
