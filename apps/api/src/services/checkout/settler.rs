//! What happens to orders with no shopper asking, every few seconds in every API process:
//! reservations that ran out unpaid are released, refunds are started (again, when the payment
//! service could not be reached) and followed to completion, and express deliveries take the
//! shipping service's statuses. Each step is safe to run in several processes at once: the
//! store's conditional writes decide who does it.

use std::time::Duration;

use actix_web::web;
use orders::{DeliveryStatus, PaymentStatus, RefundStatus};
use providers::RefundStatus as ProviderRefund;

use super::{CheckoutError, placement};
use crate::state::AppState;

/// How many orders one round looks at, per kind of work.
const BATCH: i64 = 100;

/// Runs [`settle_once`] every `every` until the process stops.
pub async fn run(state: web::Data<AppState>, every: Duration) {
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        if let Err(e) = settle_once(&state).await {
            tracing::warn!(cause = %e, "settling orders failed; trying again next round");
        }
    }
}

/// One round: lapse, refunds, tracking.
pub async fn settle_once(state: &AppState) -> Result<(), CheckoutError> {
    let now = state.clock.now();
    let lapsed = state
        .db(move |store| store.lapse_expired(now, BATCH))
        .await?;
    if lapsed > 0 {
        tracing::info!(lapsed, "unpaid reservations released");
    }
    follow_refunds(state).await?;
    track_shipments(state).await
}

async fn follow_refunds(state: &AppState) -> Result<(), CheckoutError> {
    let pending = state.db(|store| store.refunds_in_progress(BATCH)).await?;
    for order in pending {
        let Some(refund_id) = order.refund_id.clone() else {
            placement::refund_order(state, &order.id).await?;
            continue;
        };
        let status = match state.payments.refund_status(&refund_id).await {
            Ok(refund) => refund.status,
            Err(e) => {
                tracing::warn!(order = %order.id, cause = %e, "a refund could not be looked up");
                continue;
            }
        };
        let (refund, payment) = match status {
            ProviderRefund::Pending => continue,
            ProviderRefund::Processed => (RefundStatus::Completed, Some(PaymentStatus::Refunded)),
            ProviderRefund::Failed => (RefundStatus::Failed, None),
        };
        let now = state.clock.now();
        state
            .db(move |store| store.set_refund(&order.id, None, refund, payment, now))
            .await?;
    }
    Ok(())
}

async fn track_shipments(state: &AppState) -> Result<(), CheckoutError> {
    let shipments = state.db(|store| store.shipments_to_track(BATCH)).await?;
    for (order_id, shipment_id) in shipments {
        let Ok(shipment) = u64::try_from(shipment_id) else {
            continue;
        };
        let tracking = match state.shipping.track(shipment).await {
            Ok(tracking) => tracking,
            Err(e) => {
                tracing::warn!(order = %order_id, cause = %e, "a shipment could not be tracked");
                continue;
            }
        };
        let to = DeliveryStatus::parse(tracking.status.label());
        // A status the order cannot move to (the same, backwards, or while a cancellation
        // waits) is simply not taken.
        crate::services::orders::change_delivery(state, order_id, to).await?;
    }
    Ok(())
}
