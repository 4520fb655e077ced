//! The brand console's products over HTTP, on both databases: creation and every field's
//! validation, ownership (brand A against brand B, shoppers, admins with and without a brand),
//! stale edits, stock writes (and racing checkouts), archiving (the shop stops showing the
//! product, bags and checkouts keep and name it), the audit trail and the change feed.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{add_address, add_to_bag, buy};
use crate::helpers::{Backend, Session, TestApp, demo, error_code, listed, paise, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    a_brand_creates_lists_and_edits_its_products,
    every_field_is_checked_and_named,
    other_brands_and_shoppers_are_kept_out,
    admins_name_the_brand,
    racing_edits_one_wins_and_the_other_sees_the_current_product,
    stock_is_set_size_by_size,
    an_edit_reaches_the_shop_through_the_change_feed,
    a_stock_edit_reaches_the_product_variants,
    archived_products_leave_the_shop_and_come_back_when_restored,
    a_stock_write_sets_what_is_on_sale_and_never_oversells,
    an_archived_product_stays_in_the_bag_and_checkout_names_it,
    an_open_checkout_keeps_its_units_and_places_its_order_after_an_archive,
    a_batch_of_writes_is_all_or_nothing,
);

/// A test server with two brands' teams, an admin and a shopper signed in.
struct Console {
    app: TestApp,
    brand_a: String,
    brand_b: String,
    team_a: Session,
    team_b: Session,
    admin: Session,
    shopper: Session,
    /// A subcategory of brand A's gender.
    category: String,
    /// A subcategory of another gender.
    other_gender_category: String,
}

async fn console(backend: Backend) -> Console {
    let app = spawn_app(backend).await;
    let brands: Vec<&catalogue::Brand> = demo()
        .brands
        .iter()
        .filter(|b| b.is_active && b.gender != catalogue::Gender::Unisex)
        .collect();
    let (a, b) = (brands[0], brands[1]);
    let store = app.store();
    let now = crate::helpers::test_now();
    for (email, role, brand) in [
        (
            "team-a@example.in",
            access::Role::BrandUser,
            Some(a.id.as_str()),
        ),
        (
            "team-b@example.in",
            access::Role::BrandUser,
            Some(b.id.as_str()),
        ),
        ("admin@example.in", access::Role::Admin, None),
    ] {
        api::admin::grant_role(&store, email, role, brand, now).expect("granted");
    }
    let category = demo()
        .categories
        .iter()
        .find(|c| c.gender == a.gender && c.parent_id.is_some())
        .expect("a subcategory")
        .id
        .clone();
    let other_gender_category = demo()
        .categories
        .iter()
        .find(|c| c.gender != a.gender && c.parent_id.is_some())
        .expect("a subcategory")
        .id
        .clone();
    Console {
        team_a: app.sign_in("team-a@example.in").await,
        team_b: app.sign_in("team-b@example.in").await,
        admin: app.sign_in("admin@example.in").await,
        shopper: app.sign_in("shopper@example.in").await,
        brand_a: a.id.clone(),
        brand_b: b.id.clone(),
        category,
        other_gender_category,
        app,
    }
}

impl Console {
    fn gender_a(&self) -> &'static str {
        demo()
            .brands
            .iter()
            .find(|b| b.id == self.brand_a)
            .expect("brand A")
            .gender
            .as_str()
    }

    /// A good creation body for brand A.
    fn body(&self, name: &str) -> Value {
        json!({
            "name": name,
            "description": "Handwoven in Phulia.",
            "price": "1499.50",
            "gender": self.gender_a(),
            "category": [self.category],
            "tags": ["handloom", "summer"],
            "color": "indigo",
            "specifications": {"pattern": "Solid", "fabric": "Cotton", "fit": "Regular"},
            "sizes": ["M", "S", "L"],
            "stock": {"S": 4, "M": 10},
            "offerPercentage": 10,
        })
    }

    async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        who: &Session,
    ) -> (u16, Value) {
        self.app.send_json(method, path, body, Some(who)).await
    }

    async fn create(&self, name: &str) -> Value {
        let (status, product) = self
            .call(
                Method::POST,
                "/api/brand/products",
                Some(self.body(name)),
                &self.team_a,
            )
            .await;
        assert_eq!(status, 201, "{product}");
        product
    }

    /// A listed demo product of brand A.
    fn demo_product(&self, skip: usize) -> &'static catalogue::Product {
        listed()
            .into_iter()
            .filter(|p| p.brand_id == self.brand_a)
            .nth(skip)
            .expect("a product of brand A")
    }
}

