//! The addresses calls' request and answer bodies, and the place search's answers: the schema
//! names of the contract.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A place and a suggestion, from the address service as they are (`ParsedPlace`, its
/// `Location`, `Prediction`).
pub use places::{LatLng as Location, Place as ParsedPlace, Prediction};

/// The `billing_*` payload the address wizard saves (001 §3), and whether the address is to be
/// the default.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShipmentRequest {
    pub billing_customer_name: Option<String>,
    /// Ten digits.
    pub billing_phone: Option<String>,
    /// An @gmail.com address.
    pub billing_email: Option<String>,
    /// Flat number and wing or building, joined.
    pub billing_address: Option<String>,
    /// The street, or the searched address.
    pub billing_address_2: Option<String>,
    pub billing_city: Option<String>,
    /// Six digits, the first 1 to 9.
    pub billing_pincode: Option<String>,
    pub billing_state: Option<String>,
    /// `India` when missing.
    pub billing_country: Option<String>,
    /// Make it the default (the first address saved is the default anyway).
    #[serde(rename = "isDefault")]
    pub is_default: Option<bool>,
}

/// `{isDefault: true}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DefaultRequest {
    /// Must be `true`.
    #[serde(rename = "isDefault")]
    #[schema(value_type = bool)]
    pub is_default: Option<serde_json::Value>,
}

/// What the address's pincode means for delivery from the warehouse (400001, 001 §9).
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryFacts {
    /// The distance estimate: the difference of the pincodes' first three digits × 10 km.
    #[serde(rename = "distanceKm")]
    pub distance_km: u32,
    /// Whether 60-minute express delivery reaches it (50 km at most).
    #[serde(rename = "expressAvailable")]
    pub express_available: bool,
    /// The delivery window shown: `60-90 min`, `2-4 hours`, ...
    pub window: &'static str,
    #[serde(rename = "minMinutes")]
    pub min_minutes: u32,
    #[serde(rename = "maxMinutes")]
    pub max_minutes: u32,
}

impl DeliveryFacts {
    fn of(pincode: delivery::Pincode) -> Self {
        let window = delivery::delivery_window(pincode);
        Self {
            distance_km: delivery::distance_from_warehouse(pincode),
            express_available: delivery::express_available(pincode),
            window: window.label,
            min_minutes: window.min_minutes,
            max_minutes: window.max_minutes,
        }
    }
}

/// A saved address.
#[derive(Debug, Serialize, ToSchema)]
pub struct Address {
    #[serde(rename = "_id")]
    pub id: String,
    pub billing_customer_name: String,
    pub billing_phone: String,
    pub billing_email: String,
    pub billing_address: String,
    pub billing_address_2: String,
    pub billing_city: String,
    pub billing_pincode: String,
    pub billing_state: String,
    pub billing_country: String,
    #[serde(rename = "isDefault")]
    pub is_default: bool,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
    /// `null` only for a stored pincode that is not one (a row written by hand).
    pub delivery: Option<DeliveryFacts>,
}

impl From<store::AddressRecord> for Address {
    fn from(record: store::AddressRecord) -> Self {
        Self {
            delivery: delivery::Pincode::parse(&record.pincode)
                .ok()
                .map(DeliveryFacts::of),
            id: record.id.into_inner(),
            billing_customer_name: record.customer_name,
            billing_phone: record.phone,
            billing_email: record.email,
            billing_address: record.address,
            billing_address_2: record.address_2,
            billing_city: record.city,
            billing_pincode: record.pincode,
            billing_state: record.state,
            billing_country: record.country,
            is_default: record.is_default,
            created_at: record.created_at.and_utc(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Predictions {
    pub predictions: Vec<Prediction>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AutocompleteAnswer {
    pub success: bool,
    pub data: Predictions,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceAnswer {
    pub success: bool,
    pub data: ParsedPlace,
}
