//! Saved addresses and the address search, as HTTP answers.

use super::ApiError;
use crate::services::addresses::AddressesError;

impl From<AddressesError> for ApiError {
    fn from(e: AddressesError) -> Self {
        let message = e.to_string();
        match e {
            AddressesError::UserNotFound
            | AddressesError::AddressNotFound
            | AddressesError::PlaceNotFound(_) => Self::NotFound(message),
            AddressesError::Invalid(errors) => Self::Invalid {
                message,
                fields: errors
                    .iter()
                    .map(|(field, error)| (field.as_str().to_owned(), error.to_string()))
                    .collect(),
            },
            AddressesError::Limit(_) => Self::Conflict {
                code: "ADDRESS_LIMIT",
                message,
            },
            AddressesError::NotDefault => Self::bad_request("INVALID_IS_DEFAULT", message),
            AddressesError::QueryTooShort => Self::bad_request("INVALID_QUERY", message),
            AddressesError::InvalidCoordinate { .. } => {
                Self::bad_request("INVALID_COORDINATES", message)
            }
            AddressesError::TooManySearches { seconds } => Self::TooManyRequests {
                retry_after: seconds,
                message,
            },
            // The cause goes to the log only.
            AddressesError::PlacesUnavailable(cause) => Self::DependencyFailed {
                code: "PLACES_UNAVAILABLE",
                message,
                cause: cause.to_string(),
            },
            AddressesError::Store(e) => e.into(),
        }
    }
}
