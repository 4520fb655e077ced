//! The checkout family's refusals as HTTP answers (docs/http-api.md: Checkout, Payments,
//! Coupons).

use pricing::CouponError;

use super::ApiError;
use crate::services::checkout::CheckoutError;

impl From<CheckoutError> for ApiError {
    fn from(e: CheckoutError) -> Self {
        let message = e.to_string();
        let bad_request = |code| ApiError::bad_request(code, message.clone());
        let conflict = |code| ApiError::Conflict {
            code,
            message: message.clone(),
        };
        let unprocessable = |code, available| ApiError::Unprocessable {
            code,
            message: message.clone(),
            available,
        };
        match e {
            CheckoutError::InvalidSource => bad_request("INVALID_SOURCE"),
            CheckoutError::AddressIdRequired => bad_request("INVALID_ADDRESS_ID"),
            CheckoutError::ProductIdRequired => bad_request("INVALID_PRODUCT_ID"),
            CheckoutError::SizeRequired | CheckoutError::UnknownSize => bad_request("INVALID_SIZE"),
            CheckoutError::OrderIdRequired => bad_request("INVALID_ORDER_ID"),
            CheckoutError::InvalidSpeed => bad_request("INVALID_SPEED"),
            CheckoutError::Quantity(e) => ApiError::from(e),
            CheckoutError::AddressNotFound
            | CheckoutError::ProductNotFound
            | CheckoutError::OrderNotFound
            | CheckoutError::SandboxOff => ApiError::NotFound(message),
            CheckoutError::EmptyCart => unprocessable("EMPTY_CART", None),
            CheckoutError::Unavailable(_) => unprocessable("PRODUCT_UNAVAILABLE", Some(0)),
            CheckoutError::Coupon(refused) => coupon_refusal(refused, message),
            CheckoutError::NotEnoughStock { available, .. } => {
                unprocessable("NOT_ENOUGH_STOCK", Some(available))
            }
            CheckoutError::OutOfStock(_) => conflict("OUT_OF_STOCK"),
            CheckoutError::AmountRequired | CheckoutError::InvalidAmount => {
                bad_request("INVALID_AMOUNT")
            }
            CheckoutError::InvalidCurrency => bad_request("INVALID_CURRENCY"),
            CheckoutError::TooManyCheckouts { seconds } => ApiError::TooManyRequests {
                retry_after: seconds,
                message,
            },
            CheckoutError::PriceChanged(quote) => ApiError::PriceChanged {
                message,
                quote: serde_json::to_value(*quote).unwrap_or(serde_json::Value::Null),
            },
            CheckoutError::CardPayment(_) => unprocessable("AMOUNT_TOO_SMALL", None),
            CheckoutError::PaymentNotStarted(cause) | CheckoutError::PaymentsDown(cause) => {
                ApiError::DependencyFailed {
                    code: "PAYMENTS_UNAVAILABLE",
                    message,
                    cause,
                }
            }
            CheckoutError::PaymentFieldsRequired => bad_request("INVALID_PAYMENT"),
            CheckoutError::InvalidPaymentSignature | CheckoutError::InvalidWebhookSignature => {
                bad_request("INVALID_SIGNATURE")
            }
            CheckoutError::InvalidEvent(_) => bad_request("INVALID_EVENT"),
            CheckoutError::PaymentNotFound => bad_request("PAYMENT_NOT_FOUND"),
            CheckoutError::PaymentMismatch => conflict("PAYMENT_MISMATCH"),
            CheckoutError::PaidTwice | CheckoutError::AlreadyPaid => conflict("ALREADY_PAID"),
            CheckoutError::ReservationLapsed => conflict("RESERVATION_LAPSED"),
            CheckoutError::PaymentRefunded | CheckoutError::PaymentNotCaptured => {
                conflict("PAYMENT_NOT_CAPTURED")
            }
            CheckoutError::CardDeclined(_) => ApiError::PaymentDeclined {
                code: "CARD_DECLINED",
                message,
            },
            CheckoutError::CardExpiry | CheckoutError::CardInvalid(_) => {
                ApiError::PaymentDeclined {
                    code: "CARD_INVALID",
                    message,
                }
            }
            CheckoutError::ExpressNotAllowed(_) => unprocessable("EXPRESS_NOT_ALLOWED", None),
            CheckoutError::Store(e) => ApiError::from(e),
            CheckoutError::Internal(cause) => ApiError::Internal(cause),
        }
    }
}

