//! Shipping: the [`Shipping`] port, the shipment it books, what it answers, and the
//! provider-neutral status every adapter maps its own statuses to.
//!
//! The checkout books a shipment once the order is paid and created (001 §4: "express
//! request"); when booking an express shipment fails, the order falls back to standard
//! delivery. The booking's numeric order id and channel id are the order success screen's
//! `srNumericId` and `srChannelId` (001 §2, §7).

use std::fmt;

use chrono::{DateTime, Utc};
use delivery::DeliverySpeed;

use crate::BoxFuture;

/// Books, tracks and cancels shipments. Adapters: [`crate::SimulatedShipping`] (in memory, the
/// default) and [`crate::Shiprocket`] (Shiprocket's API).
///
/// Callers decide the speed before booking (`delivery::DeliverySpeed::effective_for`: express
/// only within 50 km of the warehouse); an adapter may still refuse a shipment it cannot
/// carry, and the checkout then books it as standard.
pub trait Shipping: Send + Sync + fmt::Debug {
    /// Books `shipment` with the provider: what it answered, or why not. A
    /// [`ShippingError::Refused`] will be refused again as it is; a
    /// [`ShippingError::Unavailable`] may succeed later.
    fn book<'a>(
        &'a self,
        shipment: &'a ShipmentRequest,
    ) -> BoxFuture<'a, Result<Booking, ShippingError>>;

    /// Where the shipment `shipment_id` (a [`Booking::shipment_id`]) is now, or
    /// [`ShippingError::NotFound`] for one the provider does not know.
    fn track(&self, shipment_id: u64) -> BoxFuture<'_, Result<Tracking, ShippingError>>;

    /// Cancels the order `order_ref` (a [`Booking::order_ref`]) with the provider. Cancelling
    /// an order that is already cancelled succeeds.
    fn cancel(&self, order_ref: u64) -> BoxFuture<'_, Result<(), ShippingError>>;

    /// Which adapter this is, for logs and the start-up banner; never contains a password or a
    /// token.
    fn describe(&self) -> String;
}

/// One order to ship from the warehouse to a shopper (Shiprocket's "custom order").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentRequest {
    /// Our order id (a UUID v7 string); the provider keeps it as its channel order id.
    pub order_id: String,
    /// When the order was placed.
    pub order_date: DateTime<Utc>,
    /// Express (within the hour) or standard, as the checkout settled it.
    pub speed: DeliverySpeed,
    /// The pickup location's name as the provider knows it; `None` for the adapter's own
    /// (`SHOP_SHIPROCKET_PICKUP`, default "Primary").
    pub pickup_location: Option<String>,
    /// Who receives the parcel, and where: the saved address's `billing_*` fields (001 §3).
    pub customer: Customer,
    /// What is in the parcel; at least one line.
    pub items: Vec<ShipmentItem>,
    /// The order's value in paise, after discounts: what the provider insures and prints on
    /// the invoice.
    pub sub_total_paise: u64,
    /// How the order was paid.
    pub payment: PaymentMethod,
    /// The parcel's size and weight.
    pub parcel: Parcel,
}

/// The shopper a parcel goes to: a saved delivery address's `billing_*` fields (001 §3,
/// "Address (shipment)"), as the address wizard checked them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    /// `billing_customer_name`: the whole name.
    pub name: String,
    /// `billing_phone`: ten digits.
    pub phone: String,
    /// `billing_email`.
    pub email: String,
    /// `billing_address`: flat and wing or building.
    pub address: String,
    /// `billing_address_2`: the street or the searched address.
    pub address_2: String,
    /// `billing_city`.
    pub city: String,
    /// `billing_pincode`: as saved, six digits in India.
    pub pincode: String,
    /// `billing_state`.
    pub state: String,
    /// `billing_country`: "India".
    pub country: String,
}

