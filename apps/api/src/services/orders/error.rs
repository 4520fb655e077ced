//! Why an orders call is refused: each variant's `Display` is what the shopper or the brand
//! team reads; `error/orders.rs` gives each its status and code.

use crate::services::checkout::CheckoutError;

/// A refusal of the orders family (history, express, cancellation, brand console).
#[derive(Debug, thiserror::Error)]
pub enum OrdersError {
    #[error("paymentId is required")]
    PaymentIdRequired,
    #[error("orderId is required")]
    OrderIdRequired,
    /// No line of the order has that `productIndex`, or it is not a line number.
    #[error("productIndex must be the number of a line of the order")]
    InvalidLine,
    /// `productId` is given and is not the product of the line.
    #[error("productId is not the product of that line")]
    WrongProduct,
    #[error(transparent)]
    Reason(#[from] orders::ReasonTooLong),
    #[error("deliveryStatus is required")]
    StatusRequired,
    #[error("decision must be \"approve\" or \"reject\"")]
    InvalidDecision,
    /// Another shopper's order, or another brand's, is not found either.
    #[error("Order not found.")]
    OrderNotFound,
    /// Another shopper's orders.
    #[error("User not found")]
    UserNotFound,
    /// Neither an admin nor a brand user with a brand.
    #[error(transparent)]
    Staff(orders::StaffError),
    #[error(transparent)]
    Cancel(orders::CancelError),
    #[error(transparent)]
    Move(orders::MoveError),
    #[error(transparent)]
    Review(orders::ReviewError),
    /// The express booking and the refund are the checkout family's.
    #[error(transparent)]
    Checkout(#[from] CheckoutError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
}
