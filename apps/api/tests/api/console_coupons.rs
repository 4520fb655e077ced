//! The brand console's coupons over HTTP: creation with every rule by field, ownership (brand
//! A, brand B, a shopper, an admin), versioned edits, codes unique over every brand (also when
//! two creations race), products assigned as the shop shows them, and validate-cart following
//! the console's edits.

use std::time::{Duration, Instant};

use access::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, demo, error_code, listed, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    a_console_coupon_is_applied_and_an_edit_follows,
    every_rule_is_checked_by_field,
    a_brand_reaches_its_own_coupons_only,
    codes_are_unique_over_every_brand,
    edits_name_the_version_they_read,
);

/// Signs `email` in with `role` (of `brand`), granted before the first sign-in.
pub async fn staff(app: &TestApp, email: &str, role: Role, brand: Option<&str>) -> Session {
    crate::helpers::sign_in_as(app, email, role, brand).await
}

/// Lets the next sign-in through the per-client limits.
pub fn allow_sign_in(app: &TestApp) {
    app.execute_sql("DELETE FROM rate_limits");
}

fn brand(index: usize) -> String {
    demo().brands[index].id.clone()
}

/// A listed product of `brand` with a size in stock.
fn product_of(brand: &str) -> (&'static catalogue::Product, String) {
    listed()
        .into_iter()
        .filter(|p| p.brand_id == brand)
        .find_map(|p| {
            let size = p.stock.iter().find(|(_, left)| *left > 0)?.0.clone();
            Some((p, size))
        })
        .expect("a product in stock")
}

async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
    who: &Session,
) -> (u16, Value) {
    app.send_json(method, path, body, Some(who)).await
}

fn coupon(code: &str) -> Value {
    json!({"coupon_code": code, "title": "Ten off", "discount_type": "percentage",
           "discount_value": 10, "max_discount_amount": 500, "min_order_value": "0"})
}

async fn create(app: &TestApp, who: &Session, body: Value) -> (u16, Value) {
    call(app, Method::POST, "/api/brand/coupons", Some(body), who).await
}

async fn patch(app: &TestApp, who: &Session, id: &str, body: Value) -> (u16, Value) {
    let path = format!("/api/brand/coupons/{id}");
    call(app, Method::PATCH, &path, Some(body), who).await
}

async fn validate(
    app: &TestApp,
    who: &Session,
    code: &str,
    product: &str,
    size: &str,
) -> (u16, Value) {
    let body = json!({"cartItems": [{"product": {"_id": product}, "size": size, "quantity": 1}]});
    let path = format!("/api/offers/coupon/{code}/validate-cart");
    call(app, Method::POST, &path, Some(body), who).await
}