/// One line of a shipment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentItem {
    /// The product's name, printed on the invoice.
    pub name: String,
    /// Our product id, as the provider's SKU.
    pub sku: String,
    /// How many.
    pub units: u32,
    /// The price of one unit in paise, as sold (after the offer).
    pub selling_price_paise: u64,
}

/// How an order was paid.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PaymentMethod {
    /// Paid by card at checkout (001 §4): the courier collects nothing. The shop offers no
    /// cash on delivery.
    #[default]
    Prepaid,
}

/// A parcel's outside measurements and weight, as couriers price them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parcel {
    pub length_cm: u32,
    pub breadth_cm: u32,
    pub height_cm: u32,
    pub weight_grams: u32,
}

impl Default for Parcel {
    /// A garment mailer: 30 × 25 × 5 cm, 500 g. The shop does not record sizes and weights per
    /// product, and couriers re-weigh at pickup.
    fn default() -> Self {
        Self {
            length_cm: 30,
            breadth_cm: 25,
            height_cm: 5,
            weight_grams: 500,
        }
    }
}

/// What the provider answered a booking with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    /// The provider's shipment id: what [`Shipping::track`] takes.
    pub shipment_id: u64,
    /// The provider's numeric order id (001's `srNumericId`): what [`Shipping::cancel`] takes.
    pub order_ref: u64,
    /// The provider's sales channel the order was filed under (001's `srChannelId`), when it
    /// says.
    pub channel_id: Option<u64>,
    /// The air waybill number, once a courier is assigned.
    pub awb: Option<String>,
    /// The courier's name, once one is assigned.
    pub courier: Option<String>,
    /// Where the shipment is: [`ShipmentStatus::Booked`] for a new one.
    pub status: ShipmentStatus,
    /// When the provider expects to deliver, when it says.
    pub estimated_delivery: Option<DateTime<Utc>>,
}

/// Where a shipment is, and how it got there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tracking {
    pub status: ShipmentStatus,
    /// When the status last changed, when the provider says.
    pub updated_at: Option<DateTime<Utc>>,
    /// When the provider expects to deliver, when it says.
    pub estimated_delivery: Option<DateTime<Utc>>,
    /// The scans so far, newest first; empty before the courier's first scan.
    pub events: Vec<TrackingEvent>,
}

/// One scan or step of a shipment's journey.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackingEvent {
    /// When it happened, when the provider gives a time it can be read from.
    pub at: Option<DateTime<Utc>>,
    pub status: ShipmentStatus,
    /// What happened, in the courier's words ("Out for Delivery").
    pub description: String,
    /// Where, in the courier's words; empty when not given.
    pub location: String,
}

/// Where a shipment is, whichever provider carries it. A provider's status that none of the
/// named ones fits is kept as [`ShipmentStatus::Unknown`] with the provider's words.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ShipmentStatus {
    /// Booked with the provider: waiting for a courier, a label or a pickup.
    Booked,
    /// The courier has the parcel.
    PickedUp,
    /// On its way: left the warehouse, in transit, at a hub.
    Shipped,
    /// With the delivery rider.
    OutForDelivery,
    Delivered,
    Cancelled,
    /// It will not arrive as booked (undelivered, returning to origin, lost, damaged), in the
    /// provider's words.
    Failed(String),
    /// A status no other variant fits, in the provider's words.
    Unknown(String),
}

impl ShipmentStatus {
    /// The order's delivery status as the shopper reads it (001 §4: Delivered, Out for
    /// Delivery, Shipped, Processing, Cancelled; anything else is shown as it is).
    pub fn label(&self) -> &str {
        match self {
            ShipmentStatus::Booked => "Processing",
            ShipmentStatus::PickedUp | ShipmentStatus::Shipped => "Shipped",
            ShipmentStatus::OutForDelivery => "Out for Delivery",
            ShipmentStatus::Delivered => "Delivered",
            ShipmentStatus::Cancelled => "Cancelled",
            ShipmentStatus::Failed(text) | ShipmentStatus::Unknown(text) => text,
        }
    }

