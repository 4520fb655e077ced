//! An order's life after it is placed: the shopper's cancellation request and the brand's
//! review of it (001 §4 the cancel flow, §7 POST /cancel-requests/create, §8 Cancellation).

use crate::cancel::{CancelError, check_cancellable};
use crate::display::cancellation_reason;
use crate::status::{DeliveryStatus, OrderStatus, RefundStatus};

/// The fields of a stored order that its life changes. Each change here is decided from the
/// fields as read and answered as the fields to write, so the store can do both in one
/// transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lifecycle {
    /// `deliveryStatus`.
    pub delivery: DeliveryStatus,
    /// `status`: `None` until someone asks to cancel.
    pub status: Option<OrderStatus>,
    /// `refundStatus`.
    pub refund: RefundStatus,
    /// The cancellation request waiting for the brand, if any.
    pub open_request: Option<OpenRequest>,
}

/// A cancellation request waiting for the brand's review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenRequest {
    /// The order line the shopper asked to cancel: the request's `productIndex` (001 §7),
    /// counted from 0. The caller checks that the order has that line.
    pub line: usize,
    /// The shopper's reason, trimmed; `None` when left blank (001 §5).
    pub reason: Option<String>,
    /// The delivery status before the request, put back if the brand rejects it.
    pub delivery_before: DeliveryStatus,
}

/// The brand's decision on a cancellation request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Cancel the order and refund it.
    Approve,
    /// Keep the order going.
    Reject,
}

impl Decision {
    /// Both decisions.
    pub const ALL: [Decision; 2] = [Decision::Approve, Decision::Reject];

    /// The word the reviewer sends and the request keeps.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Approve => "approve",
            Decision::Reject => "reject",
        }
    }

    /// Reads a decision word exactly as [`Decision::as_str`] writes it; `None` for any other.
    pub fn parse(raw: &str) -> Option<Self> {
        Decision::ALL.into_iter().find(|d| d.as_str() == raw)
    }
}

/// What a review changed, besides the order's fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReviewOutcome {
    /// The whole order is cancelled and its refund initiated: the caller puts every line's
    /// quantity back on sale and refunds the amount paid. A request names one line (001 §7
    /// `productIndex`) but the statuses are the order's, and an order that reads Cancelled
    /// must neither keep the shopper's money nor the shop's stock for any line.
    Approved {
        /// The line the shopper asked about, for the record.
        requested_line: usize,
    },
    /// The order goes on as before the request.
    Rejected,
}

/// A review and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reviewed {
    /// The order's fields to write.
    pub lifecycle: Lifecycle,
    /// What else the caller must do.
    pub outcome: ReviewOutcome,
}

/// Why a review is refused. `Display` is the text the reviewer sees (ours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ReviewError {
    /// No request waits: none was made, or it was decided already.
    #[error("This order has no cancellation request waiting for review.")]
    NoOpenRequest,
}

/// Why an express courier is not booked for an order. `Display` is the text the shopper sees
/// (ours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ExpressError {
    /// Cancelled (and refunded, or being refunded): nothing is to be delivered.
    #[error("This order is cancelled, so no courier is booked for it.")]
    Cancelled,
    /// A cancellation request waits for the brand's review.
    #[error(
        "This order has a cancellation request waiting for the brand's review, so no courier is \
         booked for it."
    )]
    CancellationRequested,
}

impl Lifecycle {
    /// Whether a courier may be booked for the order now: not once it is cancelled, refunded or
    /// being refunded, nor while a cancellation request waits (an approval would cancel the
    /// courier it booked).
    pub fn check_express_booking(&self) -> Result<(), ExpressError> {
        if self.status == Some(OrderStatus::Cancelled)
            || self.delivery == DeliveryStatus::Cancelled
            || self.refund != RefundStatus::NotInitiated
        {
            return Err(ExpressError::Cancelled);
        }
        if self.open_request.is_some()
            || self.status == Some(OrderStatus::CancelRequested)
            || self.delivery == DeliveryStatus::CancellationRequested
        {
            return Err(ExpressError::CancellationRequested);
        }
        Ok(())
    }

    /// A new order: `pending`, no status, nothing refunded, no request (001 §4 Checkout: "Order
    /// is created with deliveryStatus pending").
    pub fn placed() -> Self {
        Lifecycle {
            delivery: DeliveryStatus::Pending,
            status: None,
            refund: RefundStatus::NotInitiated,
            open_request: None,
        }
    }

