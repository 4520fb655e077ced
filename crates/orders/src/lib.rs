//! # orders: an order's life, from payment to delivery or cancellation
//!
//! This crate owns the rules of an order once the shopper pays (001 §2 Order success and My
//! Orders, §3 Order, §4, §5, §8 Orders and Cancellation, §9):
//!
//! - **Statuses** and their wire values: [`DeliveryStatus`] (`pending`, Accepted, Processing,
//!   Shipped, Out for Delivery, Delivered, Cancelled, Cancellation Requested, and any other
//!   text kept as stored), [`OrderStatus`] (`cancelled`, `cancel_requested`,
//!   `cancel_rejected`), [`PaymentStatus`] and [`RefundStatus`] (with
//!   [`RefundStatus::advance`]).
//! - **What My Orders shows**: [`status_text`], [`refund_label`], [`cancel_button`],
//!   [`order_id_display`] ('Order #' and the last [`ORDER_ID_DISPLAY_CHARS`] characters),
//!   [`PaymentStatus::is_paid`] (green when paid), [`DeliveryStatus::is_neutral`] (grey).
//! - **Cancelling**: [`check_cancellable`], whose [`CancelError`] carries the message shown,
//!   and [`cancellation_reason`] (blank is sent as null).
//! - **The cancel flow** on an order's stored fields ([`Lifecycle`]):
//!   [`Lifecycle::request_cancellation`] marks the order Cancellation Requested /
//!   `cancel_requested` and keeps the delivery status it had in the [`OpenRequest`];
//!   [`Lifecycle::review`] approves (cancelled, refund initiated, and every line's stock to be
//!   returned: [`ReviewOutcome::Approved`]) or rejects (`cancel_rejected`, the delivery status
//!   put back).
//! - **Delivery moves** by the brand's team: [`check_move`] and [`Lifecycle::move_delivery`],
//!   forward only along [`DELIVERY_STEPS`] (`pending`, Accepted, Processing, Shipped, Out for
//!   Delivery, Delivered), nothing after Delivered or Cancelled, never to Cancelled (only an
//!   approved request cancels); each refusal is a [`MoveError`] a person can read.
//! - **Who manages an order**: [`may_manage`], an admin any order, a brand user only their
//!   brand's, a shopper none.
//! - **Checkout's payment states** ([`CheckoutState`]): idle, processing (dismissed goes back to
//!   idle), verified, order created, bag cleared, express requested, success, with the steps
//!   each may take ([`CheckoutState::next_states`]).
//! - **Stock reservations** for a checkout that is paying: [`RESERVATION_LIFETIME`] (10
//!   minutes), [`is_expired`] with `now` passed in, and [`reservable`], never more than is left.
//!
//! The browser applies the display, cancel and checkout rules in `frontend/src/lib/orders.ts`;
//! both read `testdata/vectors/orders.json`, so the two cannot drift.
//!
//! ## Messages that are ours
//!
//! The specification gives no text for these; the messages are ours:
//!
//! | rule | message |
//! |---|---|
//! | cancelling a cancelled order | 'This order has already been cancelled.' |
//! | cancelling while a request waits | "A cancellation has already been requested for this order. You will be notified once it's processed." |
//! | a refund moved backwards | 'A refund that is completed cannot become initiated.' |
//! | reviewing an order with no open request | 'This order has no cancellation request waiting for review.' |
//! | a delivery move refused | [`MoveError`]: 'An order cannot go back from Shipped to Processing.', 'This order is already Delivered; its delivery status can no longer change.', ... |
//! | reserving 0 | 'Choose at least one item.' |
//! | reserving when none is left | 'This size is out of stock.' |
//! | reserving more than is left | 'Only {left} left in this size.' |
//! | a shopper managing an order | "Only the brand's team or an admin can manage orders." |
//! | a brand user without a brand | 'Your account is not linked to a brand.' |
//! | a brand user, another brand's order | 'This order belongs to another brand.' |
//!
//! ## Readings of the specification worth knowing
//!
//! - `pending`, the delivery status of a new order, is stored and shown in lower case (the
//!   order create payload's value) and, like unknown statuses, in the neutral grey.
//! - The refund badge reads 'Not Initiated' for a failed refund: the spec names only
//!   'Completed' and 'Initiated', and no money is on its way back.
//! - A delivery move may skip steps (`pending` straight to Shipped): the spec lists the
//!   statuses, not that each must be visited. Moving to the status the order has is refused,
//!   so a repeated call is told so rather than written twice.
//! - The request and its review are per order, as the spec's statuses are: approving a request
//!   for one line cancels the whole order, so every line's stock goes back and the whole amount
//!   is refunded.
//! - A rejected cancellation does not stop the shopper from asking again while the delivery
//!   status allows it: the spec blocks cancelling by delivery status only.
//! - A rejected order keeps its `cancel_rejected` status through later delivery moves, so its
//!   status line reads 'Cancellation rejected by brand' even once Delivered: the spec shows
//!   that text whenever the status is `cancel_rejected`.
//! - The reservation lifetime, 10 minutes, is ours: the spec holds no stock while paying.
//!   A shopper holds one reservation at a time: a new checkout releases the previous one.
//!
//! ## What this crate must never import
//!
//! No I/O of any kind: no diesel, no actix, no reqwest, no tokio, no file or network access, and
//! no clock. Dependencies: access (roles), chrono (times passed in), thiserror (messages).
//! Delivery dates per speed are the `delivery` crate's, money the `pricing` crate's; an order's
//! lines and totals are not decided here.

mod cancel;
mod checkout;
mod display;
mod lifecycle;
mod moves;
mod reservation;
mod staff;
mod status;

pub use cancel::{CancelError, REASON_MAX_CHARS, ReasonTooLong, check_cancellable, check_reason};
pub use checkout::{CheckoutState, CheckoutStepError};
pub use display::{
    CancelButton, ORDER_ID_DISPLAY_CHARS, cancel_button, cancellation_reason, order_id_display,
    refund_label, status_text,
};
pub use lifecycle::{
    Decision, ExpressError, Lifecycle, OpenRequest, ReviewError, ReviewOutcome, Reviewed,
};
pub use moves::{DELIVERY_STEPS, MoveError, check_move};
pub use reservation::{RESERVATION_LIFETIME, ReserveError, is_expired, reservable};
pub use staff::{StaffError, may_manage};
pub use status::{DeliveryStatus, OrderStatus, PaymentStatus, RefundMoveError, RefundStatus};
