//! The console coupons' refusals as HTTP answers (docs/http-api.md, "Console coupons").

use super::ApiError;
use crate::services::console::coupons::CouponsError;

/// A code another coupon has (409).
pub const COUPON_CODE_TAKEN: &str = "COUPON_CODE_TAKEN";

impl From<CouponsError> for ApiError {
    fn from(e: CouponsError) -> Self {
        let message = e.to_string();
        match e {
            CouponsError::Console(e) => e.into(),
            CouponsError::CodeTaken(_) => ApiError::Conflict {
                code: COUPON_CODE_TAKEN,
                message,
            },
        }
    }
}
