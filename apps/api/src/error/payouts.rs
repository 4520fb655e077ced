//! The payouts' refusals as HTTP answers (docs/http-api.md, "Payouts").

use super::ApiError;
use crate::services::payouts::PayoutsError;

/// Recording the payout of a month that has not ended (409).
pub const MONTH_OPEN: &str = "MONTH_OPEN";
/// Recording the payout of a month paid already (409).
pub const ALREADY_PAID: &str = "ALREADY_PAID";

impl From<PayoutsError> for ApiError {
    fn from(e: PayoutsError) -> Self {
        let message = e.to_string();
        match e {
            PayoutsError::Console(e) => e.into(),
            PayoutsError::MonthOpen(_) => ApiError::Conflict {
                code: MONTH_OPEN,
                message,
            },
            PayoutsError::AlreadyPaid(_) => ApiError::Conflict {
                code: ALREADY_PAID,
                message,
            },
        }
    }
}
