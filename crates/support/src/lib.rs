//! # support: the support assistant's answers
//!
//! The local support assistant behind `POST /api/chat` (001 §2 Support chat, docs/http-api.md
//! "Support chat"): [`answer`] reads a shopper's message and answers from the shop's policies,
//! the delivery rules of a pincode, and the shopper's own orders, or says plainly that it does
//! not know. It also writes those facts as plain text ([`policy_facts`], [`shopper_facts`]) for
//! a remote assistant's system prompt, so a remote model and the local one tell the same story.
//!
//! Where each answer comes from:
//!
//! | topic | rule | requirement |
//! |---|---|---|
//! | [`Topic::Greeting`] | "Hi there! How can I help you today?", by first name when signed in | 001 §2 Support chat |
//! | [`Topic::Returns`] | returns within 30 days of delivery | 001 §9 Policies |
//! | [`Topic::Refunds`] | refund 5-7 business days after the return is received; a cancelled order's refund badge | 001 §9 Policies, §4 Orders |
//! | [`Topic::Shipping`] | standard in 5 days (checkout's estimate), India only, free; asks for the pincode | 001 §9 Policies, Delivery |
//! | [`Topic::FreeDelivery`] | free delivery above ₹1,500 (the checkout's reading; see [`policy_facts`]); express ₹99 | 001 §2 Checkout, §9 |
//! | [`Topic::ExpressDelivery`] | within 60 minutes, ₹99, at most 50 km from the warehouse 400001 | 001 §9 Delivery |
//! | [`Topic::DeliveryToPincode`] | distance (first three digits × 10 km), express or not, the window by prefix | 001 §9 Delivery |
//! | [`Topic::OrderStatus`] | the latest order as "Order #" + last 8 characters, status, estimate, items; sign-in needed | 001 §2 My Orders, §6, §9 |
//! | [`Topic::Cancellation`] | cancel from My Orders until Shipped, Out for Delivery or Delivered; reviewed by the brand | 001 §2 My Orders, §4, §5 |
//! | [`Topic::Payment`] | card payments only, through the card provider | 001 §1 |
//! | [`Topic::Contact`] | the contact block of the Privacy page and the footer | 000 §2.2, 001 §1, §2 Privacy |
//! | [`Topic::Unknown`] | says it does not know, and what it can help with | docs/http-api.md "Support chat" |
//!
//! Numbers come from the crates that own them ([`delivery`] for pincodes, distances and
//! windows; [`pricing`] for fees, thresholds and en-IN rupees), or from this crate's
//! [`RETURN_WINDOW_DAYS`] and [`REFUND_BUSINESS_DAYS`]; the standard lead time is the `delivery`
//! crate's `STANDARD_LEAD_TIME`.
//!
//! **Ours** (the requirements leave these open): returns count from delivery; dates are shown
//! in India's time zone as `28 Nov 2026`; an order past its estimate that has not arrived is
//! called late; a six-digit number starting with 0 is named as not a pincode.
//!
//! ## How a message is read
//!
//! Keywords and phrases, case- and punctuation-blind, tolerant of one typo in longer words
//! ("refnd", "delivry") and of repeated letters, with some Hinglish ("kab aayega", "paisa
//! wapas"). When a message touches several topics, the more specific wins: "cancel my order"
//! is a cancellation, "where is my refund" a refund. A 6-digit pincode anywhere in the message
//! (the first digit 1-9, as `delivery::Pincode::parse` accepts) turns a delivery question, or
//! a bare pincode, into the facts of that pincode. Details in the `intent` module.
//!
//! ## What it must never import
//!
//! No I/O, no clock (`now` is in the [`Context`]), no network, no async runtime: it reads a
//! message and facts, and returns text. The adapters that call a remote model live in the
//! `providers` crate.

mod context;
mod intent;
mod mention;
mod policy;
mod reply;

use delivery::Pincode;

pub use context::{Context, OrderSummary, Shopper};
pub use policy::{REFUND_BUSINESS_DAYS, RETURN_WINDOW_DAYS, policy_facts, shopper_facts};

use intent::Intent;

/// What an answer was about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    /// A greeting, a thank-you, or a plain "help".
    Greeting,
    Returns,
    Refunds,
    /// Standard shipping, or a delivery question without a (valid) pincode.
    Shipping,
    FreeDelivery,
    /// Express delivery, for the pincode named, or without one (then the answer asks for it).
    ExpressDelivery(Option<Pincode>),
    /// The delivery facts of a pincode: a delivery question naming one, or a bare pincode.
    DeliveryToPincode(Pincode),
    OrderStatus,
    Cancellation,
    Payment,
    Contact,
    /// Nothing we recognise: the answer says so.
    Unknown,
}

/// The assistant's reply and what it was about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Never empty.
    pub reply: String,
    pub topic: Topic,
}

/// Answers a shopper's message from the shop's policies, the delivery rules and `context`.
/// Never panics, and always replies (with [`Topic::Unknown`] when it does not know).
pub fn answer(message: &str, context: &Context) -> Answer {
    let mention = mention::find_pincode(message);
    let rejected = mention.rejected.as_deref();
    let (topic, reply) = match (intent::detect(message), mention.pincode) {
        (Some(Intent::Express), pincode) => (
            Topic::ExpressDelivery(pincode),
            pincode.map_or_else(
                || reply::express_without_pincode(rejected),
                reply::delivery_to,
            ),
        ),
        (Some(Intent::Shipping | Intent::Greeting | Intent::Thanks) | None, Some(pincode)) => (
            Topic::DeliveryToPincode(pincode),
            reply::delivery_to(pincode),
        ),
        (Some(Intent::Shipping), None) => (Topic::Shipping, reply::shipping(rejected)),
        (None, None) if rejected.is_some() => (Topic::Shipping, reply::shipping(rejected)),
        (Some(Intent::OrderStatus), Some(pincode)) => (
            Topic::OrderStatus,
            reply::order_status_with_pincode(context, pincode),
        ),
        (Some(Intent::OrderStatus), None) => (Topic::OrderStatus, reply::order_status(context)),
        (Some(Intent::Cancellation), _) => (Topic::Cancellation, reply::cancellation(context)),
        (Some(Intent::Refunds), _) => (Topic::Refunds, reply::refunds()),
        (Some(Intent::Returns), _) => (Topic::Returns, reply::returns()),
        (Some(Intent::FreeDelivery), _) => (Topic::FreeDelivery, reply::free_delivery()),
        (Some(Intent::Payment), _) => (
            Topic::Payment,
            reply::payment(reply::mentions_payment_failure(message)),
        ),
        (Some(Intent::Contact), _) => (Topic::Contact, reply::contact()),
        (Some(Intent::Greeting), None) => (Topic::Greeting, reply::greeting(context)),
        (Some(Intent::Thanks), None) => (Topic::Greeting, reply::thanks()),
        (None, None) => (Topic::Unknown, reply::unknown()),
    };
    Answer { reply, topic }
}
