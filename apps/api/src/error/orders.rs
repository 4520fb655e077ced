//! The orders family's refusals as HTTP answers (docs/http-api.md: Orders, Cancel requests,
//! Brand console).

use super::ApiError;
use crate::services::orders::OrdersError;

// Codes an OpenAPI description names on its own, so the document and the answer share them.
pub const INVALID_PAYMENT_ID: &str = "INVALID_PAYMENT_ID";
pub const INVALID_ORDER_ID: &str = "INVALID_ORDER_ID";
pub const INVALID_STATUS: &str = "INVALID_STATUS";
pub const INVALID_DECISION: &str = "INVALID_DECISION";
pub const NO_OPEN_REQUEST: &str = "NO_OPEN_REQUEST";

impl From<OrdersError> for ApiError {
    fn from(e: OrdersError) -> Self {
        let message = e.to_string();
        let unprocessable = |code| ApiError::Unprocessable {
            code,
            message: message.clone(),
            available: None,
        };
        match e {
            OrdersError::PaymentIdRequired => ApiError::bad_request(INVALID_PAYMENT_ID, message),
            OrdersError::OrderIdRequired => ApiError::bad_request(INVALID_ORDER_ID, message),
            OrdersError::InvalidLine => ApiError::bad_request("INVALID_PRODUCT_INDEX", message),
            OrdersError::WrongProduct => ApiError::bad_request("INVALID_PRODUCT_ID", message),
            OrdersError::Reason(_) => ApiError::bad_request("INVALID_REASON", message),
            OrdersError::StatusRequired => ApiError::bad_request(INVALID_STATUS, message),
            OrdersError::InvalidDecision => ApiError::bad_request(INVALID_DECISION, message),
            OrdersError::OrderNotFound | OrdersError::UserNotFound => ApiError::NotFound(message),
            OrdersError::Staff(_) => ApiError::Forbidden {
                code: "FORBIDDEN",
                message,
            },
            OrdersError::Cancel(_) => unprocessable("CANCEL_NOT_ALLOWED"),
            OrdersError::Move(_) => unprocessable("INVALID_MOVE"),
            OrdersError::Review(_) => unprocessable(NO_OPEN_REQUEST),
            OrdersError::Checkout(e) => e.into(),
            OrdersError::Store(e) => e.into(),
        }
    }
}
