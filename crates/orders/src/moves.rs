//! How the brand's team moves an order along its delivery: forward only, from `pending`
//! through Accepted, Processing, Shipped and Out for Delivery to Delivered (001 §4 order
//! delivery statuses). Cancelling is not a move: only an approved cancellation request cancels
//! ([`Lifecycle::review`](crate::Lifecycle::review)).

use crate::lifecycle::Lifecycle;
use crate::status::{DeliveryStatus, OrderStatus};

/// The delivery steps a move may take, in their order.
pub const DELIVERY_STEPS: [DeliveryStatus; 6] = [
    DeliveryStatus::Pending,
    DeliveryStatus::Accepted,
    DeliveryStatus::Processing,
    DeliveryStatus::Shipped,
    DeliveryStatus::OutForDelivery,
    DeliveryStatus::Delivered,
];

/// Why a delivery move is refused. `Display` is the text the brand's team sees (ours).
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    /// The order is Delivered or Cancelled: its delivery is over.
    #[error("This order is already {status}; its delivery status can no longer change.")]
    Finished {
        /// Delivered or Cancelled.
        status: DeliveryStatus,
    },
    /// A cancellation request waits: deciding it comes first, as approving it cancels.
    #[error(
        "This order has a cancellation request waiting; approve or reject it before moving the order."
    )]
    CancellationOpen,
    /// The order's stored status is not one of the shop's.
    #[error(
        "This order's delivery status '{status}' is not one the shop knows, so it cannot be moved."
    )]
    UnknownCurrent {
        /// The stored text.
        status: String,
    },
    /// Asked to move to Cancelled.
    #[error("An order is cancelled only by approving its cancellation request.")]
    CancelOnlyByReview,
    /// Asked to move to Cancellation Requested.
    #[error("Only the shopper can ask to cancel an order.")]
    RequestOnlyByShopper,
    /// Asked to move to a status that is not one of the shop's.
    #[error(
        "'{status}' is not a delivery status. Use Accepted, Processing, Shipped, Out for Delivery or Delivered."
    )]
    UnknownTarget {
        /// The text asked for.
        status: String,
    },
    /// Asked to move to the status the order has.
    #[error("This order is already {status}.")]
    Unchanged {
        /// The order's status.
        status: DeliveryStatus,
    },
    /// Asked to move back.
    #[error("An order cannot go back from {from} to {to}.")]
    Backwards {
        /// The order's status.
        from: DeliveryStatus,
        /// The earlier status asked for.
        to: DeliveryStatus,
    },
}

/// The place of a status among [`DELIVERY_STEPS`]; `None` for the others.
fn step(status: &DeliveryStatus) -> Option<usize> {
    DELIVERY_STEPS.iter().position(|s| s == status)
}

/// Whether the brand's team may move an order's delivery status `from` to `to`: to any later
/// delivery step, so a step may be skipped (a brand may ship the moment it accepts), never back,
/// never after Delivered or Cancelled, and never to Cancelled or Cancellation Requested.
pub fn check_move(from: &DeliveryStatus, to: &DeliveryStatus) -> Result<(), MoveError> {
    let from_step = match from {
        DeliveryStatus::Delivered | DeliveryStatus::Cancelled => {
            return Err(MoveError::Finished {
                status: from.clone(),
            });
        }
        DeliveryStatus::CancellationRequested => return Err(MoveError::CancellationOpen),
        DeliveryStatus::Other(text) => {
            return Err(MoveError::UnknownCurrent {
                status: text.clone(),
            });
        }
        known => step(known),
    };
    let to_step = match to {
        DeliveryStatus::Cancelled => return Err(MoveError::CancelOnlyByReview),
        DeliveryStatus::CancellationRequested => return Err(MoveError::RequestOnlyByShopper),
        DeliveryStatus::Other(text) => {
            return Err(MoveError::UnknownTarget {
                status: text.clone(),
            });
        }
        known => step(known),
    };
    match (from_step, to_step) {
        (Some(f), Some(t)) if t > f => Ok(()),
        (Some(f), Some(t)) if t == f => Err(MoveError::Unchanged {
            status: from.clone(),
        }),
        _ => Err(MoveError::Backwards {
            from: from.clone(),
            to: to.clone(),
        }),
    }
}