/// Polls the product's public answer until `done` holds (the test apps follow the feed every
/// 50 ms).
async fn eventually(app: &TestApp, product: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, body) = app.get_json(&format!("/api/products/id/{product}")).await;
        if done(&body) {
            return body;
        }
        assert!(Instant::now() < deadline, "{product} never changed: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn a_console_coupon_is_applied_and_an_edit_follows(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (brand(0), brand(1));
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    allow_sign_in(&app);
    let shopper = app.sign_in("asha@example.in").await;
    let (product, size) = product_of(&a);
    let (other, other_size) = product_of(&b);

    let mut body = coupon(" console10 ");
    body["products"] = json!([product.id]);
    body["valid_until"] = json!("2026-12-31");
    body["usage_limit"] = json!(100);
    body["per_user_limit"] = json!(1);
    let (status, created) = create(&app, &team, body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["success"], true);
    let c = &created["coupon"];
    assert_eq!(c["coupon_code"], "CONSOLE10");
    assert_eq!(c["discount_type"], "percentage");
    assert_eq!(c["discount_value"], 10);
    assert_eq!(
        c["max_discount_amount"],
        json!({"$numberDecimal": "500.00"})
    );
    assert_eq!(c["min_order_value"], json!({"$numberDecimal": "0.00"}));
    assert_eq!(c["valid_from"], Value::Null);
    assert_eq!(c["valid_until"], "2026-12-31T23:59:59Z");
    assert_eq!(
        (c["usage_limit"].clone(), c["per_user_limit"].clone()),
        (json!(100), json!(1))
    );
    assert_eq!(c["times_used"], 0);
    assert_eq!(c["products"], json!([product.id]));
    assert_eq!(
        (c["is_active"].clone(), c["is_currently_valid"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(c["brand"], json!({"_id": a, "name": demo().brands[0].name}));
    assert_eq!(c["version"], 1);
    let id = c["_id"].as_str().expect("an id").to_owned();
    // The feed has the coupon's row (everything reloads) and the assigned product's own.
    assert_eq!(
        app.count(&format!(
            "catalogue_changes WHERE product_id = '{}'",
            product.id
        )),
        1
    );
    assert!(app.count("catalogue_changes WHERE product_id IS NULL") >= 1);

    // Validate-cart reads the coupon at once; it is the brand's only.
    let (status, applied) = validate(&app, &shopper, "console10", &product.id, &size).await;
    assert_eq!(status, 200, "{applied}");
    assert_eq!(applied["data"]["offer"]["coupon_code"], "CONSOLE10");
    let (status, refused) = validate(&app, &shopper, "CONSOLE10", &other.id, &other_size).await;
    assert_eq!(
        (status, error_code(&refused)),
        (422, "COUPON_BRAND".to_owned())
    );

    // The product shows it as its assigned coupon once the feed is followed.
    let shown = eventually(&app, &product.id, |p| {
        p["assigned_coupon"]["coupon_code"] == "CONSOLE10"
    })
    .await;
    assert_eq!(shown["assigned_coupon"]["is_currently_valid"], true);

    // Switched off: refused at once, and the product's coupon says so once followed.
    let (status, edited) = patch(&app, &team, &id, json!({"is_active": false, "version": 1})).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["coupon"]["version"], 2);
    assert_eq!(edited["coupon"]["is_currently_valid"], false);
    assert_eq!(
        edited["coupon"]["products"],
        json!([product.id]),
        "kept when not sent"
    );
    let (status, refused) = validate(&app, &shopper, "CONSOLE10", &product.id, &size).await;
    assert_eq!(
        (status, error_code(&refused)),
        (422, "COUPON_INVALID".to_owned())
    );
    eventually(&app, &product.id, |p| {
        p["assigned_coupon"]["is_currently_valid"] == false
    })
    .await;
    let (_, offers) = call(&app, Method::GET, "/api/offers/mine", None, &shopper).await;
    assert!(
        !offers
            .as_array()
            .expect("offers")
            .iter()
            .any(|o| o["coupon_code"] == "CONSOLE10"),
        "My Offers leaves it out"
    );

    // Unassigned: the product no longer shows it.
    let (status, edited) = patch(&app, &team, &id, json!({"products": [], "version": 2})).await;
    assert_eq!(
        (status, edited["coupon"]["products"].clone()),
        (200, json!([]))
    );
    eventually(&app, &product.id, |p| p["assigned_coupon"].is_null()).await;

    // Every write left its audit row, with the coupon before and after.
    assert_eq!(
        app.count(&format!(
            "audit_log WHERE entity = 'coupon' AND entity_id = '{id}'"
        )),
        3
    );
    assert_eq!(
        app.count(&format!(
            "audit_log WHERE entity_id = '{id}' AND action = 'create' AND before IS NULL \
             AND actor_role = 'brand' AND brand_id = '{a}'"
        )),
        1
    );
    assert_eq!(
        app.count(&format!(
            "audit_log WHERE entity_id = '{id}' AND action = 'update' AND before LIKE '%\"version\":1%' \
             AND after LIKE '%\"version\":2%'"
        )),
        1
    );
}

async fn every_rule_is_checked_by_field(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (brand(0), brand(1));
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let cases: [(&str, Value, &str); 14] = [
        ("coupon_code", json!(""), "Enter a coupon code."),
        (
            "coupon_code",
            json!("TEN OFF"),
            "A code is 1 to 32 letters, digits, - or _.",
        ),
        ("title", json!(" "), "Enter a title."),
        ("discount_type", json!("bogo"), "Choose percentage or flat."),
        (
            "discount_value",
            json!(0),
            "A percentage is a whole number from 1 to 100.",
        ),
        (
            "discount_value",
            json!(101),
            "A percentage is a whole number from 1 to 100.",
        ),
        (
            "max_discount_amount",
            json!(-5),
            "A maximum discount is an amount above ₹0, or empty for none.",
        ),
        (
            "min_order_value",
            json!("lots"),
            "Enter an amount from ₹0 to ₹1,00,00,000.",
        ),
        (
            "valid_from",
            json!("soon"),
            "Enter a date like 2026-12-31 or 2026-12-31T18:30:00Z.",
        ),
        (
            "valid_until",
            json!("2026-11-01"),
            "The coupon must end on or after the day it starts.",
        ),
        (
            "usage_limit",
            json!(0),
            "Enter a whole number from 1 to 10000000, or leave it empty for no limit.",
        ),
        (
            "per_user_limit",
            json!(1.5),
            "Enter a whole number from 1 to 1000, or leave it empty for no limit.",
        ),
        ("is_active", json!("yes"), "Must be true or false."),
        ("products", json!("all"), "Send a list of product ids."),
    ];
    for (field, value, message) in cases {
        let mut body = coupon("RULES");
        body["valid_from"] = json!("2026-12-01");
        body[field] = value;
        let (status, answer) = create(&app, &team, body).await;
        assert_eq!(status, 400, "{field}: {answer}");
        assert_eq!(error_code(&answer), "VALIDATION_FAILED");
        assert_eq!(answer["fields"][field], message, "{answer}");
    }
    // A flat discount: above zero, no cap.
    let flat = json!({"coupon_code": "F", "title": "F", "discount_type": "flat", "discount_value": 0,
                      "max_discount_amount": 10});
    let (status, answer) = create(&app, &team, flat).await;
    assert_eq!(status, 400);
    assert!(answer["fields"]["discount_value"].is_string(), "{answer}");
    assert_eq!(
        answer["fields"]["max_discount_amount"],
        "Only a percentage coupon has a maximum discount."
    );
    // Another brand's product cannot carry this brand's coupon.
    let (other, _) = product_of(&b);
    let mut body = coupon("RULES");
    body["products"] = json!([other.id]);
    let (status, answer) = create(&app, &team, body).await;
    assert_eq!(status, 400);
    assert_eq!(
        answer["fields"]["products"],
        format!("Not products of this brand: {}.", other.id)
    );
    assert_eq!(
        app.count("coupons WHERE code = 'RULES'"),
        0,
        "nothing written"
    );

    // `fixed` is `flat`; rupees in any form.
    let flat = json!({"coupon_code": "flat150", "title": "₹150 off", "discount_type": "fixed",
                      "discount_value": "149.50", "min_order_value": {"$numberDecimal": "999"}});
    let (status, answer) = create(&app, &team, flat).await;
    assert_eq!(status, 201, "{answer}");
    let c = &answer["coupon"];
    assert_eq!(
        (c["discount_type"].clone(), c["discount_value"].clone()),
        (json!("flat"), json!(149.5))
    );
    assert_eq!(c["max_discount_amount"], Value::Null);
    assert_eq!(c["min_order_value"], json!({"$numberDecimal": "999.00"}));

    // The total limit never goes below the uses so far.
    let id = c["_id"].as_str().expect("an id");
    app.execute_sql(&format!(
        "UPDATE coupons SET times_used = 5 WHERE id = '{id}'"
    ));
    let (status, answer) = patch(&app, &team, id, json!({"usage_limit": 4, "version": 1})).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        answer["fields"]["usage_limit"],
        "This coupon has been used 5 times: the limit cannot be lower."
    );
    let (status, answer) = patch(&app, &team, id, json!({"usage_limit": 5, "version": 1})).await;
    assert_eq!(
        (status, answer["coupon"]["usage_limit"].clone()),
        (200, json!(5)),
        "{answer}"
    );
    assert_eq!(answer["coupon"]["times_used"], 5);
}

async fn a_brand_reaches_its_own_coupons_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (brand(0), brand(1));
    let team_a = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let team_b = staff(&app, "team@brand-b.in", Role::BrandUser, Some(&b)).await;
    let admin = staff(&app, "admin@shop.in", Role::Admin, None).await;
    allow_sign_in(&app);
    let shopper = app.sign_in("asha@example.in").await;

    let (status, created) = create(&app, &team_a, coupon("ONLYA")).await;
    assert_eq!(status, 201, "{created}");
    let id = created["coupon"]["_id"].as_str().expect("an id").to_owned();

    // A shopper: 403 on every call.
    for (method, path, body) in [
        (Method::GET, "/api/brand/coupons".to_owned(), None),
        (
            Method::POST,
            "/api/brand/coupons".to_owned(),
            Some(coupon("SHOPPER")),
        ),
        (
            Method::PATCH,
            format!("/api/brand/coupons/{id}"),
            Some(json!({"version": 1})),
        ),
    ] {
        let (status, answer) = call(&app, method, &path, body, &shopper).await;
        assert_eq!(
            (status, error_code(&answer)),
            (403, "FORBIDDEN".to_owned()),
            "{path}"
        );
    }
    let (status, _) = app
        .send_json(Method::GET, "/api/brand/coupons", None, None)
        .await;
    assert_eq!(status, 401);

    // Brand B sees none of A's, cannot edit it nor name A.
    let (_, list) = call(&app, Method::GET, "/api/brand/coupons", None, &team_b).await;
    let listed = list["coupons"].as_array().expect("coupons");
    assert!(
        listed.iter().all(|c| c["brand"]["_id"] == b.as_str()),
        "{list}"
    );
    let (status, answer) = patch(&app, &team_b, &id, json!({"title": "Mine", "version": 1})).await;
    assert_eq!(
        (status, answer["error"].clone()),
        (404, json!("Coupon not found."))
    );
    let path = format!("/api/brand/coupons?brandId={a}");
    let (status, _) = call(&app, Method::GET, &path, None, &team_b).await;
    assert_eq!(status, 404);
    let mut body = coupon("INTOA");
    body["brandId"] = json!(a);
    let (status, _) = create(&app, &team_b, body).await;
    assert_eq!(status, 404);

    // Brand A lists its own (and none of the demo's shop-wide or other brands').
    let (_, list) = call(&app, Method::GET, "/api/brand/coupons", None, &team_a).await;
    let coupons = list["coupons"].as_array().expect("coupons");
    assert!(
        coupons.iter().all(|c| c["brand"]["_id"] == a.as_str()),
        "{list}"
    );
    assert!(coupons.iter().any(|c| c["_id"] == id.as_str()));

    // An admin names the brand to create, lists one brand or all, edits any.
    let (status, answer) = create(&app, &admin, coupon("ADMIN1")).await;
    assert_eq!(
        (status, error_code(&answer)),
        (400, "BRAND_REQUIRED".to_owned())
    );
    let mut body = coupon("ADMIN1");
    body["brandId"] = json!(b);
    let (status, answer) = create(&app, &admin, body).await;
    assert_eq!(
        (status, answer["coupon"]["brand"]["_id"].clone()),
        (201, json!(b))
    );
    let mut body = coupon("NOBRAND");
    body["brandId"] = json!("no-such-brand");
    let (status, answer) = create(&app, &admin, body).await;
    assert_eq!(
        (status, answer["error"].clone()),
        (404, json!("Brand not found."))
    );
    let (_, all) = call(&app, Method::GET, "/api/brand/coupons", None, &admin).await;
    let all = all["coupons"].as_array().expect("coupons").len();
    let (_, of_a) = call(
        &app,
        Method::GET,
        &format!("/api/brand/coupons?brandId={a}"),
        None,
        &admin,
    )
    .await;
    let of_a = of_a["coupons"].as_array().expect("coupons").len();
    assert!(all > of_a && of_a >= 1, "{all} > {of_a}");
    let (status, answer) = patch(
        &app,
        &admin,
        &id,
        json!({"title": "By the admin", "version": 1}),
    )
    .await;
    assert_eq!(
        (status, answer["coupon"]["title"].clone()),
        (200, json!("By the admin"))
    );
    assert_eq!(
        app.count(&format!(
            "audit_log WHERE entity_id = '{id}' AND actor_role = 'admin'"
        )),
        1
    );
}

