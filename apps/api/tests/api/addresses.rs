//! Saved delivery addresses (the shipment calls): the wizard's rules, one default, at most 20,
//! the delivery facts of each, and only the caller's own.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, error_code, ids, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    addresses_are_saved_and_listed_default_first_then_newest,
    exactly_one_address_is_the_default,
    the_wizards_rules_hold_and_nothing_is_saved,
    the_delivery_facts_come_from_the_pincode,
    a_shopper_keeps_at_most_20_addresses,
    another_shoppers_addresses_are_out_of_reach,
    every_call_needs_the_session_and_its_method,
);

/// A valid payload, its recipient named `name`.
fn shipment(name: &str, pincode: &str) -> Value {
    json!({
        "billing_customer_name": name,
        "billing_phone": "9876543210",
        "billing_email": "asha@gmail.com",
        "billing_address": "Flat 12, Wing B Sea View",
        "billing_address_2": "Mumbai GPO, Fort, Mumbai",
        "billing_city": "Mumbai",
        "billing_pincode": pincode,
        "billing_state": "Maharashtra",
        "billing_country": "India",
    })
}

fn path(user: &Session) -> String {
    format!("/api/users/{}/shipment", user.id())
}

async fn save(app: &TestApp, user: &Session, body: Value) -> (u16, Value) {
    app.send_json(Method::POST, &path(user), Some(body), Some(user))
        .await
}

/// Saves `body` and answers the saved address.
async fn saved(app: &TestApp, user: &Session, body: Value) -> Value {
    let (status, address) = save(app, user, body).await;
    assert_eq!(status, 201, "{address}");
    address
}