    /// The shopper asks to cancel `line` with the `reason` typed (blank for none). Allowed when
    /// [`check_cancellable`] allows it; the order then shows deliveryStatus Cancellation
    /// Requested and status `cancel_requested`, and remembers its delivery status for a
    /// rejection to put back (001 §4).
    pub fn request_cancellation(&self, line: usize, reason: &str) -> Result<Self, CancelError> {
        if self.open_request.is_some() {
            return Err(CancelError::AlreadyRequested);
        }
        check_cancellable(self.status, &self.delivery)?;
        Ok(Lifecycle {
            delivery: DeliveryStatus::CancellationRequested,
            status: Some(OrderStatus::CancelRequested),
            refund: self.refund,
            open_request: Some(OpenRequest {
                line,
                reason: cancellation_reason(reason),
                delivery_before: self.delivery.clone(),
            }),
        })
    }

    /// The brand's review of the open request. Approved: status `cancelled`, deliveryStatus
    /// Cancelled, refund initiated, and every line's stock to be returned. Rejected: status
    /// `cancel_rejected` (shown as 'Cancellation rejected by brand') and the delivery status the
    /// order had before the request. Either way the request is closed.
    pub fn review(&self, decision: Decision) -> Result<Reviewed, ReviewError> {
        let request = self
            .open_request
            .as_ref()
            .ok_or(ReviewError::NoOpenRequest)?;
        Ok(match decision {
            Decision::Approve => Reviewed {
                lifecycle: Lifecycle {
                    delivery: DeliveryStatus::Cancelled,
                    status: Some(OrderStatus::Cancelled),
                    refund: RefundStatus::Initiated,
                    open_request: None,
                },
                outcome: ReviewOutcome::Approved {
                    requested_line: request.line,
                },
            },
            Decision::Reject => Reviewed {
                lifecycle: Lifecycle {
                    delivery: request.delivery_before.clone(),
                    status: Some(OrderStatus::CancelRejected),
                    refund: self.refund,
                    open_request: None,
                },
                outcome: ReviewOutcome::Rejected,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_decision_reads_back_its_own_word_and_nothing_else() {
        for decision in super::Decision::ALL {
            assert_eq!(super::Decision::parse(decision.as_str()), Some(decision));
        }
        assert_eq!(super::Decision::parse("Approve"), None);
        assert_eq!(super::Decision::parse(""), None);
    }

    use super::*;

    #[test]
    fn a_courier_is_booked_only_for_an_order_nobody_is_cancelling() {
        let requested = Lifecycle::placed()
            .request_cancellation(0, "")
            .expect("a pending order may be cancelled");
        let approved = requested
            .review(Decision::Approve)
            .expect("a request waits")
            .lifecycle;
        let rejected = requested
            .review(Decision::Reject)
            .expect("a request waits")
            .lifecycle;
        let refunded = Lifecycle {
            refund: RefundStatus::Completed,
            ..Lifecycle::placed()
        };
        let cancelled_by_status = Lifecycle {
            status: Some(OrderStatus::Cancelled),
            ..Lifecycle::placed()
        };
        // (order, booking)
        let table = [
            (Lifecycle::placed(), Ok(())),
            (order(DeliveryStatus::Processing), Ok(())),
            (rejected, Ok(())),
            (requested, Err(ExpressError::CancellationRequested)),
            (
                order(DeliveryStatus::CancellationRequested),
                Err(ExpressError::CancellationRequested),
            ),
            (approved, Err(ExpressError::Cancelled)),
            (
                order(DeliveryStatus::Cancelled),
                Err(ExpressError::Cancelled),
            ),
            (refunded, Err(ExpressError::Cancelled)),
            (cancelled_by_status, Err(ExpressError::Cancelled)),
        ];
        for (lifecycle, booking) in table {
            assert_eq!(lifecycle.check_express_booking(), booking, "{lifecycle:?}");
        }
    }

    fn order(delivery: DeliveryStatus) -> Lifecycle {
        Lifecycle {
            delivery,
            ..Lifecycle::placed()
        }
    }

    #[test]
    fn a_request_marks_the_order_and_remembers_its_delivery_status() {
        // 001 §4: on success the order becomes Cancellation Requested / cancel_requested
        let requested = order(DeliveryStatus::Processing)
            .request_cancellation(1, "  Wrong size ")
            .expect("a processing order may be cancelled");
        assert_eq!(
            requested,
            Lifecycle {
                delivery: DeliveryStatus::CancellationRequested,
                status: Some(OrderStatus::CancelRequested),
                refund: RefundStatus::NotInitiated,
                open_request: Some(OpenRequest {
                    line: 1,
                    reason: Some("Wrong size".to_owned()),
                    delivery_before: DeliveryStatus::Processing,
                }),
            }
        );
        let blank = Lifecycle::placed()
            .request_cancellation(0, "   ")
            .expect("a pending order may be cancelled");
        assert_eq!(blank.open_request.and_then(|r| r.reason), None);
    }

    #[test]
    fn a_request_is_refused_as_check_cancellable_says() {
        // (spec, delivery status, refusal)
        let table = [
            (
                "001 §5",
                DeliveryStatus::Shipped,
                CancelError::AlreadyShipped,
            ),
            (
                "001 §5",
                DeliveryStatus::OutForDelivery,
                CancelError::AlreadyShipped,
            ),
            (
                "001 §5",
                DeliveryStatus::Delivered,
                CancelError::AlreadyShipped,
            ),
            (
                "001 §4",
                DeliveryStatus::Cancelled,
                CancelError::AlreadyCancelled,
            ),
            (
                "001 §4",
                DeliveryStatus::CancellationRequested,
                CancelError::AlreadyRequested,
            ),
        ];
        for (spec, delivery, refusal) in table {
            assert_eq!(
                order(delivery.clone()).request_cancellation(0, ""),
                Err(refusal),
                "{spec}: {delivery}"
            );
        }
    }

    #[test]
    fn a_second_request_is_refused_while_the_first_waits() {
        let requested = Lifecycle::placed()
            .request_cancellation(0, "")
            .expect("a pending order may be cancelled");
        assert_eq!(
            requested.request_cancellation(1, ""),
            Err(CancelError::AlreadyRequested)
        );
        // Even when the stored delivery status did not follow, the open request decides.
        let drifted = Lifecycle {
            delivery: DeliveryStatus::Processing,
            status: None,
            ..requested
        };
        assert_eq!(
            drifted.request_cancellation(1, ""),
            Err(CancelError::AlreadyRequested)
        );
    }

    #[test]
    fn approving_cancels_refunds_and_returns_the_stock() {
        let requested = order(DeliveryStatus::Accepted)
            .request_cancellation(2, "Changed my mind")
            .expect("an accepted order may be cancelled");
        assert_eq!(
            requested.review(Decision::Approve),
            Ok(Reviewed {
                lifecycle: Lifecycle {
                    delivery: DeliveryStatus::Cancelled,
                    status: Some(OrderStatus::Cancelled),
                    refund: RefundStatus::Initiated,
                    open_request: None,
                },
                outcome: ReviewOutcome::Approved { requested_line: 2 },
            })
        );
    }

    #[test]
    fn rejecting_puts_the_delivery_status_back() {
        for before in [
            DeliveryStatus::Pending,
            DeliveryStatus::Accepted,
            DeliveryStatus::Processing,
            DeliveryStatus::Other("Packed".to_owned()),
        ] {
            let requested = order(before.clone())
                .request_cancellation(0, "")
                .expect("not shipped yet");
            assert_eq!(
                requested.review(Decision::Reject),
                Ok(Reviewed {
                    lifecycle: Lifecycle {
                        delivery: before.clone(),
                        status: Some(OrderStatus::CancelRejected),
                        refund: RefundStatus::NotInitiated,
                        open_request: None,
                    },
                    outcome: ReviewOutcome::Rejected,
                }),
                "{before}"
            );
        }
    }

    #[test]
    fn a_review_needs_an_open_request() {
        let approved = Lifecycle::placed()
            .request_cancellation(0, "")
            .expect("a pending order may be cancelled")
            .review(Decision::Approve)
            .expect("an open request may be approved")
            .lifecycle;
        for lifecycle in [
            Lifecycle::placed(),
            order(DeliveryStatus::Shipped),
            approved,
        ] {
            for decision in [Decision::Approve, Decision::Reject] {
                assert_eq!(
                    lifecycle.review(decision),
                    Err(ReviewError::NoOpenRequest),
                    "{lifecycle:?} {decision:?}"
                );
            }
        }
        assert_eq!(
            ReviewError::NoOpenRequest.to_string(),
            "This order has no cancellation request waiting for review."
        );
    }

    #[test]
    fn after_a_rejection_the_shopper_may_ask_again() {
        let rejected = order(DeliveryStatus::Processing)
            .request_cancellation(0, "")
            .expect("a processing order may be cancelled")
            .review(Decision::Reject)
            .expect("an open request may be rejected")
            .lifecycle;
        let again = rejected
            .request_cancellation(0, "Still want to cancel")
            .expect("the spec blocks by delivery status only");
        assert_eq!(again.status, Some(OrderStatus::CancelRequested));
        assert_eq!(
            again.open_request.map(|r| r.delivery_before),
            Some(DeliveryStatus::Processing)
        );
    }
}
