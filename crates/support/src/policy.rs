//! The shop's policies as numbers (001 §9), and as plain text for a remote assistant.
//!
//! The text is built with `write!` into a `String`, which cannot fail: its `Result` is dropped.

use std::fmt::Write as _;
use std::ops::RangeInclusive;

use delivery::{
    EXPRESS_LEAD_TIME, EXPRESS_MAX_DISTANCE_KM, KM_PER_DISTRICT_STEP, POSTAL_CIRCLES, Region,
    STANDARD_LEAD_TIME, WAREHOUSE_PINCODE,
};
use pricing::{EXPRESS_DELIVERY_FEE, FREE_DELIVERY_THRESHOLD_CHECKOUT};

use crate::context::{Context, format_date};

/// Items can be returned this many days after delivery (001 §9 "Returns: 30 days").
pub const RETURN_WINDOW_DAYS: u32 = 30;

/// A refund is made this many business days after the returned item is received (001 §9).
pub const REFUND_BUSINESS_DAYS: RangeInclusive<u32> = 5..=7;

/// How many of a shopper's orders [`shopper_facts`] lists, newest first.
const ORDERS_IN_FACTS: usize = 10;

/// `3-7`.
pub(crate) fn days(range: &RangeInclusive<u32>) -> String {
    format!("{}-{}", range.start(), range.end())
}

/// The regions in the order their delivery windows grow.
const REGIONS: [Region; 7] = [
    Region::Local,
    Region::Maharashtra,
    Region::Neighbouring,
    Region::South,
    Region::North,
    Region::East,
    Region::Other,
];

/// The policies in compact plain text, for a remote assistant's system prompt. Built from the
/// same constants the local answers use, so the two never disagree.
///
/// Free delivery is stated as the checkout's ₹1,500 (001 §2 Checkout, §9), as everywhere in the
/// shop (the specification's ₹999 is not shown); since standard delivery is free on every order
/// (`pricing::STANDARD_DELIVERY_FEE`) it changes nothing a shopper pays.
pub fn policy_facts() -> String {
    let mut facts = String::from("Shop policies (shoppers in India; prices in rupees, ₹):\n");
    let lines = [
        format!("- Returns: within {RETURN_WINDOW_DAYS} days of delivery."),
        format!(
            "- Refunds: {} business days after the returned item is received. A cancelled \
             order's refund status (Not Initiated, Initiated, Completed) shows in My Orders.",
            days(&REFUND_BUSINESS_DAYS)
        ),
        format!(
            "- Standard shipping: {} days, within India only. Standard delivery is free.",
            STANDARD_LEAD_TIME.num_days()
        ),
        format!("- Free delivery on orders above {FREE_DELIVERY_THRESHOLD_CHECKOUT}."),
        format!(
            "- Express delivery: within {} minutes for {EXPRESS_DELIVERY_FEE}, only to pincodes \
             at most {EXPRESS_MAX_DISTANCE_KM} km from the warehouse (pincode {WAREHOUSE_PINCODE}).",
            EXPRESS_LEAD_TIME.num_minutes()
        ),
        format!(
            "- Distance of a pincode from the warehouse: the difference between its first three \
             digits and {}, times {KM_PER_DISTRICT_STEP} km.",
            WAREHOUSE_PINCODE.district_prefix()
        ),
        "- Pincodes have 6 digits and never start with 0.".to_owned(),
        "- Delivery time by the first two digits of the pincode:".to_owned(),
    ];
    for line in lines {
        facts.push_str(&line);
        facts.push('\n');
    }
    for region in REGIONS {
        let circles: Vec<String> = POSTAL_CIRCLES
            .iter()
            .filter(|circle| circle.region == region)
            .map(|circle| {
                if circle.first == circle.last {
                    format!("{} ({})", circle.first, circle.name)
                } else {
                    format!("{}-{} ({})", circle.first, circle.last, circle.name)
                }
            })
            .collect();
        let prefixes = match (region, circles.is_empty()) {
            (Region::Other, true) => "any other prefix".to_owned(),
            (Region::Other, false) => format!("{}, and any other prefix", circles.join(", ")),
            _ => circles.join(", "),
        };
        let _ = writeln!(facts, "  - {}: {prefixes}", region.window().label);
    }
    let closing = [
        "- Payment: by card only, through the card payment provider; no cash on delivery, UPI, \
         net banking or wallets.",
        "- Cancellation: an item can be cancelled from My Orders until the order ships; not \
         when the order is Shipped, Out for Delivery, Delivered, Cancelled or Cancellation \
         Requested. The brand reviews each request and the shopper is notified once it is \
         processed.",
        "- Contact: the shop's contact details are on the Privacy Policy page (Profile > \
         Privacy Policy) and in the app's footer.",
    ];
    for line in closing {
        facts.push_str(line);
        facts.push('\n');
    }
    facts
}

/// What a remote assistant may know about the person asking: today's date, whether they are
/// signed in, their first name, and their latest orders (newest first, at most 10).
pub fn shopper_facts(context: &Context) -> String {
    let mut facts = format!("Today (India): {}.\n", format_date(context.now));
    let name = context
        .shopper
        .as_ref()
        .map(|shopper| shopper.first_name.trim())
        .filter(|name| !name.is_empty());
    let Some(orders) = &context.orders else {
        facts.push_str(
            "The visitor is not signed in: to look up orders they must sign in first \
             (Profile > Sign Up / Login).\n",
        );
        return facts;
    };
    if let Some(name) = name {
        let _ = writeln!(facts, "The shopper is signed in; first name: {name}.");
    } else {
        facts.push_str("The shopper is signed in.\n");
    }
    if orders.is_empty() {
        facts.push_str("They have no orders yet.\n");
        return facts;
    }
    let mut newest_first: Vec<_> = orders.iter().collect();
    newest_first.sort_by_key(|order| std::cmp::Reverse(order.placed_at));
    let _ = writeln!(
        facts,
        "Their orders, newest first ({} in all):",
        orders.len()
    );
    for order in newest_first.iter().take(ORDERS_IN_FACTS) {
        let _ = write!(
            facts,
            "- {}: placed {}, status {}",
            order.label(),
            format_date(order.placed_at),
            order.status.trim()
        );
        if let Some(estimate) = order.estimated_delivery {
            let _ = write!(facts, ", estimated delivery {}", format_date(estimate));
        }
        let _ = write!(
            facts,
            ", total {}",
            pricing::Money::from_paise(order.total_paise)
        );
        if !order.item_names.is_empty() {
            let _ = write!(facts, ", items: {}", order.item_names.join(", "));
        }
        facts.push_str(".\n");
    }
    if let Some(older) = orders.len().checked_sub(ORDERS_IN_FACTS).filter(|n| *n > 0) {
        let _ = writeln!(facts, "- and {older} older orders.");
    }
    facts
}
