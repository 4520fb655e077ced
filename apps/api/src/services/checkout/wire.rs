//! The checkout family's JSON (docs/http-api.md: Checkout quote, Coupons, Orders): the
//! quote, the coupon as an offer, the spec's order shape and the brand console's view of it.

use chrono::{DateTime, Utc};
use delivery::DeliverySpeed;
use serde::Serialize;
use utoipa::ToSchema;

use crate::catalogue::Snapshot;
use crate::wire::{CouponValue, Decimal, absolute_url};

/// One priced line.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuoteLine {
    pub product: QuoteProduct,
    pub size: String,
    pub quantity: u32,
    #[serde(rename = "unitPrice")]
    pub unit_price: Decimal,
    #[serde(rename = "lineTotal")]
    pub line_total: Decimal,
}

/// The product of a priced line.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuoteProduct {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub images: Vec<String>,
}

/// Everything the checkout shows, priced by the server (docs/http-api.md, Checkout quote).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Quote {
    pub lines: Vec<QuoteLine>,
    pub subtotal: Decimal,
    pub discount: Decimal,
    #[serde(rename = "deliveryFee")]
    pub delivery_fee: Decimal,
    pub total: Decimal,
    /// The speed priced: standard when express was asked beyond 50 km.
    #[schema(value_type = String)]
    pub speed: DeliverySpeed,
    #[serde(rename = "requestedSpeed")]
    #[schema(value_type = String)]
    pub requested_speed: DeliverySpeed,
    #[serde(rename = "expressAvailable")]
    pub express_available: bool,
    #[serde(rename = "distanceKm")]
    pub distance_km: u32,
    /// `60-90 min`, `2-4 hours`, ...: the address's window.
    #[serde(rename = "deliveryWindow")]
    pub delivery_window: &'static str,
    #[serde(rename = "estimatedDelivery")]
    pub estimated_delivery: DateTime<Utc>,
    pub coupon: Option<Offer>,
    #[serde(rename = "freeDeliveryAbove")]
    pub free_delivery_above: Decimal,
}

/// A coupon (001 §3 Coupon/offer), with the discount on the priced cart or My Offers' rules.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Offer {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub coupon_code: String,
    /// "percentage" or "fixed".
    #[schema(value_type = String)]
    pub discount_type: pricing::DiscountType,
    /// The percentage as a number for `percentage`; rupees as a decimal object for `fixed`.
    pub discount_value: CouponValue,
    /// The cap of a percentage; null for none.
    pub max_discount_amount: Option<Decimal>,
    pub min_order_value: Decimal,
    pub is_active: bool,
    pub is_currently_valid: bool,
    /// What it takes off `subtotal` (validate-cart only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount: Option<Decimal>,
    /// The priced cart (validate-cart only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtotal: Option<Decimal>,
    /// Plain-English terms (My Offers only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<String>>,
}

impl Offer {
    pub(crate) fn new(
        record: &store::CouponRecord,
        coupon: &pricing::Coupon,
        now: DateTime<Utc>,
    ) -> Self {
        let (discount_value, max_discount_amount) = match coupon.discount {
            pricing::CouponDiscount::Percentage {
                percent,
                max_discount,
            } => (
                // A stored percentage is whole (`CouponRecord::terms`).
                CouponValue::Percent(percent.whole().map_or(0, i64::from)),
                max_discount.filter(|cap| cap.is_positive()).map(Into::into),
            ),
            pricing::CouponDiscount::Fixed(amount) => (CouponValue::Amount(amount.into()), None),
        };
        Offer {
            id: record.id.clone(),
            title: record.title.clone(),
            coupon_code: coupon.code.as_str().to_owned(),
            discount_type: coupon.discount.discount_type(),
            discount_value,
            max_discount_amount,
            min_order_value: coupon.min_order_value.into(),
            is_active: coupon.is_active,
            is_currently_valid: coupon.is_currently_valid(now),
            discount: None,
            subtotal: None,
            rules: None,
        }
    }
}

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

impl QuoteProduct {
    /// The product as the catalogue shows it now, its images at `media_origin`.
    pub(crate) fn of(record: &crate::catalogue::Product, media_origin: &str) -> Self {
        Self {
            id: record.id.to_string(),
            name: record.name.to_string(),
            images: record
                .image_urls()
                .map(|url| absolute_url(media_origin, url.to_owned()))
                .collect(),
        }
    }
}

impl Order {
    pub(crate) fn of(stored: &store::StoredOrder, snapshot: &Snapshot, media_origin: &str) -> Self {
        let order = &stored.order;
        let products = stored
            .lines
            .iter()
            .map(|line| OrderLine {
                product: snapshot.product(&line.product_id).map(|at| {
                    let record = &snapshot.entries()[at].product;
                    let QuoteProduct { id, name, images } = QuoteProduct::of(record, media_origin);
                    LineProduct {
                        id,
                        name,
                        images,
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
            id: order.id.to_string(),
            created_at: order.created_at.and_utc(),
            user: order.user_id.to_string(),
            brand_id: order.brand_id.to_string(),
            products,
            address: address_line(order),
            total_amount: Decimal::from_paise(order.total_paise),
            subtotal: Decimal::from_paise(order.subtotal_paise),
            discount: Decimal::from_paise(order.discount_paise),
            delivery_fee: Decimal::from_paise(order.delivery_fee_paise),
            delivery_speed: order.delivery_speed.as_str().to_owned(),
            is_quick_delivery: order.delivery_speed == delivery::DeliverySpeed::Express,
            estimated_delivery: order.estimated_delivery.and_utc(),
            delivery_status: order.delivery_status.as_str().to_owned(),
            status: order.status.map(|s| s.as_str().to_owned()),
            payment_status: order.payment_status.as_str().to_owned(),
            payment_id: order.payment_id.clone(),
            refund_status: order.refund_status.as_str().to_owned(),
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
                .map(|line| line.product_id.to_string()),
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
