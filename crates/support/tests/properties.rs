//! Properties of the assistant over many messages: it always answers, and casing, punctuation
//! and a pincode's place in the message never change what it understands.

use chrono::DateTime;
use delivery::{Pincode, delivery_window};
use proptest::prelude::*;
use support::{Context, OrderSummary, Shopper, Topic, answer};

fn contexts() -> Vec<Context> {
    let now = DateTime::from_timestamp(1_795_000_000, 0).unwrap_or_default();
    let order = OrderSummary {
        id: "6745aa00bb11cc22dd33ee99".to_owned(),
        placed_at: now,
        status: "Processing".to_owned(),
        estimated_delivery: Some(now),
        total_paise: 129_900,
        item_names: vec!["Linen Shirt".to_owned()],
    };
    let shopper = Some(Shopper {
        first_name: "Asha".to_owned(),
    });
    vec![
        Context {
            shopper: None,
            orders: None,
            now,
        },
        Context {
            shopper: shopper.clone(),
            orders: Some(vec![]),
            now,
        },
        Context {
            shopper,
            orders: Some(vec![order]),
            now,
        },
    ]
}

/// A message and the topic it is about, to be disguised by the properties below.
const KNOWN: &[(&str, Topic)] = &[
    ("where is my order", Topic::OrderStatus),
    ("refund", Topic::Refunds),
    ("return policy", Topic::Returns),
    ("cancel my order", Topic::Cancellation),
    ("is delivery free", Topic::FreeDelivery),
    ("do you ship abroad", Topic::Shipping),
    ("cash on delivery", Topic::Payment),
    ("contact customer care", Topic::Contact),
    ("express delivery", Topic::ExpressDelivery(None)),
    ("hello", Topic::Greeting),
];

/// Flips the case of the letters `flips` selects and wraps the text in punctuation.
fn disguise(text: &str, flips: &[bool], before: &str, after: &str) -> String {
    let body: String = text
        .chars()
        .zip(flips.iter().cycle())
        .map(|(c, flip)| if *flip { c.to_ascii_uppercase() } else { c })
        .collect();
    format!("{before}{body}{after}")
}

proptest! {
    #[test]
    fn always_answers(message in any::<String>()) {
        for context in contexts() {
            let answer = answer(&message, &context);
            prop_assert!(!answer.reply.trim().is_empty());
        }
    }

    #[test]
    fn always_answers_text_like_messages(message in "[a-zA-Z0-9 ?!.,'₹-]{0,200}") {
        for context in contexts() {
            prop_assert!(!answer(&message, &context).reply.trim().is_empty());
        }
    }

    #[test]
    fn casing_and_punctuation_do_not_matter(
        index in 0..KNOWN.len(),
        flips in proptest::collection::vec(any::<bool>(), 1..8),
        before in "[ ?!.,:;()\"-]{0,3}",
        after in "[ ?!.,:;()\"-]{0,3}",
    ) {
        let (text, topic) = KNOWN[index];
        let message = disguise(text, &flips, &before, &after);
        for context in contexts() {
            prop_assert_eq!(answer(&message, &context).topic, topic, "{}", message);
        }
    }

    #[test]
    fn a_pincode_anywhere_gives_its_facts(
        value in 100_000u32..=999_999,
        before in "(deliver to|delivery|shipping to|pincode:|pin) ?",
        after in " ?(please|pls|\\?|!|\\.)?",
    ) {
        let pincode = Pincode::try_from(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for message in [format!("{before}{value}{after}"), format!("{value} {before}{after}")] {
            let answer = answer(&message, &contexts()[0]);
            prop_assert_eq!(answer.topic, Topic::DeliveryToPincode(pincode), "{}", message);
            let window = format!("Delivery time to {value}: {}.", delivery_window(pincode).label);
            prop_assert!(answer.reply.ends_with(&window), "{}", answer.reply);
        }
    }

    #[test]
    fn a_six_digit_number_starting_with_zero_is_never_a_pincode(rest in 0u32..100_000) {
        let digits = format!("0{rest:05}");
        let answer = answer(&format!("deliver to {digits}"), &contexts()[0]);
        prop_assert_eq!(answer.topic, Topic::Shipping);
        let not_a_pincode = format!("{digits} is not a valid pincode");
        prop_assert!(answer.reply.contains(&not_a_pincode), "{}", answer.reply);
    }
}
