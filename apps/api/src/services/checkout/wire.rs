//! The order's JSON (docs/http-api.md, Orders): the spec's order shape, and the brand
//! console's view of it.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::catalogue::Snapshot;
use crate::wire::{Decimal, absolute_url};

/// The product of an order line as the catalogue shows it now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LineProduct {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub images: Vec<String>,
    /// Today's price, before the offer.
    pub price: Decimal,
}

/// One line of an order, as bought.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderLine {
    /// `null` once the shop no longer shows the product.
    pub product: Option<LineProduct>,
    /// The name it was bought under.
    pub name: String,
    /// The image it was bought with.
    pub image: Option<String>,
    pub size: String,
    pub quantity: i32,
    /// The price of one item, as paid.
    pub price: Decimal,
}

/// An order (001 §3 Order).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Order {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
    pub user: String,
    #[serde(rename = "brandId")]
    pub brand_id: String,
    pub products: Vec<OrderLine>,
    /// The delivery address on one line.
    pub address: String,
    #[serde(rename = "totalAmount")]
    pub total_amount: Decimal,
    pub subtotal: Decimal,
    pub discount: Decimal,
    #[serde(rename = "deliveryFee")]
    pub delivery_fee: Decimal,
    /// `standard` or `express`.
    #[serde(rename = "deliverySpeed")]
    pub delivery_speed: String,
    #[serde(rename = "isQuickDelivery")]
    pub is_quick_delivery: bool,
    #[serde(rename = "estimatedDelivery")]
    pub estimated_delivery: DateTime<Utc>,
    #[serde(rename = "deliveryStatus")]
    pub delivery_status: String,
    /// `cancelled`, `cancel_requested`, `cancel_rejected`, or null.
    pub status: Option<String>,
    #[serde(rename = "paymentStatus")]
    pub payment_status: String,
    #[serde(rename = "paymentId")]
    pub payment_id: Option<String>,
    /// `not_initiated`, `initiated`, `completed` or `failed`.
    #[serde(rename = "refundStatus")]
    pub refund_status: String,
    #[serde(rename = "couponCode")]
    pub coupon_code: Option<String>,
}

/// The open cancellation request of an order, for the brand's review.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CancelRequest {
    #[serde(rename = "productIndex")]
    pub product_index: i32,
    #[serde(rename = "productId")]
    pub product_id: Option<String>,
    pub reason: Option<String>,
    #[serde(rename = "requestedAt")]
    pub requested_at: DateTime<Utc>,
}

/// An order as the brand console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BrandOrder {
    #[serde(flatten)]
    pub order: Order,
    #[serde(rename = "brandName")]
    pub brand_name: String,
    /// The delivery address's e-mail.
    #[serde(rename = "customerEmail")]
    pub customer_email: String,
    #[serde(rename = "cancelRequest")]
    pub cancel_request: Option<CancelRequest>,
}

/// The address on one line: flat and building, street, city, state and pincode.
pub fn address_line(order: &store::OrderRecord) -> String {
    let parts = [
        order.ship_address.trim(),
        order.ship_address_2.trim(),
        order.ship_city.trim(),
    ];
    let place: Vec<&str> = parts.into_iter().filter(|p| !p.is_empty()).collect();
    format!(
        "{}, {} {}",
        place.join(", "),
        order.ship_state.trim(),
        order.ship_pincode.trim()
    )
}

impl Order {
    pub(crate) fn of(stored: &store::StoredOrder, snapshot: &Snapshot, media_origin: &str) -> Self {
        let order = &stored.order;
        let products = stored
            .lines
            .iter()
            .map(|line| OrderLine {
                product: snapshot.product(&line.product_id).map(|at| {
                    let record = &snapshot.entries()[at].record;
                    LineProduct {
                        id: record.id.clone(),
                        name: record.name.clone(),
                        images: record
                            .images
                            .iter()
                            .map(|url| absolute_url(media_origin, url.clone()))
                            .collect(),
                        price: Decimal::from_paise(record.price_paise),
                    }
                }),
                name: line.name.clone(),
                image: line
                    .image
                    .clone()
                    .map(|url| absolute_url(media_origin, url)),
                size: line.size.clone(),
                quantity: line.quantity,
                price: Decimal::from_paise(line.unit_price_paise),
            })
            .collect();
        Order {
            id: order.id.clone(),
            created_at: order.created_at.and_utc(),
            user: order.user_id.clone(),
            brand_id: order.brand_id.clone(),
            products,
            address: address_line(order),
            total_amount: Decimal::from_paise(order.total_paise),
            subtotal: Decimal::from_paise(order.subtotal_paise),
            discount: Decimal::from_paise(order.discount_paise),
            delivery_fee: Decimal::from_paise(order.delivery_fee_paise),
            delivery_speed: order.delivery_speed.clone(),
            is_quick_delivery: order.delivery_speed == "express",
            estimated_delivery: order.estimated_delivery.and_utc(),
            delivery_status: order.delivery_status.clone(),
            status: order.status.clone(),
            payment_status: order.payment_status.clone(),
            payment_id: order.payment_id.clone(),
            refund_status: order.refund_status.clone(),
            coupon_code: order.coupon_code.clone(),
        }
    }
}

impl BrandOrder {
    pub(crate) fn of(stored: &store::StoredOrder, snapshot: &Snapshot, media_origin: &str) -> Self {
        let order = Order::of(stored, snapshot, media_origin);
        let brand_name = snapshot
            .active_brand(&stored.order.brand_id)
            .map(|brand| brand.record.name.clone())
            .unwrap_or_default();
        let cancel_request = stored.open_request.as_ref().map(|request| CancelRequest {
            product_index: request.line,
            product_id: usize::try_from(request.line)
                .ok()
                .and_then(|line| stored.lines.get(line))
                .map(|line| line.product_id.clone()),
            reason: request.reason.clone(),
            requested_at: request.requested_at.and_utc(),
        });
        BrandOrder {
            order,
            brand_name,
            customer_email: stored.order.ship_email.clone(),
            cancel_request,
        }
    }
}