async fn codes_are_unique_over_every_brand(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (brand(0), brand(1));
    let team_a = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let team_b = staff(&app, "team@brand-b.in", Role::BrandUser, Some(&b)).await;

    let (status, _) = create(&app, &team_a, coupon("TAKEN")).await;
    assert_eq!(status, 201);
    for code in ["taken", " TAKEN ", "STYLE20"] {
        let (status, answer) = create(&app, &team_b, coupon(code)).await;
        assert_eq!(
            (status, error_code(&answer)),
            (409, "COUPON_CODE_TAKEN".to_owned()),
            "{code}"
        );
    }
    let (status, answer) = create(&app, &team_b, coupon("MINE")).await;
    assert_eq!(status, 201);
    let id = answer["coupon"]["_id"].as_str().expect("an id");
    let (status, answer) = patch(
        &app,
        &team_b,
        id,
        json!({"coupon_code": "taken", "version": 1}),
    )
    .await;
    assert_eq!(
        (status, error_code(&answer)),
        (409, "COUPON_CODE_TAKEN".to_owned())
    );
    assert_eq!(
        answer["error"],
        "The code TAKEN is already used by another coupon. Choose another code."
    );
    let (status, answer) = patch(
        &app,
        &team_b,
        id,
        json!({"coupon_code": "mine2", "version": 1}),
    )
    .await;
    assert_eq!(
        (status, answer["coupon"]["coupon_code"].clone()),
        (200, json!("MINE2"))
    );

    // Two brands creating one code at once: one wins, the other is told it is taken.
    let races = (0..4).map(|round| {
        let code = format!("RACE{round}");
        let (app, team_a, team_b) = (&app, &team_a, &team_b);
        async move {
            let (first, second) = tokio::join!(
                create(app, team_a, coupon(&code)),
                create(app, team_b, coupon(&code))
            );
            let mut statuses = [first.0, second.0];
            statuses.sort_unstable();
            assert_eq!(statuses, [201, 409], "{code}: {first:?} {second:?}");
            let loser = if first.0 == 409 { first.1 } else { second.1 };
            assert_eq!(error_code(&loser), "COUPON_CODE_TAKEN");
        }
    });
    futures_util::future::join_all(races).await;
    assert_eq!(app.count("coupons WHERE code LIKE 'RACE%'"), 4);
}

