//! What the assistant answers, message by message: one table per topic, each case naming the
//! requirement it checks.

use chrono::{DateTime, TimeZone, Utc};
use delivery::Pincode;
use support::{Context, OrderSummary, Shopper, Topic, answer};

fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, m, d, h, 0, 0)
        .single()
        .expect("valid test time")
}

fn now() -> DateTime<Utc> {
    at(2026, 11, 25, 10)
}

fn pin(text: &str) -> Pincode {
    Pincode::parse(text).expect("test pincode is valid")
}

fn visitor() -> Context {
    Context {
        shopper: None,
        orders: None,
        now: now(),
    }
}

fn asha(orders: Vec<OrderSummary>) -> Context {
    Context {
        shopper: Some(Shopper {
            first_name: "Asha".to_owned(),
        }),
        orders: Some(orders),
        now: now(),
    }
}

fn order(id: &str, placed: DateTime<Utc>, status: &str, items: &[&str]) -> OrderSummary {
    OrderSummary {
        id: id.to_owned(),
        placed_at: placed,
        status: status.to_owned(),
        estimated_delivery: Some(at(2026, 11, 28, 6)),
        total_paise: 259_800,
        item_names: items.iter().map(|item| (*item).to_owned()).collect(),
    }
}

/// Three orders, the latest (placed 24 Nov) still processing; listed out of date order.
fn shopper_with_orders() -> Context {
    asha(vec![
        order(
            "6745aa00bb11cc22dd33ee01",
            at(2026, 10, 2, 9),
            "Delivered",
            &["Kurta"],
        ),
        order(
            "6745aa00bb11cc22dd33ee99",
            at(2026, 11, 24, 9),
            "Processing",
            &["Linen Shirt", "Slim Jeans"],
        ),
        order(
            "6745aa00bb11cc22dd33ee50",
            at(2026, 11, 1, 9),
            "Shipped",
            &["Sneakers"],
        ),
    ])
}

fn shopper_whose_latest_is(status: &str) -> Context {
    asha(vec![order(
        "6745aa00bb11cc22dd33ee99",
        at(2026, 11, 24, 9),
        status,
        &["Linen Shirt"],
    )])
}

/// Each case: the requirement, the message, the context, the topic, and texts the reply
/// must contain.
type Case = (
    &'static str,
    &'static str,
    Context,
    Topic,
    &'static [&'static str],
);

fn check(cases: Vec<Case>) {
    for (spec, message, context, topic, fragments) in cases {
        let answer = answer(message, &context);
        assert_eq!(
            answer.topic, topic,
            "{spec}: {message:?} -> {}",
            answer.reply
        );
        for fragment in fragments {
            assert!(
                answer.reply.contains(fragment),
                "{spec}: {message:?}: {:?} lacks {fragment:?}",
                answer.reply
            );
        }
    }
}

#[test]
fn greetings() {
    check(vec![
        (
            "001 §2 Support chat",
            "hi",
            visitor(),
            Topic::Greeting,
            &["Hi there! How can I help you today?"],
        ),
        (
            "001 §2 Support chat",
            "Hiii!!",
            visitor(),
            Topic::Greeting,
            &["Hi there!"],
        ),
        (
            "001 §2 Support chat",
            "hello",
            asha(vec![]),
            Topic::Greeting,
            &["Hi Asha! How can I help you today?"],
        ),
        (
            "001 §2 Support chat",
            "Namaste",
            visitor(),
            Topic::Greeting,
            &["How can I help"],
        ),
        (
            "001 §2 Support chat",
            "good morning, anyone there?",
            visitor(),
            Topic::Greeting,
            &["How can I help"],
        ),
        (
            "001 §2 Support chat",
            "help",
            visitor(),
            Topic::Greeting,
            &["returns, refunds"],
        ),
        (
            "001 §2 Support chat",
            "thanks a lot!",
            visitor(),
            Topic::Greeting,
            &["You're welcome!"],
        ),
        (
            "001 §2 Support chat",
            "Thank you",
            asha(vec![]),
            Topic::Greeting,
            &["You're welcome!"],
        ),
        (
            "001 §2 Support chat",
            "shukriya",
            visitor(),
            Topic::Greeting,
            &["You're welcome!"],
        ),
    ]);
}

