//! The bag's and the curated list's refusals as HTTP answers.

use super::ApiError;
use crate::services::bag::{BagError, named};

/// A quantity out of range; the OpenAPI document names it where it is a call's only 400.
pub const INVALID_QUANTITY: &str = "INVALID_QUANTITY";

impl From<::bag::BagError> for ApiError {
    fn from(e: ::bag::BagError) -> Self {
        let message = e.to_string();
        match e {
            ::bag::BagError::BrandConflict { current, new } => ApiError::BrandConflict {
                message,
                current: named(&current),
                new: named(&new),
            },
            ::bag::BagError::UnknownSize { .. } => ApiError::bad_request("INVALID_SIZE", message),
            ::bag::BagError::InvalidQuantity { .. } => {
                ApiError::bad_request(INVALID_QUANTITY, message)
            }
            ::bag::BagError::NotEnoughStock { available, .. } => ApiError::Unprocessable {
                code: "NOT_ENOUGH_STOCK",
                message,
                available: Some(available),
            },
            ::bag::BagError::LineLimit => ApiError::Unprocessable {
                code: "QUANTITY_LIMIT",
                message,
                available: None,
            },
            ::bag::BagError::NotInBag => ApiError::NotFound(message),
            ::bag::BagError::Unavailable => ApiError::Unprocessable {
                code: "PRODUCT_UNAVAILABLE",
                message,
                available: Some(0),
            },
        }
    }
}

impl From<BagError> for ApiError {
    fn from(e: BagError) -> Self {
        let message = e.to_string();
        match e {
            BagError::Rule(rule) => rule.into(),
            BagError::MissingProductId => ApiError::bad_request("INVALID_PRODUCT_ID", message),
            BagError::MissingSize => ApiError::bad_request("INVALID_SIZE", message),
            BagError::InvalidInList => ApiError::bad_request("INVALID_IN_LIST", message),
            BagError::ProductNotFound | BagError::NotInList => ApiError::NotFound(message),
            BagError::Totals(_) => ApiError::Internal(message),
            BagError::Store(e) => e.into(),
        }
    }
}