async fn list(app: &TestApp, user: &Session) -> Value {
    let (status, body) = app
        .send_json(Method::GET, &path(user), None, Some(user))
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn make_default(app: &TestApp, user: &Session, id: &str, body: Value) -> (u16, Value) {
    app.send_json(
        Method::PATCH,
        &format!("{}/{id}", path(user)),
        Some(body),
        Some(user),
    )
    .await
}

async fn delete(app: &TestApp, user: &Session, id: &str) -> (u16, Value) {
    app.send_json(
        Method::DELETE,
        &format!("{}/{id}", path(user)),
        None,
        Some(user),
    )
    .await
}

/// The ids of the list's default addresses; exactly one while any is saved.
async fn the_default(app: &TestApp, user: &Session) -> Option<String> {
    let addresses = list(app, user).await;
    let defaults: Vec<String> = addresses
        .as_array()
        .expect("a list")
        .iter()
        .filter(|a| a["isDefault"] == json!(true))
        .map(|a| a["_id"].as_str().expect("an id").to_owned())
        .collect();
    let any = !addresses.as_array().expect("a list").is_empty();
    assert_eq!(
        defaults.len(),
        usize::from(any),
        "one default while any: {addresses}"
    );
    defaults.into_iter().next()
}

fn id(address: &Value) -> String {
    address["_id"].as_str().expect("an _id").to_owned()
}

async fn addresses_are_saved_and_listed_default_first_then_newest(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = app.onboarded("asha@example.in").await;
    assert_eq!(list(&app, &asha).await, json!([]));

    let first = saved(
        &app,
        &asha,
        json!({
            "billing_customer_name": "  Asha Rao ",
            "billing_phone": " 9876543210",
            "billing_email": "asha@gmail.com ",
            "billing_address": " Flat 12, Wing B Sea View",
            "billing_address_2": "Mumbai GPO, Fort, Mumbai ",
            "billing_city": " Mumbai",
            "billing_pincode": "400001 ",
            "billing_state": "Maharashtra",
        }),
    )
    .await;
    assert!(first["_id"].as_str().is_some_and(|id| !id.is_empty()));
    assert_eq!(
        first,
        json!({
            "_id": first["_id"],
            "billing_customer_name": "Asha Rao",
            "billing_phone": "9876543210",
            "billing_email": "asha@gmail.com",
            "billing_address": "Flat 12, Wing B Sea View",
            "billing_address_2": "Mumbai GPO, Fort, Mumbai",
            "billing_city": "Mumbai",
            "billing_pincode": "400001",
            "billing_state": "Maharashtra",
            "billing_country": "India",
            "isDefault": true,
            "createdAt": "2026-11-23T10:00:00Z",
            "delivery": {"distanceKm": 0, "expressAvailable": true, "window": "60-90 min",
                         "minMinutes": 60, "maxMinutes": 90},
        }),
        "trimmed, India when no country is sent, the first is the default"
    );
    let second = saved(&app, &asha, shipment("Second", "411001")).await;
    let mut no_country = shipment("Third", "560001");
    no_country["billing_country"] = Value::Null;
    let third = saved(&app, &asha, no_country).await;
    assert_eq!(third["billing_country"], "India", "null reads as missing");
    assert_eq!(
        (second["isDefault"].clone(), third["isDefault"].clone()),
        (json!(false), json!(false))
    );
    assert_eq!(
        ids(&list(&app, &asha).await),
        [id(&first), id(&third), id(&second)],
        "the default first, then the newest first"
    );
    assert_eq!(app.count("addresses"), 3);
}

async fn exactly_one_address_is_the_default(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = app.onboarded("asha@example.in").await;
    let first = id(&saved(&app, &asha, shipment("First", "400001")).await);
    assert_eq!(the_default(&app, &asha).await, Some(first.clone()));
    let second = id(&saved(&app, &asha, shipment("Second", "400002")).await);
    assert_eq!(
        the_default(&app, &asha).await,
        Some(first.clone()),
        "a later one is not the default unless asked"
    );
    let mut asked = shipment("Third", "400003");
    asked["isDefault"] = json!(true);
    let third = saved(&app, &asha, asked).await;
    assert_eq!(third["isDefault"], true);
    let third = id(&third);
    assert_eq!(the_default(&app, &asha).await, Some(third.clone()));
    assert_eq!(
        ids(&list(&app, &asha).await),
        [third.clone(), second.clone(), first.clone()]
    );

    let (status, address) = make_default(&app, &asha, &first, json!({"isDefault": true})).await;
    assert_eq!(status, 200, "{address}");
    assert_eq!(
        (id(&address), address["isDefault"].clone()),
        (first.clone(), json!(true))
    );
    assert_eq!(address["billing_customer_name"], "First");
    assert_eq!(the_default(&app, &asha).await, Some(first.clone()));
    let (status, address) = make_default(&app, &asha, &first, json!({"isDefault": true})).await;
    assert_eq!(
        (status, address["isDefault"].clone()),
        (200, json!(true)),
        "again: no change"
    );
    assert_eq!(the_default(&app, &asha).await, Some(first.clone()));

    for body in [
        json!({"isDefault": false}),
        json!({}),
        json!({"isDefault": "yes"}),
    ] {
        let (status, answer) = make_default(&app, &asha, &second, body.clone()).await;
        assert_eq!(
            (status, error_code(&answer)),
            (400, "INVALID_IS_DEFAULT".into()),
            "{body}"
        );
    }
    assert_eq!(
        the_default(&app, &asha).await,
        Some(first.clone()),
        "unchanged"
    );

    assert_eq!(
        delete(&app, &asha, &second).await,
        (200, json!({"success": true}))
    );
    assert_eq!(
        the_default(&app, &asha).await,
        Some(first.clone()),
        "deleting another keeps the default"
    );
    let fourth = id(&saved(&app, &asha, shipment("Fourth", "400004")).await);
    assert_eq!(delete(&app, &asha, &first).await.0, 200);
    assert_eq!(
        the_default(&app, &asha).await,
        Some(fourth.clone()),
        "deleting the default makes the newest remaining one the default"
    );
    assert_eq!(
        ids(&list(&app, &asha).await),
        [fourth.clone(), third.clone()]
    );
    let (status, body) = delete(&app, &asha, &first).await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("Address not found."))
    );
    assert_eq!(delete(&app, &asha, &fourth).await.0, 200);
    assert_eq!(the_default(&app, &asha).await, Some(third.clone()));
    assert_eq!(delete(&app, &asha, &third).await.0, 200);
    assert_eq!(the_default(&app, &asha).await, None);
    let again = id(&saved(&app, &asha, shipment("Again", "400001")).await);
    assert_eq!(
        the_default(&app, &asha).await,
        Some(again),
        "the first of a new start is the default again"
    );
}