#[test]
fn returns() {
    check(vec![
        (
            "001 §9 returns 30 days",
            "What is your return policy?",
            visitor(),
            Topic::Returns,
            &["within 30 days of delivery", "5-7 business days"],
        ),
        (
            "001 §9 returns 30 days",
            "RETURNS??",
            visitor(),
            Topic::Returns,
            &["30 days"],
        ),
        (
            "001 §9 returns 30 days",
            "can i retrun a shirt",
            visitor(),
            Topic::Returns,
            &["30 days"],
        ),
        (
            "001 §9 returns 30 days",
            "how do I send it back",
            visitor(),
            Topic::Returns,
            &["30 days"],
        ),
        (
            "001 §9 returns 30 days",
            "I want to exchange for a bigger size",
            visitor(),
            Topic::Returns,
            &["30 days"],
        ),
        (
            "001 §9 returns 30 days",
            "wapas kaise kare",
            visitor(),
            Topic::Returns,
            &["30 days"],
        ),
        (
            "001 §9 returns 30 days",
            "I received a damaged item",
            visitor(),
            Topic::Returns,
            &["30 days"],
        ),
        (
            "001 §9 returns 30 days",
            "it doesn't fit",
            visitor(),
            Topic::Returns,
            &["30 days"],
        ),
    ]);
}

#[test]
fn refunds() {
    check(vec![
        (
            "001 §9 refund 5-7 business days",
            "When will I get my refund?",
            visitor(),
            Topic::Refunds,
            &["5-7 business days", "30 days"],
        ),
        (
            "001 §9 refund 5-7 business days",
            "refnd status",
            visitor(),
            Topic::Refunds,
            &["5-7 business days"],
        ),
        (
            "001 §9 refund 5-7 business days",
            "where is my refund",
            shopper_with_orders(),
            Topic::Refunds,
            &["5-7 business days"],
        ),
        (
            "001 §9 refund 5-7 business days",
            "I want my money back",
            visitor(),
            Topic::Refunds,
            &["5-7 business days"],
        ),
        (
            "001 §9 refund 5-7 business days",
            "paisa wapas kab milega",
            visitor(),
            Topic::Refunds,
            &["5-7 business days"],
        ),
        (
            "001 §4 refund badge",
            "refund for a cancelled order?",
            visitor(),
            Topic::Refunds,
            &["Not Initiated, Initiated or Completed"],
        ),
    ]);
}

#[test]
fn shipping_without_a_pincode_asks_for_one() {
    check(vec![
        (
            "001 §9 standard in 5 days, India only",
            "Do you ship internationally?",
            visitor(),
            Topic::Shipping,
            &["takes 5 days", "within India only", "6-digit pincode"],
        ),
        (
            "001 §9 standard in 5 days",
            "how long does shipping take",
            visitor(),
            Topic::Shipping,
            &["takes 5 days"],
        ),
        (
            "001 §9 delivery",
            "delivry time?",
            visitor(),
            Topic::Shipping,
            &["Tell me your 6-digit pincode"],
        ),
        (
            "001 §9 delivery",
            "Shippping",
            visitor(),
            Topic::Shipping,
            &["takes 5 days"],
        ),
        (
            "001 §9 delivery",
            "kitne din lagenge",
            visitor(),
            Topic::Shipping,
            &["takes 5 days"],
        ),
        (
            "001 §9 delivery",
            "standard delivery kitne din",
            visitor(),
            Topic::Shipping,
            &["takes 5 days"],
        ),
        (
            "001 §5 pincode first digit 1-9",
            "deliver to 012345",
            visitor(),
            Topic::Shipping,
            &["012345 is not a valid pincode", "6-digit pincode"],
        ),
        (
            "001 §5 pincode first digit 1-9",
            "012345",
            visitor(),
            Topic::Shipping,
            &["012345 is not a valid pincode"],
        ),
        (
            "001 §5 pincode 6 digits",
            "deliver to 40007",
            visitor(),
            Topic::Shipping,
            &["6-digit pincode"],
        ),
    ]);
}

#[test]
fn free_delivery() {
    check(vec![
        (
            "001 §2 Checkout, §9 free above ₹1,500",
            "Is delivery free?",
            visitor(),
            Topic::FreeDelivery,
            &["above ₹1,500", "Standard delivery is free", "₹99"],
        ),
        (
            "001 §9 free delivery",
            "free shipping above?",
            visitor(),
            Topic::FreeDelivery,
            &["₹1,500"],
        ),
        (
            "001 §9 free delivery",
            "delivery charges kitna hai",
            visitor(),
            Topic::FreeDelivery,
            &["₹1,500"],
        ),
        (
            "001 §9 free delivery",
            "what is the minimum order for free delivery",
            visitor(),
            Topic::FreeDelivery,
            &["₹1,500"],
        ),
        (
            "001 §9 free delivery",
            "how much is shipping",
            visitor(),
            Topic::FreeDelivery,
            &["₹1,500"],
        ),
    ]);
}

