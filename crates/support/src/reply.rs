//! The texts of the local assistant's answers.

use delivery::{
    EXPRESS_LEAD_TIME, EXPRESS_MAX_DISTANCE_KM, Pincode, STANDARD_LEAD_TIME, WAREHOUSE_PINCODE,
    delivery_window, distance_from_warehouse, express_available,
};
use pricing::{EXPRESS_DELIVERY_FEE, FREE_DELIVERY_THRESHOLD_CHECKOUT, Money};

use crate::context::{Context, Stage, format_date};
use crate::intent::tokens;
use crate::policy::{REFUND_BUSINESS_DAYS, RETURN_WINDOW_DAYS, days};

/// What the assistant can talk about, for greetings and for questions it cannot answer.
const CAN_HELP_WITH: &str = "returns, refunds, shipping, free delivery, express delivery to \
     your pincode, where your order is, cancellations, payment and how to contact us";

/// Where the shop's contact details are (000 §2.2 footer, 001 §1 operator, §2 Privacy).
const CONTACT_DETAILS_ARE: &str = "on the Privacy Policy page (Profile > Privacy Policy) \
     and at the bottom of the app";

/// How many item names an order summary lists before "and N more".
const ITEMS_LISTED: usize = 3;

fn express_minutes() -> i64 {
    EXPRESS_LEAD_TIME.num_minutes()
}

/// The chat screen's greeting (001 §2 Support chat), by first name when signed in.
pub(crate) fn greeting(context: &Context) -> String {
    let name = context
        .shopper
        .as_ref()
        .map(|shopper| shopper.first_name.trim())
        .filter(|name| !name.is_empty())
        .unwrap_or("there");
    format!("Hi {name}! How can I help you today? I can help with {CAN_HELP_WITH}.")
}

pub(crate) fn thanks() -> String {
    "You're welcome! Is there anything else I can help you with?".to_owned()
}

pub(crate) fn unknown() -> String {
    format!("Sorry, I don't know the answer to that. I can help with {CAN_HELP_WITH}.")
}

/// 001 §9: returns 30 days; refund 5-7 business days after the return is received.
pub(crate) fn returns() -> String {
    format!(
        "You can return items within {RETURN_WINDOW_DAYS} days of delivery. Once we receive the \
         returned item, your refund is made within {} business days.",
        days(&REFUND_BUSINESS_DAYS)
    )
}

/// 001 §9 (refund timing), §4 Orders (the refund badge of cancelled orders).
pub(crate) fn refunds() -> String {
    format!(
        "Refunds are made within {} business days after we receive the returned item (returns \
         are accepted within {RETURN_WINDOW_DAYS} days of delivery). For a cancelled order, My \
         Orders shows the refund status: Not Initiated, Initiated or Completed.",
        days(&REFUND_BUSINESS_DAYS)
    )
}

/// 001 §9: standard in 5 days (the estimate checkout gives, not the policy's 3-7 business days:
/// docs/requirements.md), India only, free.
pub(crate) fn shipping(rejected: Option<&str>) -> String {
    format!(
        "{}Standard shipping takes {} days, and we ship within India only. Standard delivery \
         is free. {}",
        not_a_pincode(rejected),
        STANDARD_LEAD_TIME.num_days(),
        ask_for_pincode("the delivery time there and whether express delivery reaches you")
    )
}

/// 001 §9: express within 60 minutes, ₹99, at most 50 km from the warehouse.
pub(crate) fn express_without_pincode(rejected: Option<&str>) -> String {
    format!(
        "{}Express delivery arrives within {} minutes and costs {EXPRESS_DELIVERY_FEE}. It is \
         available up to {EXPRESS_MAX_DISTANCE_KM} km from our warehouse (pincode \
         {WAREHOUSE_PINCODE}). {}",
        not_a_pincode(rejected),
        express_minutes(),
        ask_for_pincode("whether express delivery reaches you")
    )
}

