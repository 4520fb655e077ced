//! Why a checkout call is refused: each variant's `Display` is what the shopper reads;
//! `error/checkout.rs` gives each its status and code.

use super::Quote;

/// A refusal of the checkout family (quote, reserve, pay, place, settle, coupons).
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    /// `source` is neither the bag nor a Buy Now item.
    #[error("source must be \"bag\" or {{productId, size, quantity}}")]
    InvalidSource,
    #[error("addressId is required")]
    AddressIdRequired,
    #[error("productId is required")]
    ProductIdRequired,
    #[error("size is required")]
    SizeRequired,
    #[error("orderId is required")]
    OrderIdRequired,
    #[error("speed must be \"standard\" or \"express\"")]
    InvalidSpeed,
    /// A quantity outside the bag's range.
    #[error(transparent)]
    Quantity(bag::BagError),
    /// Buy Now asked for a size the product does not come in.
    #[error("This product does not come in that size.")]
    UnknownSize,
    #[error("Address not found.")]
    AddressNotFound,
    #[error("Product not found.")]
    ProductNotFound,
    #[error("Order not found.")]
    OrderNotFound,
    #[error("Your cart is empty. Please add items before placing an order.")]
    EmptyCart,
    /// A bag line's product is no longer sold (archived or switched off by its brand).
    #[error("{0} is no longer available. Remove it from your bag to check out.")]
    Unavailable(String),
    /// The coupon rules refuse the code.
    #[error(transparent)]
    Coupon(#[from] pricing::CouponError),
    /// A line wants more than is for sale; `available` is how many are.
    #[error("{name} ({size}): {refusal}")]
    NotEnoughStock {
        name: String,
        size: String,
        refusal: orders::ReserveError,
        available: u32,
    },
    /// At Pay, a line short of stock: the same shortage, told as a lost race
    /// ([`CheckoutError::sold_out_at_pay`]).
    #[error("{0}")]
    OutOfStock(String),
    #[error("amount is required")]
    AmountRequired,
    #[error("amount must be an amount of rupees")]
    InvalidAmount,
    #[error("The shop takes payments in INR only.")]
    InvalidCurrency,
    /// Over the checkouts an account may open in an hour; try again after `seconds`.
    #[error("Too many checkouts. Please wait {} and try again.", crate::auth::codes::seconds_text(*seconds))]
    TooManyCheckouts { seconds: i64 },
    /// The checkout costs another amount than the shopper saw: today's quote.
    #[error("The price of your order has changed. Please review the new total.")]
    PriceChanged(Box<Quote>),
    /// Under the payment service's minimum.
    #[error(transparent)]
    CardPayment(#[from] pricing::CardPaymentError),
    /// The payment service could not open the order; the reservation is released.
    #[error("We could not start the payment. Please try again.")]
    PaymentNotStarted(String),
    /// The payment service could not be asked; nothing was changed.
    #[error("We could not reach the payment service. Please try again.")]
    PaymentsDown(String),
    #[error("razorpay_order_id, razorpay_payment_id and razorpay_signature are required")]
    PaymentFieldsRequired,
    /// The checkout's signature does not match.
    #[error("Payment verification failed. Please try again.")]
    InvalidPaymentSignature,
    #[error("The webhook signature is not valid.")]
    InvalidWebhookSignature,
    #[error("Unreadable event: {0}")]
    InvalidEvent(String),
    #[error("We could not find this payment.")]
    PaymentNotFound,
    #[error("This payment is not for this order.")]
    PaymentMismatch,
    /// Another payment placed the order; this one is refunded.
    #[error("This order was already paid. This second payment will be refunded in full.")]
    PaidTwice,
    #[error(
        "Your payment arrived after the items were released, and they are no longer \
         available. Your payment will be refunded in full."
    )]
    ReservationLapsed,
    #[error("This payment was refunded; it pays for nothing.")]
    PaymentRefunded,
    #[error("The payment is not complete yet.")]
    PaymentNotCaptured,
    #[error("The payment sandbox is off: a real payment service is configured.")]
    SandboxOff,
    #[error("Please enter the expiry as MM/YY.")]
    CardExpiry,
    /// The sandbox declined the card.
    #[error("{0}")]
    CardDeclined(String),
    /// The sandbox found the card's details wrong.
    #[error("{0}")]
    CardInvalid(String),
    /// The sandbox's order is paid already.
    #[error("This order is already paid.")]
    AlreadyPaid,
    /// No courier for a cancelled order, or one with a cancellation request waiting.
    #[error(transparent)]
    ExpressNotAllowed(orders::ExpressError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// A bug or an unexpected failure: its cause, for the log.
    #[error("{0}")]
    Internal(String),
}

impl CheckoutError {
    /// At Pay, a size short of stock is the same conflict whichever check finds it: the
    /// catalogue's, which learns within a second that racing checkouts reserved the last
    /// units, or the reservation's. So every shopper who loses a race for them is told
    /// [`CheckoutError::OutOfStock`].
    pub fn sold_out_at_pay(self) -> Self {
        match self {
            short @ Self::NotEnoughStock { .. } => Self::OutOfStock(short.to_string()),
            other => other,
        }
    }

    /// A payment refused for good (not this order's, paid twice, lapsed, refunded, not
    /// captured): a webhook carrying it is handled, and need not come again.
    pub fn is_final_for_payment(&self) -> bool {
        matches!(
            self,
            Self::PaymentMismatch
                | Self::PaidTwice
                | Self::ReservationLapsed
                | Self::PaymentRefunded
                | Self::PaymentNotCaptured
        )
    }
}

impl From<bag::BagError> for CheckoutError {
    fn from(e: bag::BagError) -> Self {
        Self::Quantity(e)
    }
}