#[test]
fn express_delivery() {
    check(vec![
        (
            "001 §9 express ₹99 within 50 km",
            "Do you have express delivery?",
            visitor(),
            Topic::ExpressDelivery(None),
            &[
                "within 60 minutes",
                "₹99",
                "50 km",
                "400001",
                "6-digit pincode",
            ],
        ),
        (
            "001 §9 express",
            "60-minute delivery?",
            visitor(),
            Topic::ExpressDelivery(None),
            &["₹99"],
        ),
        (
            "001 §9 express",
            "same day delivery to 400070",
            visitor(),
            Topic::ExpressDelivery(Some(pin("400070"))),
            &["is available there for ₹99", "60-90 min"],
        ),
        (
            "001 §9 express",
            "How fast can you deliver to 400070?",
            visitor(),
            Topic::ExpressDelivery(Some(pin("400070"))),
            &["60-90 min"],
        ),
        (
            "001 §9 express beyond 50 km",
            "expres delivry 560001",
            visitor(),
            Topic::ExpressDelivery(Some(pin("560001"))),
            &["1,600 km", "not available", "4-8 hours"],
        ),
        (
            "001 §9 express",
            "jaldi delivery chahiye 400001",
            visitor(),
            Topic::ExpressDelivery(Some(pin("400001"))),
            &["same area"],
        ),
        (
            "001 §9 express fee wins over charges",
            "express delivery charges",
            visitor(),
            Topic::ExpressDelivery(None),
            &["₹99"],
        ),
        (
            "001 §5 pincode first digit 1-9",
            "express to 012345",
            visitor(),
            Topic::ExpressDelivery(None),
            &["012345 is not a valid pincode", "6-digit pincode"],
        ),
    ]);
}

#[test]
fn delivery_to_a_pincode() {
    check(vec![
        (
            "001 §9 prefix 40: 60-90 min",
            "400070",
            visitor(),
            Topic::DeliveryToPincode(pin("400070")),
            &[
                "same area as our warehouse",
                "express delivery within 60 minutes is available there for ₹99",
                "Delivery time to 400070: 60-90 min.",
            ],
        ),
        (
            "001 §9 distance ×10 km",
            "Do you deliver to 110001?",
            visitor(),
            Topic::DeliveryToPincode(pin("110001")),
            &[
                "about 2,900 km",
                "beyond our 50 km express range",
                "not available",
                "12-18 hours",
            ],
        ),
        (
            "001 §9 prefix 41: 2-4 h",
            "my pincode is 411001",
            visitor(),
            Topic::DeliveryToPincode(pin("411001")),
            &["about 110 km", "2-4 hours"],
        ),
        (
            "001 §9 within 50 km",
            "delivery time for pin 401101",
            visitor(),
            Topic::DeliveryToPincode(pin("401101")),
            &[
                "about 10 km",
                "within our 50 km express range",
                "₹99",
                "60-90 min",
            ],
        ),
        (
            "001 §9 exactly 50 km",
            "405001 delivery?",
            visitor(),
            Topic::DeliveryToPincode(pin("405001")),
            &["about 50 km", "is available there"],
        ),
        (
            "001 §9 just beyond 50 km",
            "(406001) shipping",
            visitor(),
            Topic::DeliveryToPincode(pin("406001")),
            &["about 60 km", "not available"],
        ),
        (
            "001 §9 East",
            "hi, 700001",
            visitor(),
            Topic::DeliveryToPincode(pin("700001")),
            &["18-24 hours"],
        ),
        (
            "001 §9 elsewhere",
            "deliver to 900001 pls",
            visitor(),
            Topic::DeliveryToPincode(pin("900001")),
            &["24-30 hours"],
        ),
        (
            "001 §9 pincode in two groups",
            "400 070 delivery",
            visitor(),
            Topic::DeliveryToPincode(pin("400070")),
            &["60-90 min"],
        ),
        (
            "001 §9 pincode mid-sentence",
            "can you ship to 560001 by friday",
            visitor(),
            Topic::DeliveryToPincode(pin("560001")),
            &["4-8 hours"],
        ),
    ]);
}