impl Lifecycle {
    /// The order moved to delivery status `to` by the brand's team ([`check_move`]). Refused
    /// while a cancellation request waits or once the order is cancelled, whatever the stored
    /// delivery status says. The order's `status` is kept: a rejected request stays shown as
    /// 'Cancellation rejected by brand' (001 §4).
    pub fn move_delivery(&self, to: DeliveryStatus) -> Result<Self, MoveError> {
        if self.open_request.is_some() {
            return Err(MoveError::CancellationOpen);
        }
        if self.status == Some(OrderStatus::Cancelled) {
            return Err(MoveError::Finished {
                status: DeliveryStatus::Cancelled,
            });
        }
        check_move(&self.delivery, &to)?;
        Ok(Lifecycle {
            delivery: to,
            ..self.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::Decision;

    fn parse(raw: &str) -> DeliveryStatus {
        DeliveryStatus::parse(raw)
    }

    #[test]
    fn moves_go_forward_from_pending_to_delivered() {
        // (spec, from, to, allowed)
        let table = [
            ("001 §4", "pending", "Accepted", true),
            ("001 §4", "Accepted", "Processing", true),
            ("001 §4", "Processing", "Shipped", true),
            ("001 §4", "Shipped", "Out for Delivery", true),
            ("001 §4", "Out for Delivery", "Delivered", true),
            ("001 §4", "pending", "Shipped", true),
            ("001 §4", "Accepted", "Delivered", true),
        ];
        for (spec, from, to, allowed) in table {
            assert_eq!(
                check_move(&parse(from), &parse(to)).is_ok(),
                allowed,
                "{spec}: {from} -> {to}"
            );
        }
    }

    #[test]
    fn refused_moves_say_why() {
        use MoveError::*;
        // (spec, from, to, refusal)
        let table = [
            (
                "001 §4",
                "Delivered",
                "Shipped",
                Finished {
                    status: DeliveryStatus::Delivered,
                },
            ),
            (
                "001 §4",
                "Cancelled",
                "Processing",
                Finished {
                    status: DeliveryStatus::Cancelled,
                },
            ),
            (
                "001 §4",
                "Cancellation Requested",
                "Shipped",
                CancellationOpen,
            ),
            ("001 §4", "Processing", "Cancelled", CancelOnlyByReview),
            (
                "001 §4",
                "Processing",
                "Cancellation Requested",
                RequestOnlyByShopper,
            ),
            (
                "001 §4",
                "Processing",
                "Lost",
                UnknownTarget {
                    status: "Lost".to_owned(),
                },
            ),
            (
                "001 §4",
                "Packed",
                "Shipped",
                UnknownCurrent {
                    status: "Packed".to_owned(),
                },
            ),
            (
                "001 §4",
                "Shipped",
                "Shipped",
                Unchanged {
                    status: DeliveryStatus::Shipped,
                },
            ),
            (
                "001 §4",
                "Shipped",
                "Processing",
                Backwards {
                    from: DeliveryStatus::Shipped,
                    to: DeliveryStatus::Processing,
                },
            ),
            (
                "001 §4",
                "Accepted",
                "pending",
                Backwards {
                    from: DeliveryStatus::Accepted,
                    to: DeliveryStatus::Pending,
                },
            ),
        ];
        for (spec, from, to, refusal) in table {
            assert_eq!(
                check_move(&parse(from), &parse(to)),
                Err(refusal),
                "{spec}: {from} -> {to}"
            );
        }
    }

    #[test]
    fn refusals_read_as_sentences() {
        let table = [
            (
                check_move(&DeliveryStatus::Delivered, &DeliveryStatus::Shipped),
                "This order is already Delivered; its delivery status can no longer change.",
            ),
            (
                check_move(&DeliveryStatus::Shipped, &DeliveryStatus::Processing),
                "An order cannot go back from Shipped to Processing.",
            ),
            (
                check_move(&DeliveryStatus::Pending, &parse("Lost")),
                "'Lost' is not a delivery status. Use Accepted, Processing, Shipped, Out for Delivery or Delivered.",
            ),
            (
                check_move(&DeliveryStatus::Pending, &DeliveryStatus::Pending),
                "This order is already pending.",
            ),
        ];
        for (outcome, message) in table {
            assert_eq!(outcome.map_err(|e| e.to_string()), Err(message.to_owned()));
        }
    }

    #[test]
    fn a_moved_order_keeps_its_other_fields() {
        let rejected = Lifecycle {
            delivery: DeliveryStatus::Processing,
            ..Lifecycle::placed()
        }
        .request_cancellation(0, "")
        .expect("a processing order may be cancelled")
        .review(Decision::Reject)
        .expect("an open request may be rejected")
        .lifecycle;
        let shipped = rejected
            .move_delivery(DeliveryStatus::Shipped)
            .expect("a rejected order goes on");
        assert_eq!(
            shipped,
            Lifecycle {
                delivery: DeliveryStatus::Shipped,
                ..rejected
            }
        );
    }

    #[test]
    fn no_move_while_a_request_waits_or_once_cancelled() {
        let requested = Lifecycle::placed()
            .request_cancellation(0, "")
            .expect("a pending order may be cancelled");
        assert_eq!(
            requested.move_delivery(DeliveryStatus::Accepted),
            Err(MoveError::CancellationOpen)
        );
        // The open request decides even when the stored delivery status did not follow.
        let drifted = Lifecycle {
            delivery: DeliveryStatus::Pending,
            ..requested.clone()
        };
        assert_eq!(
            drifted.move_delivery(DeliveryStatus::Accepted),
            Err(MoveError::CancellationOpen)
        );
        let cancelled = requested
            .review(Decision::Approve)
            .expect("an open request may be approved")
            .lifecycle;
        let drifted = Lifecycle {
            delivery: DeliveryStatus::Processing,
            ..cancelled
        };
        assert_eq!(
            drifted.move_delivery(DeliveryStatus::Shipped),
            Err(MoveError::Finished {
                status: DeliveryStatus::Cancelled
            })
        );
    }
}