async fn the_wizards_rules_hold_and_nothing_is_saved(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = app.onboarded("asha@example.in").await;
    let long = "x".repeat(201);
    // (field, value, message)
    let table = [
        ("billing_customer_name", json!(" "), "Full name required"),
        ("billing_customer_name", json!(null), "Full name required"),
        (
            "billing_phone",
            json!("98765"),
            "Must be a 10-digit phone number",
        ),
        (
            "billing_phone",
            json!("+919876543210"),
            "Must be a 10-digit phone number",
        ),
        (
            "billing_email",
            json!("asha@yahoo.com"),
            "Must be a valid @gmail.com address",
        ),
        (
            "billing_email",
            json!(""),
            "Must be a valid @gmail.com address",
        ),
        ("billing_address", json!(""), "Flat/House number required"),
        (
            "billing_address_2",
            json!("  "),
            "Pick an address or type manually",
        ),
        ("billing_city", json!(""), "City required"),
        ("billing_state", json!(null), "State required"),
        (
            "billing_pincode",
            json!("40001"),
            "6-digit pincode required",
        ),
        (
            "billing_pincode",
            json!("012345"),
            "6-digit pincode required",
        ),
        (
            "billing_pincode",
            json!("4000011"),
            "6-digit pincode required",
        ),
        ("billing_country", json!(" "), "Country required"),
        (
            "billing_customer_name",
            json!(long),
            "Must be at most 200 characters",
        ),
        (
            "billing_address",
            json!(long),
            "Must be at most 200 characters",
        ),
        (
            "billing_address_2",
            json!(long),
            "Must be at most 200 characters",
        ),
        (
            "billing_city",
            json!(long),
            "Must be at most 200 characters",
        ),
        (
            "billing_state",
            json!(long),
            "Must be at most 200 characters",
        ),
        (
            "billing_country",
            json!(long),
            "Must be at most 200 characters",
        ),
    ];
    for (field, value, message) in table {
        let mut body = shipment("Asha Rao", "400001");
        body[field] = value.clone();
        let (status, answer) = save(&app, &asha, body).await;
        assert_eq!(status, 400, "{field} = {value}: {answer}");
        assert_eq!(error_code(&answer), "VALIDATION_FAILED");
        assert_eq!(answer["error"], message, "{field} = {value}");
        assert_eq!(
            answer["fields"],
            json!({ field: message }),
            "{field} = {value}"
        );
    }
    let (status, answer) = save(&app, &asha, json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(answer["error"], "Full name required");
    assert_eq!(
        answer["fields"],
        json!({
            "billing_customer_name": "Full name required",
            "billing_phone": "Must be a 10-digit phone number",
            "billing_email": "Must be a valid @gmail.com address",
            "billing_address": "Flat/House number required",
            "billing_address_2": "Pick an address or type manually",
            "billing_city": "City required",
            "billing_pincode": "6-digit pincode required",
            "billing_state": "State required",
        }),
        "every broken field at once; a missing country is India"
    );
    let (status, answer) = save(&app, &asha, json!({"billing_pincode": 400001})).await;
    assert_eq!(
        (status, error_code(&answer)),
        (400, "INVALID_BODY".into()),
        "the pincode is a string"
    );
    assert_eq!(list(&app, &asha).await, json!([]));
    assert_eq!(app.count("addresses"), 0, "nothing was saved");
}

async fn the_delivery_facts_come_from_the_pincode(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = app.onboarded("asha@example.in").await;
    let mumbai = saved(&app, &asha, shipment("Mumbai", "400001")).await;
    assert_eq!(
        mumbai["delivery"],
        json!({"distanceKm": 0, "expressAvailable": true, "window": "60-90 min",
               "minMinutes": 60, "maxMinutes": 90})
    );
    let delhi = saved(&app, &asha, shipment("Delhi", "110001")).await;
    assert_eq!(
        delhi["delivery"],
        json!({"distanceKm": 2900, "expressAvailable": false, "window": "12-18 hours",
               "minMinutes": 720, "maxMinutes": 1080}),
        "Delhi is North: far, no express"
    );
    // Panaji's pincodes lie inside prefix 40, so the estimate puts Goa within express's reach.
    let panaji = saved(&app, &asha, shipment("Panaji", "403001")).await;
    assert_eq!(
        panaji["delivery"],
        json!({"distanceKm": 30, "expressAvailable": true, "window": "60-90 min",
               "minMinutes": 60, "maxMinutes": 90})
    );
    let pune = saved(&app, &asha, shipment("Pune", "411001")).await;
    assert_eq!(
        pune["delivery"],
        json!({"distanceKm": 110, "expressAvailable": false, "window": "2-4 hours",
               "minMinutes": 120, "maxMinutes": 240})
    );
    let listed = list(&app, &asha).await;
    let facts: Vec<Value> = listed
        .as_array()
        .expect("a list")
        .iter()
        .map(|a| a["delivery"]["window"].clone())
        .collect();
    assert_eq!(
        facts,
        ["60-90 min", "2-4 hours", "60-90 min", "12-18 hours"],
        "the default (Mumbai) first, then Pune, Panaji, Delhi"
    );
}

async fn a_shopper_keeps_at_most_20_addresses(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = app.onboarded("asha@example.in").await;
    // Twenty-five at once: the limit holds however the requests interleave.
    let mut requests = tokio::task::JoinSet::new();
    for n in 0..25 {
        let request = app
            .client
            .post(app.url(&path(&asha)))
            .bearer_auth(&asha.token)
            .json(&shipment(&format!("Recipient {n}"), "400001"));
        requests.spawn(async move { request.send().await.expect("request").status().as_u16() });
    }
    let mut statuses = requests.join_all().await;
    statuses.sort_unstable();
    assert_eq!(statuses, [[201; 20].as_slice(), &[409; 5]].concat());
    assert_eq!(list(&app, &asha).await.as_array().map(Vec::len), Some(20));
    assert!(the_default(&app, &asha).await.is_some());

    let (status, answer) = save(&app, &asha, shipment("One more", "400001")).await;
    assert_eq!(status, 409);
    assert_eq!(error_code(&answer), "ADDRESS_LIMIT");
    assert_eq!(answer["error"], "You can save up to 20 addresses.");
    assert_eq!(app.count("addresses"), 20);

    let oldest = ids(&list(&app, &asha).await).pop().expect("an address");
    assert_eq!(delete(&app, &asha, &oldest).await.0, 200);
    assert_eq!(
        save(&app, &asha, shipment("Room again", "400001")).await.0,
        201
    );
}

async fn another_shoppers_addresses_are_out_of_reach(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = app.onboarded("a@example.in").await;
    let b = app.onboarded("b@example.in").await;
    let bs = id(&saved(&app, &b, shipment("B", "400001")).await);
    saved(&app, &b, shipment("B's second", "110001")).await;
    let mine = id(&saved(&app, &a, shipment("A", "400001")).await);
    let b_before = list(&app, &b).await;

    let b_path = path(&b);
    let a_path = path(&a);
    let default = json!({"isDefault": true});
    let attempts = [
        (Method::GET, b_path.clone(), None, "User not found"),
        (
            Method::POST,
            b_path.clone(),
            Some(shipment("A's", "400001")),
            "User not found",
        ),
        (
            Method::PATCH,
            format!("{b_path}/{bs}"),
            Some(default.clone()),
            "User not found",
        ),
        (
            Method::DELETE,
            format!("{b_path}/{bs}"),
            None,
            "User not found",
        ),
        (
            Method::PATCH,
            format!("{b_path}/{mine}"),
            Some(default.clone()),
            "User not found",
        ),
        (
            Method::DELETE,
            format!("{b_path}/{mine}"),
            None,
            "User not found",
        ),
        // Whose the path is comes before what the body says.
        (
            Method::POST,
            b_path.clone(),
            Some(json!({})),
            "User not found",
        ),
        (
            Method::PATCH,
            format!("{b_path}/{bs}"),
            Some(json!({"isDefault": false})),
            "User not found",
        ),
        (
            Method::GET,
            "/api/users/no-such-user/shipment".into(),
            None,
            "User not found",
        ),
        (
            Method::PATCH,
            format!("{a_path}/{bs}"),
            Some(default.clone()),
            "Address not found.",
        ),
        (
            Method::DELETE,
            format!("{a_path}/{bs}"),
            None,
            "Address not found.",
        ),
        (
            Method::PATCH,
            format!("{a_path}/no-such-address"),
            Some(default.clone()),
            "Address not found.",
        ),
        (
            Method::DELETE,
            format!("{a_path}/no-such-address"),
            None,
            "Address not found.",
        ),
    ];
    for (method, target, body, message) in attempts {
        let what = format!("{method} {target}");
        let (status, answer) = app.send_json(method, &target, body, Some(&a)).await;
        assert_eq!(status, 404, "{what}: {answer}");
        assert_eq!(
            (error_code(&answer), answer["error"].clone()),
            ("NOT_FOUND".into(), json!(message)),
            "{what}"
        );
        assert_eq!(list(&app, &b).await, b_before, "B unchanged after {what}");
    }
    assert_eq!(
        ids(&list(&app, &a).await),
        [mine],
        "A's own list is all A's"
    );
    assert_eq!(app.count("addresses"), 3, "nothing saved for anybody");
}

async fn every_call_needs_the_session_and_its_method(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = app.onboarded("asha@example.in").await;
    let address = id(&saved(&app, &asha, shipment("Asha", "400001")).await);
    let one = format!("{}/{address}", path(&asha));
    for (method, target, body) in [
        (Method::GET, path(&asha), None),
        (
            Method::POST,
            path(&asha),
            Some(shipment("Nobody", "400001")),
        ),
        (Method::PATCH, one.clone(), Some(json!({"isDefault": true}))),
        (Method::DELETE, one.clone(), None),
    ] {
        let (status, answer) = app.send_json(method.clone(), &target, body, None).await;
        assert_eq!(
            (status, error_code(&answer)),
            (401, "UNAUTHENTICATED".into()),
            "{method} {target}"
        );
    }
    for (method, target) in [
        (Method::PUT, path(&asha)),
        (Method::DELETE, path(&asha)),
        (Method::GET, one.clone()),
        (Method::POST, one.clone()),
        (Method::PUT, one.clone()),
    ] {
        let (status, answer) = app
            .send_json(method.clone(), &target, Some(json!({})), Some(&asha))
            .await;
        assert_eq!(
            (status, error_code(&answer)),
            (405, "METHOD_NOT_ALLOWED".into()),
            "{method} {target}"
        );
    }
    assert_eq!(ids(&list(&app, &asha).await), [address]);
}
