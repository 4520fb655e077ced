//! Brand applications (docs/http-api.md, "Brand applications"): a shopper applies, an admin
//! approves (the brand and its team in one transaction) or rejects with a reason; the
//! applicant is mailed either way; the bank account is never stored in plain text.

use reqwest::Method;
use serde_json::{Value, json};

use crate::admin_users::{admin, brand_user, demo_brand, refused_to_non_admins, shopper};
use crate::helpers::{Backend, Session, TestApp, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    a_shopper_applies_and_the_account_is_sealed,
    every_field_is_checked_by_the_shared_vectors,
    one_pending_application_per_shopper,
    approval_makes_the_brand_and_its_team,
    rejection_mails_the_reason,
    only_admins_decide_and_only_shoppers_apply,
    a_taken_brand_name_is_refused,
    applications_are_limited_per_day,
    two_admins_approving_at_once_make_one_brand,
);

const ACCOUNT: &str = "501001234567";

/// A complete, valid application.
fn body(name: &str) -> Value {
    json!({
        "name": name,
        "gender": "female",
        "contactName": "Asha Rao",
        "contactEmail": "asha@kora.in",
        "contactPhone": "+91 98765 43210",
        "gstin": "27AAPFU0939F1ZV",
        "pan": "aapfu0939f",
        "bankAccount": ACCOUNT,
        "ifsc": "HDFC0001234",
        "pickupAddress": "12 Mint Road, Fort",
        "pickupPincode": "400001",
        "returnPolicy": "Returns within 7 days, unworn, tags on.",
        "shippingPolicy": "Ships in 2 days from Mumbai."
    })
}

async fn apply(app: &TestApp, who: &Session, body: Value) -> (u16, Value) {
    app.send_json(
        Method::POST,
        "/api/brand-applications",
        Some(body),
        Some(who),
    )
    .await
}

async fn applied(app: &TestApp, who: &Session, name: &str) -> String {
    let (status, answer) = apply(app, who, body(name)).await;
    assert_eq!(status, 201, "{answer}");
    answer["application"]["_id"]
        .as_str()
        .expect("an id")
        .to_owned()
}

async fn decide(
    app: &TestApp,
    by: &Session,
    id: &str,
    verb: &str,
    body: Option<Value>,
) -> (u16, Value) {
    app.send_json(
        Method::POST,
        &format!("/api/admin/brand-applications/{id}/{verb}"),
        body,
        Some(by),
    )
    .await
}

async fn reject(app: &TestApp, by: &Session, id: &str, reason: &str) -> (u16, Value) {
    decide(app, by, id, "reject", Some(json!({ "reason": reason }))).await
}

/// `GET /api/brand-applications/mine` as `who` (200).
async fn my_applications(app: &TestApp, who: &Session) -> Value {
    let (status, answer) = app
        .send_json(Method::GET, "/api/brand-applications/mine", None, Some(who))
        .await;
    assert_eq!(status, 200, "{answer}");
    answer
}

/// `GET /api/admin/brand-applications?status=` as `by`.
async fn listed(app: &TestApp, by: &Session, status: &str) -> (u16, Value) {
    app.send_json(
        Method::GET,
        &format!("/api/admin/brand-applications?status={status}"),
        None,
        Some(by),
    )
    .await
}

/// The status `GET /api/brand/products` answers `who`: 403 until they are a brand's team.
async fn brand_console_status(app: &TestApp, who: &Session) -> u16 {
    app.send_json(Method::GET, "/api/brand/products", None, Some(who))
        .await
        .0
}