#[test]
fn order_status() {
    check(vec![
        (
            "001 §6 orders need sign-in",
            "Where is my order?",
            visitor(),
            Topic::OrderStatus,
            &["Please sign in to look up your orders"],
        ),
        (
            "001 §2 My Orders empty",
            "where's my order",
            asha(vec![]),
            Topic::OrderStatus,
            &["You don't have any orders yet."],
        ),
        (
            "001 §2 My Orders",
            "mera order kab aayega",
            shopper_with_orders(),
            Topic::OrderStatus,
            &["Order #dd33ee99"],
        ),
        (
            "001 §2 My Orders",
            "ordr kab ayega??",
            shopper_with_orders(),
            Topic::OrderStatus,
            &["Order #dd33ee99"],
        ),
        (
            "001 §2 My Orders",
            "track my parcel",
            shopper_with_orders(),
            Topic::OrderStatus,
            &["Status: Processing."],
        ),
        (
            "001 §2 My Orders",
            "order status pls",
            shopper_with_orders(),
            Topic::OrderStatus,
            &["Estimated delivery: 28 Nov 2026."],
        ),
        (
            "001 §2 My Orders",
            "has my order shipped?",
            shopper_with_orders(),
            Topic::OrderStatus,
            &["You have 2 other orders"],
        ),
        (
            "001 §2 My Orders",
            "When will my order arrive",
            shopper_whose_latest_is("Shipped"),
            Topic::OrderStatus,
            &["Status: Shipped.", "Estimated delivery: 28 Nov 2026."],
        ),
        (
            "001 §2 My Orders",
            "where is my order",
            shopper_whose_latest_is("Delivered"),
            Topic::OrderStatus,
            &["Status: Delivered. Items: Linen Shirt. Total: ₹2,598."],
        ),
        (
            "001 §9 a pincode too",
            "where is my order, my pincode is 400070",
            visitor(),
            Topic::OrderStatus,
            &["Please sign in", "Delivery time to 400070: 60-90 min."],
        ),
    ]);
}

#[test]
fn order_status_reply_in_full() {
    // 001 §2 My Orders: "Order #" + last 8 characters; estimated delivery; items; total.
    let reply = answer("Where is my order?", &shopper_with_orders()).reply;
    assert_eq!(
        reply,
        "Your latest order is Order #dd33ee99, placed on 24 Nov 2026. Status: Processing. \
         Estimated delivery: 28 Nov 2026. Items: Linen Shirt and Slim Jeans. Total: ₹2,598. \
         You have 2 other orders; My Orders lists them all."
    );
}

#[test]
fn a_late_order_is_called_late() {
    let mut context = shopper_whose_latest_is("Processing");
    context.now = at(2026, 12, 1, 10);
    let reply = answer("where is my order", &context).reply;
    assert!(
        reply.contains("It was due on 28 Nov 2026 and is running late"),
        "{reply}"
    );
    assert!(!reply.contains("other order"), "{reply}");
}

#[test]
fn cancellation() {
    check(vec![
        (
            "001 §5 cancel until shipped",
            "How do I cancel my order?",
            visitor(),
            Topic::Cancellation,
            &[
                "from My Orders",
                "Shipped, Out for Delivery or Delivered",
                "brand reviews each request",
                "Please sign in",
            ],
        ),
        (
            "001 §5 cancel until shipped",
            "cancle order",
            asha(vec![]),
            Topic::Cancellation,
            &["from My Orders"],
        ),
        (
            "001 §5 cancel until shipped",
            "cancellation policy",
            visitor(),
            Topic::Cancellation,
            &["from My Orders"],
        ),
        (
            "001 §5 cancel until shipped",
            "order radd karna hai",
            visitor(),
            Topic::Cancellation,
            &["from My Orders"],
        ),
        (
            "001 §5 an open order",
            "cancel my order",
            shopper_with_orders(),
            Topic::Cancellation,
            &["Order #dd33ee99 (Processing), can still be cancelled"],
        ),
        (
            "001 §5 shipped",
            "cancel my order",
            shopper_whose_latest_is("Shipped"),
            Topic::Cancellation,
            &[
                "is already Shipped, so it can no longer be cancelled",
                "30 days",
            ],
        ),
        (
            "001 §5 out for delivery",
            "cancel",
            shopper_whose_latest_is("Out for Delivery"),
            Topic::Cancellation,
            &["can no longer be cancelled"],
        ),
        (
            "001 §5 requested",
            "cancel",
            shopper_whose_latest_is("Cancellation Requested"),
            Topic::Cancellation,
            &["already being reviewed"],
        ),
        (
            "001 §5 cancelled",
            "cancel",
            shopper_whose_latest_is("Cancelled"),
            Topic::Cancellation,
            &["is already cancelled"],
        ),
    ]);
}

