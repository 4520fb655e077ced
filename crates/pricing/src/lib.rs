//! # pricing: every rule about money in the shop
//!
//! This crate owns:
//!
//! - [`Money`], an amount of rupees held as integer paise (`i64`), with checked arithmetic,
//!   percentage maths through `rust_decimal` rounded half away from zero to the paisa, and
//!   the wire form `{"$numberDecimal": "1299.00"}` (docs/architecture.md, Data); [`Percent`];
//! - price parsing (001 §5): [`Money::parse_lenient`] (number, numeric string with `₹`,
//!   commas and spaces, or decimal object; anything else is 0) and [`Money::parse_strict`]
//!   (the same forms, garbage is a [`PriceError`]: a 400 at the API);
//! - offer prices (000 §5, §9, 001 §5): [`offer_price`] to the paisa, [`deal_price`] to whole
//!   rupees;
//! - the price a product card shows (000 §4, 001 §5): [`display_price`], [`ProductPricing`];
//! - coupons (001 §5, §8): [`CouponCode`], [`Coupon::apply`], usage limits
//!   ([`Coupon::check_usage`], [`Coupon::redeem`]), the My Offers lines ([`Coupon::rules`]),
//!   [`AssignedCoupon`];
//! - cart totals: [`CartTotals`];
//! - delivery fees and free-delivery thresholds (001 §9): [`delivery_fee`] (of the `delivery`
//!   crate's `DeliverySpeed`) and the
//!   constants in [`fees`] (express ₹99, standard free; the ₹1,500 free-delivery threshold
//!   only feeds texts, since standard delivery is free anyway);
//! - the smallest card payment (₹1): [`check_card_payment`];
//! - en-IN rupee formatting (000 §9): [`format_inr`] with [`Style`].
//!
//! The shared vectors `testdata/vectors/price_parse.json`, `inr_format.json` and
//! `price_display.json` pin these rules for the browser too (`frontend/src/lib/money.ts`).
//!
//! ## What it must never import
//!
//! No I/O, no clock, no floats for money. Never diesel, actix, reqwest, tokio or any other
//! crate that touches the outside world. It may use other pure crates for their types (the
//! `delivery` crate's `DeliverySpeed`). Time is passed in as `now: DateTime<Utc>`.
//!
//! ## Rounding
//!
//! One rule everywhere: half away from zero (`0.005` -> `0.01`, `-0.005` -> `-0.01`), to the
//! paisa, or to the rupee for deals and [`Style::Whole`]. Each rule rounds once, from the exact
//! value: an offer price rounds the final price; a coupon rounds its discount.

mod cart;
mod coupon;
mod display;
pub mod fees;
mod format;
mod money;
mod numeric;
mod offer;
mod payment;

pub use cart::{CartError, CartLine, CartTotals, subtotal};
pub use coupon::{
    AssignedCoupon, COUPON_CODE_MAX_LEN, Coupon, CouponCode, CouponDiscount, CouponError,
    CouponUsage, DiscountType,
};
pub use display::{DisplayPrice, PriceSource, ProductPricing, display_price};
pub use fees::{
    EXPRESS_DELIVERY_FEE, FREE_DELIVERY_THRESHOLD_CHECKOUT, STANDARD_DELIVERY_FEE, delivery_fee,
};
pub use format::{Style, format_inr};
pub use money::{Money, Percent, PercentError, PriceError};
pub use offer::{deal_price, offer_price};
pub use payment::{CardPaymentError, MIN_CARD_PAYMENT, check_card_payment};