async fn a_shopper_applies_and_the_account_is_sealed(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = shopper(&app, "asha@example.in").await;
    let (status, answer) = apply(&app, &asha, body("Kora Studio")).await;
    assert_eq!(status, 201, "{answer}");
    let a = &answer["application"];
    assert_eq!(a["status"], "pending");
    assert_eq!(a["name"], "Kora Studio");
    assert_eq!(a["gender"], "female");
    assert_eq!(a["pan"], "AAPFU0939F", "read in capitals");
    assert_eq!(a["contactPhone"], "9876543210");
    assert_eq!(a["bankAccount"], "XXXXXXXX4567", "masked");
    assert_eq!(a["pickupCity"], "Mumbai");
    assert_eq!(a["pickupState"], "Maharashtra");
    assert_eq!(a["applicant"]["_id"], asha.user["_id"]);
    assert_eq!(a["applicant"]["email"], "asha@example.in");
    assert_eq!(a["reason"], Value::Null);
    assert_eq!(a["brandId"], Value::Null);
    assert_eq!(a["decidedAt"], Value::Null);
    assert_eq!(a["createdAt"], "2026-11-23T10:00:00Z");
    assert!(!answer.to_string().contains(ACCOUNT));

    let mine = my_applications(&app, &asha).await;
    assert_eq!(mine["applications"][0]["_id"], a["_id"]);
    assert!(!mine.to_string().contains(ACCOUNT));

    // The database holds no plain account number: not in any column of the row.
    let columns = "id || applicant_id || applicant_email || name || gender || contact_name || \
                   contact_email || contact_phone || gstin || pan || bank_account_sealed || \
                   bank_account_masked || ifsc || pickup_address || pickup_pincode || \
                   pickup_city || pickup_state || return_policy || shipping_policy || status";
    assert_eq!(app.count("brand_applications"), 1);
    assert_eq!(
        app.count(&format!(
            "brand_applications WHERE {columns} LIKE '%{ACCOUNT}%'"
        )),
        0
    );
    // It opens under the data key, for its own row only.
    let records = app.store().applications(None).expect("read");
    let sealed = &records[0].bank_account_sealed;
    let hex = std::fs::read_to_string(app.data_dir().join("data.key")).expect("a generated key");
    let bytes = api::secret_file::unhex(hex.trim()).expect("hex");
    let key = api::services::applications::sealing::DataKey::from_bytes(
        &bytes.try_into().expect("32 bytes"),
    );
    assert_eq!(key.open(sealed, &records[0].id).as_deref(), Some(ACCOUNT));
    assert_eq!(key.open(sealed, "another-row"), None);
}

#[derive(serde::Deserialize)]
struct Vector {
    value: String,
    valid: bool,
    gstin: Option<String>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Vectors {
    gstin: Vec<Vector>,
    pan: Vec<Vector>,
    ifsc: Vec<Vector>,
    bank_account: Vec<Vector>,
    mobile: Vec<Vector>,
}

async fn every_field_is_checked_by_the_shared_vectors(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = shopper(&app, "vectors@example.in").await;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../crates/validation/tests/vectors/india-ids.json"
    );
    let vectors: Vectors =
        serde_json::from_str(&std::fs::read_to_string(path).expect("vectors")).expect("parse");
    let groups = [
        ("gstin", &vectors.gstin),
        ("pan", &vectors.pan),
        ("ifsc", &vectors.ifsc),
        ("bankAccount", &vectors.bank_account),
        ("contactPhone", &vectors.mobile),
    ];
    for (field, vectors) in groups {
        for v in vectors {
            // The name is left out, so nothing is ever created: only the field is judged.
            let mut sent = body("");
            sent[field] = json!(v.value);
            if field == "pan" {
                sent["gstin"] = json!(v.gstin.clone().unwrap_or_else(|| "".into()));
            }
            let (status, answer) = apply(&app, &asha, sent).await;
            assert_eq!(status, 400, "{field} {:?}: {answer}", v.value);
            assert_eq!(error_code(&answer), "VALIDATION_FAILED");
            assert!(answer["fields"]["name"].is_string(), "{answer}");
            assert_eq!(
                answer["fields"].get(field).is_some(),
                !v.valid,
                "{field} {:?}: {answer}",
                v.value
            );
        }
    }

    // Every field is named when nothing is sent; a pincode the directory does not know is
    // refused at its field.
    let (status, answer) = apply(&app, &asha, json!({})).await;
    assert_eq!(status, 400);
    for field in [
        "name",
        "contactName",
        "contactEmail",
        "contactPhone",
        "gstin",
        "pan",
        "bankAccount",
        "ifsc",
        "pickupAddress",
        "pickupPincode",
        "returnPolicy",
        "shippingPolicy",
    ] {
        assert!(answer["fields"][field].is_string(), "{field}: {answer}");
    }
    let mut sent = body("Kora");
    sent["pickupPincode"] = json!("999999");
    let (status, answer) = apply(&app, &asha, sent).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["pickupPincode"].is_string(), "{answer}");
    let mut sent = body("Kora");
    sent["gender"] = json!("kids");
    sent["contactEmail"] = json!("not-an-email");
    sent["returnPolicy"] = json!("x".repeat(5_001));
    let (status, answer) = apply(&app, &asha, sent).await;
    assert_eq!(status, 400, "{answer}");
    for field in ["gender", "contactEmail", "returnPolicy"] {
        assert!(answer["fields"][field].is_string(), "{field}: {answer}");
    }
    assert_eq!(app.count("brand_applications"), 0);
}