#[test]
fn payment() {
    check(vec![
        (
            "001 §1 card only",
            "Can I pay with UPI?",
            visitor(),
            Topic::Payment,
            &["card payments only", "UPI"],
        ),
        (
            "001 §1 card only",
            "cash on delivery available?",
            visitor(),
            Topic::Payment,
            &["Cash on delivery"],
        ),
        (
            "001 §1 card only",
            "COD?",
            visitor(),
            Topic::Payment,
            &["card payments only"],
        ),
        (
            "001 §1 card only",
            "do you accept credit cards",
            visitor(),
            Topic::Payment,
            &["card payments only"],
        ),
        (
            "001 §4 order after verified payment",
            "payment failed but money deducted",
            visitor(),
            Topic::Payment,
            &["If a payment fails, the order is not placed"],
        ),
    ]);
}

#[test]
fn contact() {
    check(vec![
        (
            "001 §1 operator contact block",
            "How can I contact customer care?",
            visitor(),
            Topic::Contact,
            &["Privacy Policy page"],
        ),
        (
            "000 §2.2 footer",
            "I want to talk to a human",
            visitor(),
            Topic::Contact,
            &["bottom of the app"],
        ),
        (
            "001 §1 operator contact block",
            "customer care number",
            visitor(),
            Topic::Contact,
            &["contact details"],
        ),
    ]);
}

#[test]
fn unknown_says_so() {
    check(vec![
        (
            "http-api Support chat",
            "Do you sell watches?",
            visitor(),
            Topic::Unknown,
            &["I don't know", "returns, refunds"],
        ),
        (
            "http-api Support chat",
            "asdfgh",
            visitor(),
            Topic::Unknown,
            &["I don't know"],
        ),
        (
            "http-api Support chat",
            "",
            visitor(),
            Topic::Unknown,
            &["I don't know"],
        ),
        (
            "http-api Support chat",
            "?!",
            visitor(),
            Topic::Unknown,
            &["I don't know"],
        ),
        (
            "http-api Support chat",
            "hi, can I get a discount coupon for my birthday?",
            visitor(),
            Topic::Unknown,
            &["I don't know"],
        ),
        (
            "http-api Support chat",
            "what's the weather like",
            asha(vec![]),
            Topic::Unknown,
            &["I don't know"],
        ),
    ]);
}

#[test]
fn the_more_specific_intent_wins() {
    check(vec![
        (
            "cancel over refund",
            "I want to cancel and get a refund",
            visitor(),
            Topic::Cancellation,
            &[],
        ),
        (
            "refund over return",
            "refund for my returned order",
            visitor(),
            Topic::Refunds,
            &[],
        ),
        (
            "refund over order status",
            "where is my refund",
            visitor(),
            Topic::Refunds,
            &[],
        ),
        (
            "return over order status",
            "I want to return my order",
            visitor(),
            Topic::Returns,
            &[],
        ),
        (
            "cancel over order status",
            "cancel my order",
            visitor(),
            Topic::Cancellation,
            &[],
        ),
        (
            "order status over greeting",
            "hi where is my order",
            visitor(),
            Topic::OrderStatus,
            &[],
        ),
        (
            "payment over delivery",
            "cash on delivery to 400070?",
            visitor(),
            Topic::Payment,
            &[],
        ),
        (
            "express over free delivery",
            "express delivery fee",
            visitor(),
            Topic::ExpressDelivery(None),
            &[],
        ),
        (
            "free delivery over shipping",
            "is shipping free",
            visitor(),
            Topic::FreeDelivery,
            &[],
        ),
        (
            "shipping over express",
            "how fast is standard shipping",
            visitor(),
            Topic::Shipping,
            &[],
        ),
        (
            "cancel over a pincode",
            "cancel my order 400070",
            visitor(),
            Topic::Cancellation,
            &[],
        ),
        (
            "return over a pincode",
            "return policy for 400070",
            visitor(),
            Topic::Returns,
            &[],
        ),
        (
            "payment over order status",
            "payment for my order failed",
            visitor(),
            Topic::Payment,
            &[],
        ),
    ]);
}