    /// Whether the shipment has left the warehouse, so it can no longer be cancelled (001 §4:
    /// no cancelling once Shipped, Out for Delivery or Delivered).
    pub fn has_left(&self) -> bool {
        matches!(
            self,
            ShipmentStatus::PickedUp
                | ShipmentStatus::Shipped
                | ShipmentStatus::OutForDelivery
                | ShipmentStatus::Delivered
        )
    }
}

impl fmt::Display for ShipmentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Why shipping gave no answer. Messages name the service and the endpoint (without
/// credentials) and never include the password or a token.
#[derive(Debug, thiserror::Error)]
pub enum ShippingError {
    /// The configured base URL cannot be used.
    #[error(
        "the shipping URL is not usable: {0}. Expected the http(s) base URL Shiprocket's \
         /v1/external paths answer under, such as https://apiv2.shiprocket.in or a local fake"
    )]
    BadUrl(String),
    /// The account's e-mail or password is missing.
    #[error("the shipping account needs both an e-mail and a password ({0} is empty)")]
    NoCredentials(&'static str),
    /// The HTTP client could not be set up (its TLS configuration).
    #[error("the HTTP client for shipping could not be set up: {0}")]
    Client(String),
    /// The provider said no: wrong credentials, a field it does not accept (Shiprocket's 422
    /// with its `errors`), an address it cannot serve. Sending the same again is refused again.
    #[error("{service} refused{}: {message}", http_status(*.status))]
    Refused {
        /// Who refused, and at which endpoint.
        service: String,
        /// The HTTP status, when the refusal came over HTTP.
        status: Option<u16>,
        /// The provider's reason, field errors included.
        message: String,
    },
    /// No answer now: a timeout, no connection, a 5xx or a rate limit. Trying later may work.
    #[error("{service} is unavailable: {reason}")]
    Unavailable { service: String, reason: String },
    /// An answer that could not be read, or lacks what it must carry.
    #[error("{service} sent an answer that could not be read: {reason}")]
    BadAnswer { service: String, reason: String },
    /// No such shipment or order.
    #[error("no such shipment or order")]
    NotFound,
}

fn http_status(status: Option<u16>) -> String {
    status.map(|s| format!(" (HTTP {s})")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_the_order_screen_s() {
        let cases = [
            (ShipmentStatus::Booked, "Processing", false),
            (ShipmentStatus::PickedUp, "Shipped", true),
            (ShipmentStatus::Shipped, "Shipped", true),
            (ShipmentStatus::OutForDelivery, "Out for Delivery", true),
            (ShipmentStatus::Delivered, "Delivered", true),
            (ShipmentStatus::Cancelled, "Cancelled", false),
            (
                ShipmentStatus::Failed("RTO Initiated".into()),
                "RTO Initiated",
                false,
            ),
            (ShipmentStatus::Unknown("Misc".into()), "Misc", false),
        ];
        for (status, label, left) in cases {
            assert_eq!(status.label(), label);
            assert_eq!(status.to_string(), label);
            assert_eq!(status.has_left(), left, "{status:?}");
        }
    }

    #[test]
    fn refusals_say_the_http_status_when_there_is_one() {
        let error = ShippingError::Refused {
            service: "Shiprocket at https://apiv2.shiprocket.in/v1/external/orders/create/adhoc"
                .into(),
            status: Some(422),
            message: "Oops! Invalid Data.".into(),
        };
        assert_eq!(
            error.to_string(),
            "Shiprocket at https://apiv2.shiprocket.in/v1/external/orders/create/adhoc refused \
             (HTTP 422): Oops! Invalid Data."
        );
        let error = ShippingError::Refused {
            service: "the shipping simulator".into(),
            status: None,
            message: "no courier serves pincode 999999".into(),
        };
        assert_eq!(
            error.to_string(),
            "the shipping simulator refused: no courier serves pincode 999999"
        );
        assert_eq!(Parcel::default().weight_grams, 500);
        assert_eq!(PaymentMethod::default(), PaymentMethod::Prepaid);
    }
}