async fn one_pending_application_per_shopper(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let asha = shopper(&app, "asha@example.in").await;
    let first = applied(&app, &asha, "Kora").await;
    let (status, answer) = apply(&app, &asha, body("Kora Two")).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(error_code(&answer), "APPLICATION_PENDING");
    // Another shopper applies meanwhile.
    let ravi = shopper(&app, "ravi@example.in").await;
    applied(&app, &ravi, "Ravi Threads").await;
    // Once decided, the shopper may apply again.
    let (status, _) = reject(&app, &root, &first, "Unclear").await;
    assert_eq!(status, 200);
    applied(&app, &asha, "Kora").await;
    let mine = my_applications(&app, &asha).await;
    let statuses: Vec<&str> = mine["applications"]
        .as_array()
        .expect("list")
        .iter()
        .map(|a| a["status"].as_str().expect("status"))
        .collect();
    assert_eq!(statuses, ["pending", "rejected"], "newest first");
}

async fn approval_makes_the_brand_and_its_team(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let asha = shopper(&app, "asha@example.in").await;
    let id = applied(&app, &asha, "Kora Studio").await;
    assert_eq!(
        brand_console_status(&app, &asha).await,
        403,
        "no brand before approval"
    );

    let (status, list) = listed(&app, &root, "pending").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["applications"][0]["_id"], id.as_str());
    assert_eq!(list["applications"][0]["bankAccount"], "XXXXXXXX4567");

    let (status, approved) = decide(&app, &root, &id, "approve", None).await;
    assert_eq!(status, 200, "{approved}");
    let brand = approved["brandId"].as_str().expect("a brand id").to_owned();
    assert_eq!(approved["application"]["status"], "approved");
    assert_eq!(approved["application"]["brandId"], brand.as_str());
    assert!(approved["application"]["decidedAt"].is_string());

    // The applicant is the brand's team at once.
    assert_eq!(brand_console_status(&app, &asha).await, 200);
    let (status, brands) = app
        .send_json(
            Method::GET,
            "/api/admin/brands?search=kora",
            None,
            Some(&root),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(brands["brands"][0]["_id"], brand.as_str());
    assert_eq!(brands["brands"][0]["gender"], "female");
    assert_eq!(
        app.count(&format!(
            "audit_log WHERE brand_id = '{brand}' AND entity IN ('brand', 'brand_application')"
        )),
        2,
        "the brand's creation and the approval are audited"
    );
    assert!(
        app.outbox_mails("asha@example.in")
            .iter()
            .any(|m| m.contains("is open on Casa")),
        "the applicant is mailed"
    );

    for (verb, body) in [
        ("approve", None),
        ("reject", Some(json!({"reason": "Late"}))),
    ] {
        let (status, answer) = decide(&app, &root, &id, verb, body).await;
        assert_eq!(status, 409, "{verb}: {answer}");
        assert_eq!(error_code(&answer), "ALREADY_DECIDED");
    }
    let (status, answer) = decide(&app, &root, "no-such-application", "approve", None).await;
    assert_eq!(status, 404, "{answer}");
    // A brand user does not apply again.
    let (status, answer) = apply(&app, &asha, body("Kora Two")).await;
    assert_eq!(status, 403, "{answer}");
}

async fn rejection_mails_the_reason(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let asha = shopper(&app, "asha@example.in").await;
    let id = applied(&app, &asha, "Kora").await;
    for reason in [
        json!({}),
        json!({"reason": "  "}),
        json!({"reason": "x".repeat(501)}),
    ] {
        let (status, answer) = decide(&app, &root, &id, "reject", Some(reason)).await;
        assert_eq!(status, 400, "{answer}");
        assert!(answer["fields"]["reason"].is_string(), "{answer}");
    }
    let (status, rejected) = reject(&app, &root, &id, "GSTIN cancelled").await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["application"]["status"], "rejected");
    assert_eq!(rejected["application"]["reason"], "GSTIN cancelled");
    assert_eq!(rejected["application"]["brandId"], Value::Null);
    assert!(
        app.outbox_mails("asha@example.in")
            .iter()
            .any(|m| m.contains("GSTIN cancelled")),
        "the reason is mailed"
    );
    let (_, list) = listed(&app, &root, "rejected").await;
    assert_eq!(list["applications"].as_array().map(Vec::len), Some(1));
    let (_, list) = listed(&app, &root, "pending").await;
    assert_eq!(list["applications"], json!([]));
    let (status, answer) = listed(&app, &root, "maybe").await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["fields"]["status"].is_string());
    assert_eq!(
        brand_console_status(&app, &asha).await,
        403,
        "no brand after a rejection"
    );
}