/// 001 §2 Checkout, §9: the checkout's ₹1,500 (see `policy_facts` for why not ₹999).
pub(crate) fn free_delivery() -> String {
    format!(
        "Standard delivery is free, and orders above {FREE_DELIVERY_THRESHOLD_CHECKOUT} get free \
         delivery at checkout. Express delivery (within {} minutes, up to \
         {EXPRESS_MAX_DISTANCE_KM} km from our warehouse) costs {EXPRESS_DELIVERY_FEE}.",
        express_minutes()
    )
}

/// 001 §1: payment by card through the card provider only; 001 §4: the order is placed only
/// once the payment is verified.
pub(crate) fn payment(message_mentions_failure: bool) -> String {
    let mut reply = "We accept card payments only, through our secure card payment provider. \
                     Cash on delivery, UPI, net banking and wallets are not available."
        .to_owned();
    if message_mentions_failure {
        reply.push_str(
            " If a payment fails, the order is not placed: you can try again from checkout.",
        );
    }
    reply
}

pub(crate) fn contact() -> String {
    format!("You can reach our team through the contact details {CONTACT_DETAILS_ARE}.")
}

/// 001 §9: distance from the warehouse, the 50 km express rule and fee, the delivery window.
pub(crate) fn delivery_to(pincode: Pincode) -> String {
    let km = distance_from_warehouse(pincode);
    let place = if km == 0 {
        format!(
            "Pincode {pincode} is in the same area as our warehouse (pincode {WAREHOUSE_PINCODE})"
        )
    } else {
        format!(
            "Pincode {pincode} is about {} km from our warehouse (pincode {WAREHOUSE_PINCODE})",
            en_in_number(km)
        )
    };
    let express = match (express_available(pincode), km) {
        (true, 0) => format!(
            ", so express delivery within {} minutes is available there for {EXPRESS_DELIVERY_FEE}",
            express_minutes()
        ),
        (true, _) => format!(
            ", within our {EXPRESS_MAX_DISTANCE_KM} km express range, so express delivery within \
             {} minutes is available there for {EXPRESS_DELIVERY_FEE}",
            express_minutes()
        ),
        (false, _) => format!(
            ", beyond our {EXPRESS_MAX_DISTANCE_KM} km express range, so express delivery is not \
             available there"
        ),
    };
    format!(
        "{place}{express}; standard delivery is free. Delivery time to {pincode}: {}.",
        delivery_window(pincode).label
    )
}

/// "Where is my order": 001 §2 My Orders (the order card), §6 (orders need sign-in).
pub(crate) fn order_status(context: &Context) -> String {
    let Some(orders) = &context.orders else {
        return "Please sign in to look up your orders (Profile > Sign Up / Login), and I will \
                tell you where they are."
            .to_owned();
    };
    let Some(latest) = context.latest_order() else {
        return "You don't have any orders yet. Once you place one, I can tell you where it is."
            .to_owned();
    };
    let mut reply = format!(
        "Your latest order is {}, placed on {}. Status: {}.",
        latest.label(),
        format_date(latest.placed_at),
        latest.status.trim()
    );
    if let Some(estimate) = latest.estimated_delivery {
        let still_coming = matches!(latest.stage(), Stage::Open | Stage::OnTheWay);
        if still_coming && estimate < context.now {
            reply.push_str(&format!(
                " It was due on {} and is running late; if it does not arrive soon, please \
                 contact us (the details are {CONTACT_DETAILS_ARE}).",
                format_date(estimate)
            ));
        } else if still_coming {
            reply.push_str(&format!(" Estimated delivery: {}.", format_date(estimate)));
        }
    }
    if !latest.item_names.is_empty() {
        reply.push_str(&format!(" Items: {}.", item_list(&latest.item_names)));
    }
    reply.push_str(&format!(
        " Total: {}.",
        Money::from_paise(latest.total_paise)
    ));
    match orders.len() - 1 {
        0 => {}
        1 => reply.push_str(" You have 1 other order; My Orders lists them all."),
        others => reply.push_str(&format!(
            " You have {others} other orders; My Orders lists them all."
        )),
    }
    reply
}