async fn edits_name_the_version_they_read(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = brand(0);
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let (_, created) = create(&app, &team, coupon("VERSIONED")).await;
    let id = created["coupon"]["_id"].as_str().expect("an id").to_owned();

    let (status, answer) = patch(&app, &team, &id, json!({"title": "No version"})).await;
    assert_eq!(
        (status, error_code(&answer)),
        (428, "VERSION_REQUIRED".to_owned())
    );
    let (status, _) = patch(&app, &team, "no-such-coupon", json!({"version": 1})).await;
    assert_eq!(status, 404);

    // If-Match stands for the body's version.
    let res = app
        .client
        .patch(app.url(&format!("/api/brand/coupons/{id}")))
        .bearer_auth(&team.token)
        .header("If-Match", "\"1\"")
        .json(&json!({"title": "Twelve off", "discount_value": 12}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200);
    let edited: Value = res.json().await.expect("json");
    assert_eq!(edited["coupon"]["discount_value"], 12);
    assert_eq!(
        edited["coupon"]["max_discount_amount"],
        json!({"$numberDecimal": "500.00"}),
        "kept"
    );

    // A second editor who read version 1 is refused with the coupon as it is now.
    let (status, stale) = patch(&app, &team, &id, json!({"title": "Late", "version": 1})).await;
    assert_eq!((status, error_code(&stale)), (409, "STALE_EDIT".to_owned()));
    assert_eq!(stale["current"]["version"], 2);
    assert_eq!(stale["current"]["title"], "Twelve off");
    let (status, _) = patch(
        &app,
        &team,
        &id,
        json!({"title": "x", "version": 2, "discount_value": 0}),
    )
    .await;
    assert_eq!(status, 400);
    let (_, list) = call(&app, Method::GET, "/api/brand/coupons", None, &team).await;
    let stored = list["coupons"]
        .as_array()
        .and_then(|l| l.iter().find(|c| c["_id"] == id.as_str()).cloned())
        .expect("listed");
    assert_eq!(
        (stored["title"].clone(), stored["version"].clone()),
        (json!("Twelve off"), json!(2)),
        "a refused edit writes nothing"
    );
}