/// Polls `path` until `done` holds for its JSON, for at most 10 s.
async fn eventually(app: &TestApp, path: &str, done: impl Fn(u16, &Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, body) = app.get_json(path).await;
        if done(status, &body) {
            return body;
        }
        assert!(Instant::now() < deadline, "{path} never changed: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn search(app: &TestApp, query: &str) -> Vec<String> {
    let res = app
        .client
        .post(app.url("/api/products/search"))
        .json(&json!({ "query": query }))
        .send()
        .await
        .expect("request");
    let found: Value = res.json().await.expect("json");
    found
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|p| p["_id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

fn audit_rows(app: &TestApp, product: &str, action: &str) -> i64 {
    app.count(&format!(
        "audit_log WHERE entity = 'product' AND entity_id = '{product}' AND action = '{action}'"
    ))
}

async fn a_brand_creates_lists_and_edits_its_products(backend: Backend) {
    let c = console(backend).await;
    let product = c.create("Phulia Handloom Kurta").await;
    let id = product["_id"].as_str().expect("an id").to_owned();
    assert_eq!(product["version"], 1);
    assert_eq!(product["isActive"], true);
    assert_eq!(product["archived"], false);
    assert_eq!(product["archivedAt"], Value::Null);
    assert_eq!(product["imageSet"], json!([]));
    assert_eq!(product["brand"]["_id"], c.brand_a.as_str());
    assert_eq!(paise(&product["price"]), 149_950);
    assert_eq!(product["sizes"], json!(["S", "M", "L"]));
    assert_eq!(product["stock"], json!({"S": 4, "M": 10, "L": 0}));
    assert_eq!(product["category"][0]["_id"], c.category.as_str());
    assert_eq!(product["offerPercentage"], 10);
    assert_eq!(product["colour"], "indigo");
    assert_eq!(product["specifications"]["fabric"], "Cotton");
    assert_eq!(product["tags"], json!(["handloom", "summer"]));
    assert_eq!(audit_rows(&c.app, &id, "create"), 1);
    assert_eq!(
        c.app
            .count(&format!("catalogue_changes WHERE product_id = '{id}'")),
        1,
        "the creation is in the change feed"
    );

    // The list: the brand's own, searchable by name and tag, paged and sorted.
    let (status, list) = c
        .call(
            Method::GET,
            "/api/brand/products?search=handloom%20kurta",
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(
        (list["success"].clone(), list["total"].clone()),
        (json!(true), json!(1))
    );
    assert_eq!(list["products"][0]["_id"], id.as_str());
    let (_, by_tag) = c
        .call(
            Method::GET,
            "/api/brand/products?search=SUMMER",
            None,
            &c.team_a,
        )
        .await;
    assert!(
        by_tag["products"]
            .as_array()
            .expect("products")
            .iter()
            .any(|p| p["_id"] == id.as_str()),
        "a tag matches, ignoring case: {by_tag}"
    );
    let (_, page) = c
        .call(
            Method::GET,
            "/api/brand/products?limit=3&page=2&sort=price-high",
            None,
            &c.team_a,
        )
        .await;
    let own = listed().iter().filter(|p| p.brand_id == c.brand_a).count() as i64;
    assert!(page["total"].as_i64().expect("total") > own, "{page}");
    assert_eq!(
        (page["page"].clone(), page["limit"].clone()),
        (json!(2), json!(3))
    );
    let prices: Vec<i64> = page["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|p| paise(&p["price"]))
        .collect();
    let total = page["total"].as_i64().expect("total");
    assert_eq!(prices.len() as i64, (total - 3).min(3));
    assert!(prices.windows(2).all(|w| w[0] >= w[1]), "{prices:?}");
    assert!(
        page["products"]
            .as_array()
            .expect("products")
            .iter()
            .all(|p| p["brand"]["_id"] == c.brand_a.as_str()),
        "only the brand's own"
    );
    let (_, archived) = c
        .call(
            Method::GET,
            "/api/brand/products?status=archived",
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(archived["total"], 0, "{archived}");

    // An edit: some fields, at the version read.
    let (status, edited) = c
        .call(
            Method::PATCH,
            &format!("/api/brand/products/{id}"),
            Some(
                json!({"version": 1, "price": {"$numberDecimal": "1299.00"}, "isActive": false,
                        "sizes": ["S", "M"], "stock": {"S": 2}, "assignedCoupon": null}),
            ),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["version"], 2);
    assert_eq!(paise(&edited["price"]), 129_900);
    assert_eq!(edited["isActive"], false);
    assert_eq!(
        edited["stock"],
        json!({"S": 2, "M": 10}),
        "M kept its units, L dropped"
    );
    assert_eq!(
        edited["name"], "Phulia Handloom Kurta",
        "untouched fields stay"
    );
    assert_eq!(audit_rows(&c.app, &id, "update"), 1);
    let after: Value = serde_json::from_str(
        &c.app
            .store()
            .audit_entries(&store::AuditQuery {
                entity: Some("product".into()),
                limit: 1,
                ..store::AuditQuery::default()
            })
            .expect("audit")
            .0[0]
            .after
            .clone()
            .expect("an after"),
    )
    .expect("JSON");
    assert_eq!(
        (after["version"].clone(), after["isActive"].clone()),
        (json!(2), json!(false))
    );

    // A brand's coupon may be assigned; the list still shows a switched-off product.
    let coupon = c
        .app
        .store()
        .load_catalogue()
        .expect("catalogue")
        .rows
        .coupons
        .into_iter()
        .find(|k| k.brand_id.as_ref().map(|b| b.as_str()) == Some(c.brand_a.as_str()));
    if let Some(coupon) = coupon {
        let (status, with) = c
            .call(
                Method::PATCH,
                &format!("/api/brand/products/{id}"),
                Some(json!({"version": 2, "assignedCoupon": coupon.id})),
                &c.team_a,
            )
            .await;
        assert_eq!(status, 200, "{with}");
        assert_eq!(with["assigned_coupon"]["coupon_code"], coupon.code.as_str());
        assert_eq!(with["assignedCouponId"], coupon.id.as_str());
    }
    let (_, list) = c
        .call(
            Method::GET,
            "/api/brand/products?search=phulia",
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(list["products"][0]["isActive"], false);
}

async fn every_field_is_checked_and_named(backend: Backend) {
    let c = console(backend).await;
    let (status, refused) = c
        .call(
            Method::POST,
            "/api/brand/products",
            Some(json!({
                "name": " ", "description": "x".repeat(5001), "price": "12.345",
                "gender": "robot", "category": "c1", "tags": ["x".repeat(41)],
                "color": "y".repeat(101), "specifications": {"fit": 5},
                "sizes": ["M", "M"], "stock": {"M": -1, "XXXL": 2}, "offerPercentage": 95,
                "assignedCoupon": 7, "isActive": "maybe"
            })),
            &c.team_a,
        )
        .await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (400, "VALIDATION_FAILED"),
        "{refused}"
    );
    for field in [
        "name",
        "description",
        "price",
        "gender",
        "category",
        "tags",
        "color",
        "specifications.fit",
        "sizes",
        "stock.M",
        "stock.XXXL",
        "offerPercentage",
        "assignedCoupon",
        "isActive",
    ] {
        assert!(refused["fields"][field].is_string(), "{field} in {refused}");
    }
    assert_eq!(
        refused["fields"]["price"],
        "Price can have at most two decimals (whole paise)"
    );

    let (status, empty) = c
        .call(
            Method::POST,
            "/api/brand/products",
            Some(json!({})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 400);
    for field in ["name", "price", "gender", "category", "sizes"] {
        assert!(empty["fields"][field].is_string(), "{field} in {empty}");
    }

    // Records the database must hold: categories that exist and suit the gender, the brand's
    // own coupon.
    let mut body = c.body("Unknown category");
    body["category"] = json!(["no-such-category"]);
    let (status, unknown) = c
        .call(Method::POST, "/api/brand/products", Some(body), &c.team_a)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        unknown["fields"]["category"],
        "Category 'no-such-category' does not exist"
    );
    let mut body = c.body("Wrong gender");
    body["category"] = json!([c.other_gender_category]);
    let (status, wrong) = c
        .call(Method::POST, "/api/brand/products", Some(body), &c.team_a)
        .await;
    assert_eq!(status, 400);
    assert!(
        wrong["fields"]["category"]
            .as_str()
            .is_some_and(|m| m.contains("is for")),
        "{wrong}"
    );
    let other_coupon = c
        .app
        .store()
        .load_catalogue()
        .expect("catalogue")
        .rows
        .coupons
        .into_iter()
        .find(|k| k.brand_id.as_ref().map(|b| b.as_str()) != Some(c.brand_a.as_str()))
        .expect("a coupon not of brand A");
    let mut body = c.body("Borrowed coupon");
    body["assignedCoupon"] = json!(other_coupon.id);
    let (status, borrowed) = c
        .call(Method::POST, "/api/brand/products", Some(body), &c.team_a)
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        borrowed["fields"]["assignedCoupon"],
        "No coupon of this brand has that id"
    );

    // An edit is checked the same way, field by field, against the product's sizes.
    let product = c.create("Checked edits").await;
    let path = format!(
        "/api/brand/products/{}",
        product["_id"].as_str().expect("id")
    );
    let (status, bad) = c
        .call(
            Method::PATCH,
            &path,
            Some(json!({"version": 1, "price": 0, "name": ""})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 400, "{bad}");
    assert_eq!(bad["fields"]["price"], "Price must be more than zero");
    assert_eq!(bad["fields"]["name"], "Name is required");
    let (status, bad) = c
        .call(
            Method::PATCH,
            &path,
            Some(json!({"version": 1, "stock": {"XL": 1}})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 400, "{bad}");
    assert_eq!(
        bad["fields"]["stock.XL"],
        "'XL' is not one of the product's sizes"
    );
    let (status, bad) = c
        .call(
            Method::PATCH,
            &path,
            Some(json!({"version": 1, "gender": "unisex"})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 400, "a gender its categories do not suit: {bad}");
    assert!(bad["fields"]["category"].is_string());

    // The list's query.
    let (status, bad) = c
        .call(
            Method::GET,
            "/api/brand/products?page=0&limit=500&status=gone&sort=cheapest",
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(status, 400);
    for field in ["page", "limit", "status", "sort"] {
        assert!(bad["fields"][field].is_string(), "{field} in {bad}");
    }
    assert_eq!(
        c.app.count("audit_log"),
        1,
        "only the one creation was written"
    );
}

async fn other_brands_and_shoppers_are_kept_out(backend: Backend) {
    let c = console(backend).await;
    let product = c.create("Brand A only").await;
    let id = product["_id"].as_str().expect("id");
    let path = format!("/api/brand/products/{id}");
    let stock = format!("{path}/stock");
    let calls = [
        (Method::GET, path.as_str(), None),
        (
            Method::PATCH,
            path.as_str(),
            Some(json!({"version": 1, "name": "Taken"})),
        ),
        (
            Method::PUT,
            stock.as_str(),
            Some(json!({"stock": {"M": 1}})),
        ),
        (Method::DELETE, path.as_str(), None),
    ];
    for (method, path, body) in &calls {
        let (status, answer) = c.call(method.clone(), path, body.clone(), &c.team_b).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (404, Some("Product not found.")),
            "brand B {method} {path}"
        );
        let (status, answer) = c.call(method.clone(), path, body.clone(), &c.shopper).await;
        assert_eq!(
            (status, error_code(&answer).as_str()),
            (403, "FORBIDDEN"),
            "shopper {method}"
        );
        let res = c.app.send(method.clone(), path, body.clone(), None).await;
        assert_eq!(res.status().as_u16(), 401, "anonymous {method}");
    }
    let (status, _) = c
        .call(Method::GET, "/api/brand/products", None, &c.shopper)
        .await;
    assert_eq!(status, 403);
    let (status, _) = c
        .call(
            Method::POST,
            "/api/brand/products",
            Some(c.body("Shopper's")),
            &c.shopper,
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = c
        .call(
            Method::GET,
            &format!("/api/brand/products?brandId={}", c.brand_a),
            None,
            &c.team_b,
        )
        .await;
    assert_eq!(status, 404, "brand B cannot list brand A's");
    let mut body = c.body("Into A");
    body["brandId"] = json!(c.brand_a);
    let (status, _) = c
        .call(Method::POST, "/api/brand/products", Some(body), &c.team_b)
        .await;
    assert_eq!(status, 404, "brand B cannot create for brand A");
    let (_, list) = c
        .call(
            Method::GET,
            "/api/brand/products?search=brand%20a%20only",
            None,
            &c.team_b,
        )
        .await;
    assert_eq!(list["total"], 0, "brand B's list does not show it");
    let (_, again) = c
        .call(
            Method::GET,
            "/api/brand/products?search=brand%20a%20only",
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(again["products"][0]["version"], 1, "nothing changed it");
    assert_eq!(c.app.count("audit_log"), 1);
}

async fn admins_name_the_brand(backend: Backend) {
    let c = console(backend).await;
    let (status, refused) = c
        .call(
            Method::POST,
            "/api/brand/products",
            Some(c.body("Whose?")),
            &c.admin,
        )
        .await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (400, "BRAND_REQUIRED")
    );
    let mut body = c.body("Admin made");
    body["brandId"] = json!(c.brand_a);
    let (status, made) = c
        .call(Method::POST, "/api/brand/products", Some(body), &c.admin)
        .await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["brand"]["_id"], c.brand_a.as_str());
    let mut body = c.body("Nobody's");
    body["brandId"] = json!("no-such-brand");
    let (status, _) = c
        .call(Method::POST, "/api/brand/products", Some(body), &c.admin)
        .await;
    assert_eq!(status, 404);

    let (_, everyone) = c
        .call(Method::GET, "/api/brand/products?limit=100", None, &c.admin)
        .await;
    let brands: std::collections::HashSet<&str> = everyone["products"]
        .as_array()
        .expect("products")
        .iter()
        .filter_map(|p| p["brand"]["_id"].as_str())
        .collect();
    assert!(
        brands.len() > 1,
        "an admin naming no brand lists every brand's"
    );
    let (_, only_b) = c
        .call(
            Method::GET,
            &format!("/api/brand/products?brandId={}&limit=100", c.brand_b),
            None,
            &c.admin,
        )
        .await;
    assert!(
        only_b["products"]
            .as_array()
            .expect("products")
            .iter()
            .all(|p| p["brand"]["_id"] == c.brand_b.as_str()),
        "{only_b}"
    );
    let id = made["_id"].as_str().expect("id");
    let (status, edited) = c
        .call(
            Method::PATCH,
            &format!("/api/brand/products/{id}"),
            Some(json!({"version": 1, "name": "Admin edited"})),
            &c.admin,
        )
        .await;
    assert_eq!(
        (status, edited["name"].as_str()),
        (200, Some("Admin edited"))
    );
    assert_eq!(
        c.app.count(&format!(
            "audit_log WHERE entity_id = '{id}' AND actor_role = 'admin' AND brand_id = '{}'",
            c.brand_a
        )),
        2
    );
}

async fn racing_edits_one_wins_and_the_other_sees_the_current_product(backend: Backend) {
    let c = console(backend).await;
    let product = c.create("Raced").await;
    let path = format!(
        "/api/brand/products/{}",
        product["_id"].as_str().expect("id")
    );
    let (first, second) = tokio::join!(
        c.call(
            Method::PATCH,
            &path,
            Some(json!({"version": 1, "name": "First"})),
            &c.team_a
        ),
        c.call(
            Method::PATCH,
            &path,
            Some(json!({"version": 1, "name": "Second"})),
            &c.team_a
        ),
    );
    let mut outcomes = [first, second];
    outcomes.sort_by_key(|(status, _)| *status);
    let [(won, winner), (lost, stale)] = outcomes;
    assert_eq!((won, lost), (200, 409), "{winner} {stale}");
    assert_eq!(error_code(&stale), "STALE_EDIT");
    assert_eq!(stale["current"]["version"], 2);
    assert_eq!(stale["current"]["name"], winner["name"]);

    let (status, missing) = c
        .call(
            Method::PATCH,
            &path,
            Some(json!({"name": "No version"})),
            &c.team_a,
        )
        .await;
    assert_eq!(
        (status, error_code(&missing).as_str()),
        (428, "VERSION_REQUIRED")
    );
    let res = c
        .app
        .client
        .patch(c.app.url(&path))
        .bearer_auth(&c.team_a.token)
        .header("If-Match", "\"2\"")
        .json(&json!({"name": "By If-Match"}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200);
    let res = c
        .app
        .client
        .patch(c.app.url(&path))
        .bearer_auth(&c.team_a.token)
        .header("If-Match", "soon")
        .json(&json!({"name": "Bad tag"}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 400);
    let (status, old) = c
        .call(
            Method::PATCH,
            &path,
            Some(json!({"version": 2, "name": "Old read"})),
            &c.team_a,
        )
        .await;
    assert_eq!(
        (status, old["current"]["name"].as_str()),
        (409, Some("By If-Match"))
    );
}

async fn stock_is_set_size_by_size(backend: Backend) {
    let c = console(backend).await;
    let product = c.create("Restocked").await;
    let id = product["_id"].as_str().expect("id");
    let path = format!("/api/brand/products/{id}/stock");
    let (status, restocked) = c
        .call(
            Method::PUT,
            &path,
            Some(json!({"stock": {"L": 7, "S": 0}})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{restocked}");
    assert_eq!(restocked["stock"], json!({"S": 0, "M": 10, "L": 7}));
    assert_eq!(restocked["version"], 2);
    assert_eq!(audit_rows(&c.app, id, "stock"), 1);
    for (body, field) in [
        (json!({"stock": {"XL": 1}}), "stock.XL"),
        (json!({"stock": {"M": 100_001}}), "stock.M"),
        (json!({"stock": {"M": 2.5}}), "stock.M"),
        (json!({"stock": {"M": -1}}), "stock.M"),
        (json!({"stock": {}}), "stock"),
        (json!({}), "stock"),
    ] {
        let (status, refused) = c
            .call(Method::PUT, &path, Some(body.clone()), &c.team_a)
            .await;
        assert_eq!(status, 400, "{body}: {refused}");
        assert!(refused["fields"][field].is_string(), "{field} in {refused}");
    }
    let (status, most) = c
        .call(
            Method::PUT,
            &path,
            Some(json!({"stock": {"M": 100_000}})),
            &c.team_a,
        )
        .await;
    assert_eq!((status, most["stock"]["M"].clone()), (200, json!(100_000)));
}

async fn an_edit_reaches_the_shop_through_the_change_feed(backend: Backend) {
    let c = console(backend).await;
    let product = c.demo_product(0);
    let (status, edited) = c
        .call(
            Method::PATCH,
            &format!("/api/brand/products/{}", product.id),
            Some(json!({"version": 1, "name": "Zardozi Console Sherwani", "price": 2222})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    let detail = eventually(
        &c.app,
        &format!("/api/products/id/{}", product.id),
        |_, p| p["name"] == "Zardozi Console Sherwani",
    )
    .await;
    assert_eq!(paise(&detail["price"]), 222_200);
    assert!(
        search(&c.app, "zardozi console")
            .await
            .contains(&product.id)
    );

    let created = c.create("Kantha Console Jacket").await;
    let id = created["_id"].as_str().expect("id").to_owned();
    eventually(&c.app, &format!("/api/products/id/{id}"), |status, _| {
        status == 200
    })
    .await;
    assert!(search(&c.app, "kantha console").await.contains(&id));
}

async fn a_stock_edit_reaches_the_product_variants(backend: Backend) {
    let c = console(backend).await;
    let product = c.demo_product(2);
    let size = product.stock[0].0.clone();
    let (status, restocked) = c
        .call(
            Method::PUT,
            &format!("/api/brand/products/{}/stock", product.id),
            Some(json!({"stock": {&size: 3}})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{restocked}");
    let detail = eventually(
        &c.app,
        &format!("/api/products/id/{}", product.id),
        |_, p| p["stock"][&size] == 3,
    )
    .await;
    crate::products::assert_variants_match(&detail);
    assert_eq!(
        detail["product_variants"][0]["sizes"][0],
        json!({"size": size, "stock": 3})
    );
}

async fn archived_products_leave_the_shop_and_come_back_when_restored(backend: Backend) {
    let c = console(backend).await;
    let product = c.demo_product(1);
    let detail = format!("/api/products/id/{}", product.id);
    let word = product
        .name
        .split_whitespace()
        .last()
        .expect("a word")
        .to_lowercase();
    assert!(
        search(&c.app, &product.name).await.contains(&product.id),
        "{word}"
    );
    let (status, archived) = c
        .call(
            Method::DELETE,
            &format!("/api/brand/products/{}", product.id),
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{archived}");
    assert_eq!(
        (archived["archived"].clone(), archived["version"].clone()),
        (json!(true), json!(2))
    );
    assert!(archived["archivedAt"].is_string());
    eventually(&c.app, &detail, |status, _| status == 404).await;
    assert!(!search(&c.app, &product.name).await.contains(&product.id));
    let (_, list) = c
        .get_list(&format!("/api/products?brand={}&limit=200", c.brand_a))
        .await;
    assert!(!list.contains(&product.id));
    let (_, archived_list) = c
        .call(
            Method::GET,
            "/api/brand/products?status=archived",
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(archived_list["products"][0]["_id"], product.id.as_str());
    assert_eq!(audit_rows(&c.app, &product.id, "archive"), 1);
    let (status, one) = c
        .call(
            Method::GET,
            &format!("/api/brand/products/{}", product.id),
            None,
            &c.team_a,
        )
        .await;
    assert_eq!((status, one["archived"].clone()), (200, json!(true)));

    let (status, restored) = c
        .call(
            Method::PATCH,
            &format!("/api/brand/products/{}", product.id),
            Some(json!({"version": 2, "archived": false})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(
        (restored["archived"].clone(), restored["archivedAt"].clone()),
        (json!(false), Value::Null)
    );
    assert_eq!(audit_rows(&c.app, &product.id, "restore"), 1);
    eventually(&c.app, &detail, |status, _| status == 200).await;

    // Switched off is hidden too.
    let (status, _) = c
        .call(
            Method::PATCH,
            &format!("/api/brand/products/{}", product.id),
            Some(json!({"version": 3, "isActive": false})),
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200);
    eventually(&c.app, &detail, |status, _| status == 404).await;
}

impl Console {
    async fn get_list(&self, path: &str) -> (u16, Vec<String>) {
        let (status, list) = self.app.get_json(path).await;
        let ids = list
            .as_array()
            .or_else(|| list["products"].as_array())
            .map(|l| {
                l.iter()
                    .filter_map(|p| p["_id"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        (status, ids)
    }
}

/// The units of `size` of `product` on sale, as stored.
fn on_sale(app: &TestApp, product: &str, size: &str) -> i64 {
    app.store()
        .products_by_ids(&[store::ids::ProductId::new(product)])
        .expect("read")
        .first()
        .and_then(|p| {
            p.stock
                .iter()
                .find(|(s, _)| s == size)
                .map(|(_, n)| i64::from(*n))
        })
        .expect("the size")
}

async fn a_stock_write_sets_what_is_on_sale_and_never_oversells(backend: Backend) {
    let c = console(backend).await;
    let product = c.demo_product(2);
    let size = product.sizes[0].clone();
    let stock_path = format!("/api/brand/products/{}/stock", product.id);
    let set = |units: u32| {
        let body = json!({"stock": {size.clone(): units}});
        c.call(Method::PUT, &stock_path, Some(body), &c.team_a)
    };
    assert_eq!(set(3).await.0, 200);
    eventually(
        &c.app,
        &format!("/api/products/id/{}", product.id),
        |_, p| p["stock"][&size] == 3,
    )
    .await;

    // A checkout holding a unit keeps it; the PUT sets the units still on sale.
    let first = c.app.sign_in("first@example.in").await;
    let address = add_address(&c.app, &first, "400001").await;
    let request = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                         "addressId": address, "speed": "standard"});
    let (status, quote) = c
        .app
        .send_json(
            Method::POST,
            "/api/checkout/quote",
            Some(request.clone()),
            Some(&first),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    let mut opened_body = request.clone();
    opened_body["amount"] = quote["total"].clone();
    opened_body["currency"] = json!("INR");
    let (status, opened) = c
        .app
        .send_json(
            Method::POST,
            "/api/payments/create-order",
            Some(opened_body),
            Some(&first),
        )
        .await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(on_sale(&c.app, &product.id, &size), 2);
    assert_eq!(set(1).await.0, 200);
    assert_eq!(
        on_sale(&c.app, &product.id, &size),
        1,
        "the reserved unit is not on sale"
    );

    // Racing: buyers press Pay while the brand sets the stock again.
    const BUYERS: usize = 6;
    let mut buyers = Vec::new();
    for n in 0..BUYERS {
        let shopper = c.app.sign_in(&format!("racer{n}@example.in")).await;
        let address = add_address(&c.app, &shopper, "400001").await;
        buyers.push((shopper, address));
    }
    assert_eq!(set(4).await.0, 200);
    eventually(
        &c.app,
        &format!("/api/products/id/{}", product.id),
        |_, p| p["stock"][&size] == 4,
    )
    .await;
    let mut bodies = Vec::new();
    for (shopper, address) in &buyers {
        let request = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                             "addressId": address, "speed": "standard"});
        let (status, quote) = c
            .app
            .send_json(
                Method::POST,
                "/api/checkout/quote",
                Some(request.clone()),
                Some(shopper),
            )
            .await;
        assert_eq!(status, 200, "{quote}");
        let mut body = request;
        body["amount"] = quote["total"].clone();
        body["currency"] = json!("INR");
        bodies.push((shopper, body));
    }
    let pays = futures_util::future::join_all(bodies.into_iter().map(|(shopper, body)| {
        let app = &c.app;
        async move {
            app.send_json(
                Method::POST,
                "/api/payments/create-order",
                Some(body),
                Some(shopper),
            )
            .await
        }
    }));
    let (outcomes, (restock, _)) = tokio::join!(pays, set(2));
    assert_eq!(restock, 200);
    let won = outcomes.iter().filter(|(status, _)| *status == 200).count() as i64;
    for (status, answer) in outcomes.iter().filter(|(status, _)| *status != 200) {
        assert_eq!(
            (*status, error_code(answer).as_str()),
            (409, "OUT_OF_STOCK"),
            "{answer}"
        );
    }
    let left = on_sale(&c.app, &product.id, &size);
    assert!(left >= 0);
    // Units ever on sale: the 4 before the race, or the 2 the PUT set (after some were taken).
    assert!(
        won + left <= 4 + 2 && left <= 2 && won <= 4 + 2,
        "won {won}, left {left}"
    );
    assert_eq!(
        c.app.count(&format!(
            "order_lines l JOIN orders o ON o.id = l.order_id WHERE o.stage = 'reserved' AND l.product_id = '{}'",
            product.id
        )),
        won + 1,
        "every winner holds a unit, and so does the first checkout"
    );

    // The first checkout still places its order with the unit it held.
    let (order, _) = buy(&c.app, &first, &request).await;
    assert!(!order.is_empty());
}

async fn archive(c: &Console, product: &str) {
    let (status, archived) = c
        .call(
            Method::DELETE,
            &format!("/api/brand/products/{product}"),
            None,
            &c.team_a,
        )
        .await;
    assert_eq!(status, 200, "{archived}");
    eventually(
        &c.app,
        &format!("/api/products/id/{product}"),
        |status, _| status == 404,
    )
    .await;
}

async fn an_archived_product_stays_in_the_bag_and_checkout_names_it(backend: Backend) {
    let c = console(backend).await;
    let (kept, gone) = (c.demo_product(3), c.demo_product(4));
    let size = |p: &catalogue::Product| {
        p.stock
            .iter()
            .find(|(_, n)| *n > 2)
            .expect("a size in stock")
            .0
            .clone()
    };
    let (kept_size, gone_size) = (size(kept), size(gone));
    add_to_bag(&c.app, &c.shopper, gone, &gone_size, 2).await;
    add_to_bag(&c.app, &c.shopper, kept, &kept_size, 1).await;
    let address = add_address(&c.app, &c.shopper, "400001").await;
    archive(&c, &gone.id).await;

    let (status, bag) = c.call(Method::GET, "/api/cart", None, &c.shopper).await;
    assert_eq!(status, 200, "{bag}");
    let items = bag["items"].as_array().expect("items");
    assert_eq!(items.len(), 2, "the archived line stays: {bag}");
    let line = items
        .iter()
        .find(|i| i["product"]["_id"] == gone.id.as_str())
        .expect("the archived line");
    assert_eq!(line["available"], false);
    assert_eq!(
        line["unavailableReason"],
        "This item is no longer available. Remove it from your bag."
    );
    assert_eq!(
        (line["quantity"].clone(), line["inStock"].clone()),
        (json!(2), json!(0))
    );
    assert_eq!(paise(&line["lineTotal"]), 0);
    assert_eq!(line["product"]["name"], gone.name.as_str());
    let on_sale = items
        .iter()
        .find(|i| i["product"]["_id"] == kept.id.as_str())
        .expect("the line on sale");
    assert_eq!(on_sale["available"], true);
    assert_eq!(bag["totalItems"], 1, "the archived line counts in no total");
    assert_eq!(paise(&bag["totalAmount"]), paise(&on_sale["lineTotal"]));

    // Checkout refuses it by name; its quantity cannot be raised; another change keeps it.
    let request = json!({"source": "bag", "addressId": address, "speed": "standard"});
    let (status, refused) = c
        .call(
            Method::POST,
            "/api/checkout/quote",
            Some(request.clone()),
            &c.shopper,
        )
        .await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (422, "PRODUCT_UNAVAILABLE"),
        "{refused}"
    );
    assert_eq!(
        refused["error"],
        format!(
            "{} is no longer available. Remove it from your bag to check out.",
            gone.name
        )
    );
    let (status, opened) = c
        .call(
            Method::POST,
            "/api/payments/create-order",
            Some(
                json!({"source": "bag", "addressId": address, "speed": "standard",
                        "amount": 1000, "currency": "INR"}),
            ),
            &c.shopper,
        )
        .await;
    assert_eq!(
        (status, error_code(&opened).as_str()),
        (422, "PRODUCT_UNAVAILABLE")
    );
    let gone_line = format!("/api/cart/items/{}/{gone_size}", gone.id);
    let (status, raised) = c
        .call(
            Method::PUT,
            &gone_line,
            Some(json!({"quantity": 3})),
            &c.shopper,
        )
        .await;
    assert_eq!(
        (status, error_code(&raised).as_str()),
        (422, "PRODUCT_UNAVAILABLE")
    );
    let (status, changed) = c
        .call(
            Method::PUT,
            &format!("/api/cart/items/{}/{kept_size}", kept.id),
            Some(json!({"quantity": 2})),
            &c.shopper,
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(
        changed["items"].as_array().expect("items").len(),
        2,
        "{changed}"
    );

    // Taken out, the bag checks out.
    let (status, removed) = c.call(Method::DELETE, &gone_line, None, &c.shopper).await;
    assert_eq!(status, 200, "{removed}");
    assert_eq!(removed["items"].as_array().expect("items").len(), 1);
    let (status, quote) = c
        .call(
            Method::POST,
            "/api/checkout/quote",
            Some(request),
            &c.shopper,
        )
        .await;
    assert_eq!(status, 200, "{quote}");
}

async fn an_open_checkout_keeps_its_units_and_places_its_order_after_an_archive(backend: Backend) {
    let c = console(backend).await;
    let product = c.demo_product(5);
    let size = product
        .stock
        .iter()
        .find(|(_, n)| *n > 2)
        .expect("stock")
        .0
        .clone();
    let before = on_sale(&c.app, &product.id, &size);
    let address = add_address(&c.app, &c.shopper, "400001").await;
    let request = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                         "addressId": address, "speed": "standard"});
    let (status, quote) = c
        .call(
            Method::POST,
            "/api/checkout/quote",
            Some(request.clone()),
            &c.shopper,
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    let mut body = request.clone();
    body["amount"] = quote["total"].clone();
    body["currency"] = json!("INR");
    let (status, opened) = c
        .call(
            Method::POST,
            "/api/payments/create-order",
            Some(body),
            &c.shopper,
        )
        .await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(on_sale(&c.app, &product.id, &size), before - 1);

    archive(&c, &product.id).await;
    assert_eq!(
        on_sale(&c.app, &product.id, &size),
        before - 1,
        "the unit stays reserved"
    );
    // A new checkout of it is refused; the open one is paid and placed with the unit it held.
    let (status, _) = c
        .call(
            Method::POST,
            "/api/checkout/quote",
            Some(request),
            &c.shopper,
        )
        .await;
    assert_eq!(status, 404);
    let (status, paid) = c
        .call(
            Method::POST,
            "/api/payments/sandbox/pay",
            Some(
                json!({"orderId": opened["order"]["id"], "cardNumber": "4111 1111 1111 1111",
                        "expiry": "12/30", "cvv": "123", "name": "Asha Rao"}),
            ),
            &c.shopper,
        )
        .await;
    assert_eq!(status, 200, "{paid}");
    let (status, verified) = c
        .call(Method::POST, "/api/payments/verify", Some(paid), &c.shopper)
        .await;
    assert_eq!(status, 200, "{verified}");
    let order = verified["orderId"].as_str().expect("an order id");
    assert_eq!(
        c.app.count(&format!(
            "order_lines WHERE order_id = '{order}' AND product_id = '{}'",
            product.id
        )),
        1,
        "the order keeps its line"
    );
    assert_eq!(on_sale(&c.app, &product.id, &size), before - 1);
}

/// The store's batch write (an import's): creations and edits in one transaction, each with
/// its change-feed entry and audit row, or nothing when an edit is stale.
async fn a_batch_of_writes_is_all_or_nothing(backend: Backend) {
    let c = console(backend).await;
    let store = c.app.store();
    let existing = c.create("Batch edited").await;
    let id = existing["_id"].as_str().expect("id").to_owned();
    let before = store.console_product(&id).expect("read").expect("there");
    let content = |name: &str| store::ProductContent {
        name: name.to_owned(),
        ..store::ProductContent {
            name: String::new(),
            description: String::new(),
            gender: c.gender_a().to_owned(),
            price_paise: 99_900,
            offer_percentage: 0,
            colour: "red".into(),
            specifications: before.record.specifications.clone(),
            assigned_coupon_id: None,
            is_active: true,
            category_ids: vec![store::ids::CategoryId::new(c.category.as_str())],
            tags: vec!["batch".into()],
            sizes: vec!["M".into()],
        }
    };
    let now = crate::helpers::test_now().naive_utc();
    let new = |name: &str| store::NewProduct {
        id: store::ids::ProductId::new(uuid::Uuid::now_v7().to_string()),
        brand_id: store::ids::BrandId::new(c.brand_a.as_str()),
        created_at: now,
        content: content(name),
        stock: vec![("M".into(), 5)],
    };
    let update = |version: i64| store::ProductUpdate {
        id: store::ids::ProductId::new(id.as_str()),
        brand: Some(c.brand_a.clone()),
        expected_version: Some(version),
        edit: store::ProductEdit {
            content: content("Batch renamed"),
            stock: Vec::new(),
            archived_at: None,
        },
    };
    let audit = |action: &str, product: &store::ConsoleProduct| store::NewAudit {
        at: now,
        actor_id: c.team_a.id(),
        actor_email: None,
        actor_role: "brand".into(),
        brand_id: Some(c.brand_a.clone()),
        action: action.to_owned(),
        entity: "product".into(),
        entity_id: product.record.id.to_string(),
        before: None,
        after: None,
    };
    let audits = c.app.count("audit_log");
    let refused = store
        .save_products(
            &[new("Batch one")],
            &[update(7)],
            now,
            |p| audit("import", p),
            |_, a| audit("import", a),
        )
        .expect("no store failure");
    assert!(
        matches!(&refused, Err(store::Refused { at: 0, outcome })
            if matches!(outcome.as_ref(), store::Edited::Stale(current) if current.record.version == 1)),
        "{refused:?}"
    );
    assert_eq!(
        c.app.count("products WHERE name = 'Batch one'"),
        0,
        "nothing written"
    );
    assert_eq!(c.app.count("audit_log"), audits);

    let saved = store
        .save_products(
            &[new("Batch one"), new("Batch two")],
            &[update(1)],
            now,
            |p| audit("import", p),
            |_, a| audit("import", a),
        )
        .expect("no store failure")
        .expect("saved");
    assert_eq!((saved.created.len(), saved.updated.len()), (2, 1));
    assert_eq!(saved.updated[0].record.name, "Batch renamed");
    assert_eq!(saved.updated[0].record.version, 2);
    assert_eq!(
        saved.updated[0].record.stock,
        vec![("M".to_owned(), 10)],
        "a kept size keeps its units; S and L dropped"
    );
    assert_eq!(c.app.count("audit_log"), audits + 3);
    assert_eq!(c.app.count("products WHERE name LIKE 'Batch %'"), 3);
}