/// 001 §2 My Orders (the cancel dialog), §4 and §5 (when an item can be cancelled).
pub(crate) fn cancellation(context: &Context) -> String {
    let mut reply = "You can cancel an item from My Orders until the order ships: open the order \
                     and tap Cancel next to the item. Items of orders that are Shipped, Out for \
                     Delivery or Delivered can no longer be cancelled. The brand reviews each \
                     request, and you will be notified once it is processed."
        .to_owned();
    let Some(latest) = context.latest_order() else {
        if context.orders.is_none() {
            reply.push_str(" Please sign in first to see your orders.");
        }
        return reply;
    };
    let label = latest.label();
    let about_latest = match latest.stage() {
        Stage::Open => format!(
            " Your latest order, {label} ({}), can still be cancelled.",
            latest.status.trim()
        ),
        Stage::OnTheWay | Stage::Delivered => format!(
            " Your latest order, {label}, is already {}, so it can no longer be cancelled; you \
             can return items within {RETURN_WINDOW_DAYS} days of delivery instead.",
            latest.status.trim()
        ),
        Stage::CancellationRequested => format!(
            " A cancellation request for your latest order, {label}, is already being reviewed."
        ),
        Stage::Cancelled => format!(" Your latest order, {label}, is already cancelled."),
    };
    reply.push_str(&about_latest);
    reply
}

/// "Linen Shirt, Slim Jeans and Kurta" or "A, B, C and 2 more".
fn item_list(names: &[String]) -> String {
    let names: Vec<&str> = names.iter().map(|name| name.trim()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] if names.len() <= ITEMS_LISTED => {
            format!("{} and {last}", init.join(", "))
        }
        _ => {
            let shown = names.get(..ITEMS_LISTED).unwrap_or_default();
            format!(
                "{} and {} more",
                shown.join(", "),
                names.len() - ITEMS_LISTED
            )
        }
    }
}

/// "2,900": en-IN digit grouping (the last three digits, then pairs), as for rupees (000 §9).
fn en_in_number(number: u32) -> String {
    let digits = number.to_string();
    let Some(head_len) = digits.len().checked_sub(3).filter(|len| *len > 0) else {
        return digits;
    };
    let (head, last_three) = digits.split_at(head_len);
    let mut grouped = String::new();
    for (index, digit) in head.chars().enumerate() {
        if index > 0 && (head.len() - index) % 2 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("{grouped},{last_three}")
}

fn not_a_pincode(rejected: Option<&str>) -> String {
    rejected
        .map(|digits| {
            format!(
                "{digits} is not a valid pincode: pincodes have 6 digits and never start with 0. "
            )
        })
        .unwrap_or_default()
}

fn ask_for_pincode(what: &str) -> String {
    format!("Tell me your 6-digit pincode and I'll tell you {what}.")
}

/// Whether a payment question is about a payment that went wrong.
pub(crate) fn mentions_payment_failure(message: &str) -> bool {
    let failure_words = tokens("fail failed failing failure declined deducted error");
    tokens(message)
        .iter()
        .any(|word| failure_words.contains(word))
}

/// An order's status with the delivery facts of a pincode the same message names.
pub(crate) fn order_status_with_pincode(context: &Context, pincode: Pincode) -> String {
    format!("{} {}", order_status(context), delivery_to(pincode))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn en_in_grouping() {
        let cases = [
            (0, "0"),
            (10, "10"),
            (999, "999"),
            (1_000, "1,000"),
            (2_900, "2,900"),
            (99_999, "99,999"),
            (100_000, "1,00,000"),
            (u32::MAX, "4,29,49,67,295"),
        ];
        for (number, text) in cases {
            assert_eq!(en_in_number(number), text);
        }
    }

    #[test]
    fn item_lists() {
        let names = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let cases = [
            (names(&[]), ""),
            (names(&["Shirt"]), "Shirt"),
            (names(&["Shirt", "Jeans"]), "Shirt and Jeans"),
            (
                names(&["Shirt", "Jeans", "Kurta"]),
                "Shirt, Jeans and Kurta",
            ),
            (names(&["A", "B", "C", "D", "E"]), "A, B, C and 2 more"),
        ];
        for (list, text) in cases {
            assert_eq!(item_list(&list), text, "{list:?}");
        }
    }
}
