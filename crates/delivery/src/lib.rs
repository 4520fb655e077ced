//! # delivery: where an order can go, how fast, and when it arrives
//!
//! This crate owns (001 §4, §9):
//!
//! - [`Pincode`]: six ASCII digits, the first 1-9 ('6-digit pincode required');
//! - the distance estimate from the warehouse (400001): the difference of the first three
//!   digits × 10 km ([`distance_km`]), and express eligibility within 50 km
//!   ([`express_available`], [`DeliverySpeed::effective_for`]);
//! - delivery windows by pincode prefix ([`delivery_window`]), through an explicit table of
//!   India Post's postal circles ([`POSTAL_CIRCLES`]) and the [`Region`] each falls in;
//! - the estimated delivery: express `now` + 1 hour, standard `now` + 5 days
//!   ([`estimated_delivery`]).
//!
//! Fees are not here: the ₹99 express fee is money and lives in `pricing`
//! (`pricing::DeliverySpeed::fee`). Both crates spell speeds `"standard"` and `"express"`.
//!
//! ## What it must never import
//!
//! No I/O and no clock: `now: DateTime<Utc>` is an argument. Never diesel, actix, reqwest,
//! tokio or any crate that touches the outside world, and not `pricing` (the pure crates do
//! not depend on each other).

mod pincode;
mod region;
mod speed;

pub use pincode::{
    EXPRESS_MAX_DISTANCE_KM, KM_PER_DISTRICT_STEP, Pincode, PincodeError, WAREHOUSE_PINCODE,
    distance_from_warehouse, distance_km, express_available,
};
pub use region::{
    DeliveryWindow, POSTAL_CIRCLES, PostalCircle, Region, delivery_window, postal_circle,
};
pub use speed::{DeliverySpeed, EXPRESS_LEAD_TIME, STANDARD_LEAD_TIME, estimated_delivery};