#[test]
fn the_pincode_reply_in_full() {
    // 001 §9: 400070 is in district 400 (0 km), within 50 km, prefix 40.
    let reply = answer("How fast can you deliver to 400070?", &visitor()).reply;
    assert_eq!(
        reply,
        "Pincode 400070 is in the same area as our warehouse (pincode 400001), so express \
         delivery within 60 minutes is available there for ₹99; standard delivery is free. \
         Delivery time to 400070: 60-90 min."
    );
    let far = answer("deliver to 110001", &visitor()).reply;
    assert_eq!(
        far,
        "Pincode 110001 is about 2,900 km from our warehouse (pincode 400001), beyond our 50 km \
         express range, so express delivery is not available there; standard delivery is free. \
         Delivery time to 110001: 12-18 hours."
    );
}

#[test]
fn every_delivery_window_label_reaches_the_reply() {
    // 001 §9 delivery time by prefix, one pincode per window.
    let cases = [
        ("400001", "60-90 min"),
        ("411001", "2-4 hours"),
        ("380001", "4-8 hours"),
        ("600001", "8-12 hours"),
        ("110001", "12-18 hours"),
        ("700001", "18-24 hours"),
        ("290000", "24-30 hours"),
    ];
    for (pincode, window) in cases {
        let reply = answer(pincode, &visitor()).reply;
        assert!(
            reply.ends_with(&format!("Delivery time to {pincode}: {window}.")),
            "{reply}"
        );
    }
}

#[test]
fn greeting_and_unknown_in_full() {
    assert_eq!(
        answer("hi", &visitor()).reply,
        "Hi there! How can I help you today? I can help with returns, refunds, shipping, free \
         delivery, express delivery to your pincode, where your order is, cancellations, \
         payment and how to contact us."
    );
    assert_eq!(
        answer("Do you sell watches?", &visitor()).reply,
        "Sorry, I don't know the answer to that. I can help with returns, refunds, shipping, \
         free delivery, express delivery to your pincode, where your order is, cancellations, \
         payment and how to contact us."
    );
}

#[test]
fn policy_facts_carry_every_number() {
    let facts = support::policy_facts();
    for fact in [
        "30 days",
        "5-7 business days",
        "5 days, within India only",
        "above ₹1,500",
        "within 60 minutes for ₹99",
        "50 km",
        "400001",
        "60-90 min: 40 (",
        "2-4 hours: 41-44 (Maharashtra)",
        "24-30 hours: 90-99 (Army Post Office), and any other prefix",
        "by card only",
        "Cancellation Requested",
        "Privacy Policy",
    ] {
        assert!(facts.contains(fact), "policy facts lack {fact:?}:\n{facts}");
    }
    assert!(!facts.contains("₹999"), "the checkout's reading only");
}

#[test]
fn shopper_facts_by_context() {
    let signed_out = support::shopper_facts(&visitor());
    assert!(signed_out.contains("Today (India): 25 Nov 2026."));
    assert!(signed_out.contains("not signed in"));

    let no_orders = support::shopper_facts(&asha(vec![]));
    assert!(no_orders.contains("first name: Asha"));
    assert!(no_orders.contains("no orders yet"));

    let facts = support::shopper_facts(&shopper_with_orders());
    let newest = facts.find("Order #dd33ee99").expect("the latest order");
    let oldest = facts.find("Order #dd33ee01").expect("the oldest order");
    assert!(newest < oldest, "newest first:\n{facts}");
    assert!(facts.contains(
        "- Order #dd33ee99: placed 24 Nov 2026, status Processing, estimated delivery 28 Nov \
         2026, total ₹2,598, items: Linen Shirt, Slim Jeans."
    ));

    let many: Vec<OrderSummary> = (1..=12)
        .map(|day| {
            order(
                &format!("order{day:02}"),
                at(2026, 11, day, 9),
                "Delivered",
                &[],
            )
        })
        .collect();
    let facts = support::shopper_facts(&asha(many));
    assert!(facts.contains("(12 in all)"));
    assert!(facts.contains("Order #order12"));
    assert!(!facts.contains("Order #order02"));
    assert!(facts.contains("- and 2 older orders."));
}