/// A coupon the pricing rules refuse (docs/http-api.md, Coupons): a blank code is bad input,
/// every other refusal a rule.
fn coupon_refusal(e: CouponError, message: String) -> ApiError {
    let code = match e {
        CouponError::Empty => return ApiError::bad_request("COUPON_REQUIRED", message),
        CouponError::Invalid => "COUPON_INVALID",
        CouponError::MinimumOrder { .. } => "COUPON_MIN_ORDER",
        CouponError::BrandMissing | CouponError::BrandMismatch => "COUPON_BRAND",
        CouponError::AlreadyUsed => "COUPON_USED",
        CouponError::Exhausted => "COUPON_EXHAUSTED",
    };
    ApiError::Unprocessable {
        code,
        message,
        available: None,
    }
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError;
    use actix_web::http::StatusCode;

    use super::*;

    fn short() -> CheckoutError {
        CheckoutError::NotEnoughStock {
            name: "Indigo Kurta".into(),
            size: "M".into(),
            refusal: orders::ReserveError::NotEnough { left: 1 },
            available: 1,
        }
    }

    #[test]
    fn a_shortage_is_a_rule_at_the_quote_and_a_lost_race_at_pay() {
        let at_quote = ApiError::from(short());
        assert_eq!(at_quote.status_code(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(at_quote.code(), "NOT_ENOUGH_STOCK");
        assert_eq!(
            at_quote.to_string(),
            "Indigo Kurta (M): Only 1 left in this size."
        );
        let at_pay = ApiError::from(short().sold_out_at_pay());
        assert_eq!(at_pay.status_code(), StatusCode::CONFLICT);
        assert_eq!(at_pay.code(), "OUT_OF_STOCK");
        assert_eq!(at_pay.to_string(), at_quote.to_string());
        // Any other refusal is the same at Pay.
        let other = ApiError::from(CheckoutError::EmptyCart.sold_out_at_pay());
        assert_eq!(other.code(), "EMPTY_CART");
    }

    #[test]
    fn coupon_refusals_keep_their_codes() {
        for (refusal, status, code) in [
            (
                CouponError::Empty,
                StatusCode::BAD_REQUEST,
                "COUPON_REQUIRED",
            ),
            (
                CouponError::Invalid,
                StatusCode::UNPROCESSABLE_ENTITY,
                "COUPON_INVALID",
            ),
            (
                CouponError::BrandMismatch,
                StatusCode::UNPROCESSABLE_ENTITY,
                "COUPON_BRAND",
            ),
            (
                CouponError::AlreadyUsed,
                StatusCode::UNPROCESSABLE_ENTITY,
                "COUPON_USED",
            ),
            (
                CouponError::Exhausted,
                StatusCode::UNPROCESSABLE_ENTITY,
                "COUPON_EXHAUSTED",
            ),
        ] {
            let message = refusal.to_string();
            let answer = ApiError::from(CheckoutError::Coupon(refusal));
            assert_eq!((answer.status_code(), answer.code()), (status, code));
            assert_eq!(answer.to_string(), message);
        }
    }

    #[test]
    fn a_card_total_under_the_minimum_is_amount_too_small() {
        let refused = pricing::check_card_payment(pricing::Money::from_paise(99))
            .map_err(CheckoutError::from)
            .map_err(ApiError::from)
            .expect_err("under ₹1");
        assert_eq!(refused.status_code(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(refused.code(), "AMOUNT_TOO_SMALL");
        assert_eq!(
            refused.to_string(),
            "The order total must be at least ₹1 to pay by card."
        );
    }
}