async fn only_admins_decide_and_only_shoppers_apply(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = shopper(&app, "asha@example.in").await;
    let id = applied(&app, &asha, "Kora").await;
    let team = brand_user(&app, "team@example.in", &demo_brand()).await;
    let other = shopper(&app, "other@example.in").await;
    for (method, path, body) in [
        (
            Method::GET,
            "/api/admin/brand-applications".to_owned(),
            None,
        ),
        (
            Method::POST,
            format!("/api/admin/brand-applications/{id}/approve"),
            None,
        ),
        (
            Method::POST,
            format!("/api/admin/brand-applications/{id}/reject"),
            Some(json!({"reason": "No"})),
        ),
    ] {
        refused_to_non_admins(&app, method.clone(), &path, body.clone(), &team, &other).await;
        // The applicant neither.
        let (status, _) = app.send_json(method, &path, body, Some(&asha)).await;
        assert_eq!(status, 403);
    }
    let (status, answer) = apply(&app, &team, body("Team Brand")).await;
    assert_eq!(status, 403, "{answer}");
    assert_eq!(error_code(&answer), "FORBIDDEN");
    let root = admin(&app, "root@example.in").await;
    let (status, _) = apply(&app, &root, body("Root Brand")).await;
    assert_eq!(status, 403);
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/brand-applications",
            Some(body("Nobody")),
            None,
        )
        .await;
    assert_eq!(status, 401);
    // Nothing was decided.
    let mine = my_applications(&app, &asha).await;
    assert_eq!(mine["applications"][0]["status"], "pending");
    let mine = my_applications(&app, &other).await;
    assert_eq!(
        mine["applications"],
        json!([]),
        "another shopper's are not theirs"
    );
}

async fn a_taken_brand_name_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let asha = shopper(&app, "asha@example.in").await;
    let demo = crate::helpers::demo().brands[0].name.to_uppercase();
    let (status, answer) = apply(&app, &asha, body(&demo)).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(error_code(&answer), "BRAND_NAME_TAKEN");
    // A name taken between the application and the approval is refused at approval.
    let id = applied(&app, &asha, "Late Bloom").await;
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/admin/brands",
            Some(json!({"name": "late bloom", "gender": "unisex"})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 201);
    let (status, answer) = decide(&app, &root, &id, "approve", None).await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(error_code(&answer), "BRAND_NAME_TAKEN");
    let mine = my_applications(&app, &asha).await;
    assert_eq!(
        mine["applications"][0]["status"], "pending",
        "nothing changed"
    );
}

async fn applications_are_limited_per_day(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let asha = shopper(&app, "asha@example.in").await;
    for i in 0..5 {
        let id = applied(&app, &asha, &format!("Kora {i}")).await;
        let (status, _) = reject(&app, &root, &id, "No").await;
        assert_eq!(status, 200);
    }
    let (status, answer) = apply(&app, &asha, body("Kora 5")).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(error_code(&answer), "RATE_LIMITED");
    // A day later the window has passed (the session is still good).
    app.advance(chrono::TimeDelta::days(1));
    applied(&app, &asha, "Kora 5").await;
}

async fn two_admins_approving_at_once_make_one_brand(backend: Backend) {
    let app = spawn_app(backend).await;
    let one = admin(&app, "one@example.in").await;
    let two = admin(&app, "two@example.in").await;
    let asha = shopper(&app, "asha@example.in").await;
    let id = applied(&app, &asha, "Twin Loom").await;
    let (a, b) = tokio::join!(
        decide(&app, &one, &id, "approve", None),
        decide(&app, &two, &id, "approve", None)
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} {}", a.1, b.1);
    let refused = if a.0 == 409 { &a.1 } else { &b.1 };
    assert_eq!(error_code(refused), "ALREADY_DECIDED");
    assert_eq!(app.count("brands WHERE name = 'Twin Loom'"), 1);
}
