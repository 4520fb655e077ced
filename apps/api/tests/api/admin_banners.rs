//! The admin console's banners (`/api/admin/static-images` writes) and the shop's public image
//! reads (`/api/images/...`).

use std::time::{Duration, Instant};

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::Value;
use store::StaticImageRecord;

use crate::helpers::{
    Backend, Options, Session, TestApp, error_code, spawn_app, spawn_app_with, test_now,
};
use crate::on_both_backends;

on_both_backends!(
    only_admins_write_banners,
    a_create_checks_every_field,
    an_edit_names_the_version_it_read,
    an_edit_is_audited_and_shown_to_the_shop,
    a_deletion_takes_the_banner_away,
    current_is_the_highest_priority_showing_now,
    lists_by_tag_campaign_season_and_place,
    the_library_reads_respect_the_period,
    the_document_lists_every_image_call,
    a_published_banner_is_stored_and_leads_the_hero,
);

/// Signs `email` in with `role` (granted before the sign-in).
async fn staff(app: &TestApp, email: &str, role: access::Role) -> Session {
    let brand = crate::helpers::demo().brands[0].id.clone();
    let brand = (role == access::Role::BrandUser).then_some(brand.as_str());
    crate::helpers::sign_in_as(app, email, role, brand).await
}

async fn admin(app: &TestApp) -> Session {
    staff(app, "admin@example.in", access::Role::Admin).await
}

/// A multipart body of `fields` (and a `file` part when given) and its content type.
fn form(fields: &[(&str, &str)], file: Option<&[u8]>) -> (String, Vec<u8>) {
    let boundary = "----banner-test-boundary-7f3a";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    if let Some(bytes) = file {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.png\"\r\nContent-Type: image/png\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn send_form(
    app: &TestApp,
    method: Method,
    path: &str,
    fields: &[(&str, &str)],
    session: Option<&Session>,
    if_match: Option<&str>,
) -> (u16, Value) {
    let (content_type, body) = form(fields, None);
    let mut request = app
        .client
        .request(method, app.url(path))
        .header("content-type", content_type)
        .body(body);
    if let Some(session) = session {
        request = request.bearer_auth(&session.token);
    }
    if let Some(tag) = if_match {
        request = request.header("if-match", tag);
    }
    let res = request.send().await.expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("a JSON body"))
}

/// A banner as an operator's tool would add it: showing on every device, no period.
fn banner(title: &str) -> StaticImageRecord {
    StaticImageRecord {
        id: uuid::Uuid::now_v7().to_string(),
        category: "hero".into(),
        device: "all".into(),
        title: title.into(),
        url: format!(
            "/api/media/banner/{}.svg",
            title.to_lowercase().replace(' ', "-")
        ),
        is_active: true,
        tags: String::new(),
        campaign: None,
        start_date: None,
        end_date: None,
        priority: 0,
        srcset: None,
        version: 1,
    }
}

fn days(n: i64) -> chrono::NaiveDateTime {
    (test_now() + TimeDelta::days(n)).naive_utc()
}

fn add(app: &TestApp, record: &StaticImageRecord) {
    app.store()
        .add_banner(record, test_now().naive_utc())
        .expect("banner added");
}

/// The answer of `path` once `done` holds (the catalogue in memory follows the database's
/// change feed within its polling interval).
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

fn titles(body: &Value) -> Vec<String> {
    body["images"]
        .as_array()
        .expect("images")
        .iter()
        .map(|i| i["title"].as_str().expect("title").to_owned())
        .collect()
}

async fn only_admins_write_banners(backend: Backend) {
    let app = spawn_app(backend).await;
    let record = banner("Winter Drop");
    add(&app, &record);
    let shopper = staff(&app, "shopper@example.in", access::Role::Shopper).await;
    let team = staff(&app, "team@example.in", access::Role::BrandUser).await;
    let one = format!("/api/admin/static-images/{}", record.id);
    let fields = [("title", "Mine now"), ("version", "1")];
    for who in [&shopper, &team] {
        for (method, path) in [
            (Method::POST, "/api/admin/static-images"),
            (Method::PATCH, one.as_str()),
            (Method::DELETE, one.as_str()),
        ] {
            let (status, body) =
                send_form(&app, method.clone(), path, &fields, Some(who), None).await;
            assert_eq!(
                (status, error_code(&body)),
                (403, "FORBIDDEN".into()),
                "{method} {path}"
            );
        }
    }
    let (status, _) = send_form(
        &app,
        Method::POST,
        "/api/admin/static-images",
        &fields,
        None,
        None,
    )
    .await;
    assert_eq!(status, 401);
    let stored = app.store().banner(&record.id).expect("read").expect("kept");
    assert_eq!((stored.title.as_str(), stored.version), ("Winter Drop", 1));
}

async fn a_create_checks_every_field(backend: Backend) {
    let app = spawn_app(backend).await;
    let admin = admin(&app).await;
    let create = |fields: Vec<(&'static str, String)>| {
        let app = &app;
        let admin = &admin;
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            send_form(
                app,
                Method::POST,
                "/api/admin/static-images",
                &fields,
                Some(admin),
                None,
            )
            .await
        }
    };
    let good = || {
        vec![
            ("title", "Diwali Sale".to_owned()),
            ("category", "hero".to_owned()),
            ("device", "mobile".to_owned()),
            ("tags", "Diwali, sale".to_owned()),
            ("campaign", "diwali-2026".to_owned()),
            ("startDate", "2026-11-20".to_owned()),
            ("endDate", "2026-11-30".to_owned()),
            ("priority", "10".to_owned()),
            ("isActive", "true".to_owned()),
        ]
    };
    for (field, value, message) in [
        ("title", "  ", "Title is required"),
        ("title", &"x".repeat(101), "at most 100"),
        ("category", "banner", "Unknown category"),
        ("device", "tv", "Unknown device"),
        ("tags", "two words", "letters, digits"),
        ("campaign", &"c".repeat(61), "at most 60"),
        ("startDate", "soon", "Must be a date"),
        ("endDate", "2026-11-19", "end date must not be before"),
        ("priority", "1001", "Priority must be"),
        ("priority", "-1", "Priority must be"),
        ("isActive", "yes", "true or false"),
    ] {
        let mut fields = good();
        fields.retain(|(k, _)| *k != field);
        fields.push((field, value.to_owned()));
        let (status, body) = create(fields).await;
        assert_eq!(status, 400, "{field}={value}: {body}");
        assert_eq!(error_code(&body), "VALIDATION_FAILED");
        let said = body["fields"][field].as_str().unwrap_or_default();
        assert!(said.contains(message), "{field}: {body}");
    }
    let (status, body) = create(vec![("device", "all".to_owned())]).await;
    assert_eq!(status, 400);
    assert!(
        body["fields"]["title"].is_string() && body["fields"]["category"].is_string(),
        "{body}"
    );
    let (status, body) = create(good()).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "FILE_REQUIRED".into()),
        "{body}"
    );
    let res = app
        .client
        .post(app.url("/api/admin/static-images"))
        .bearer_auth(&admin.token)
        .json(&serde_json::json!({"title": "x"}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 400);
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "INVALID_FORM");
    // Bounded parts: a text field over 4 KiB, a file over 10 MB.
    let long = "t".repeat(5000);
    let (status, body) = create(vec![("title", long)]).await;
    assert_eq!(
        (status, error_code(&body)),
        (413, "PAYLOAD_TOO_LARGE".into())
    );
    let big = vec![0u8; 10 * 1024 * 1024 + 1];
    let (content_type, payload) = form(&[("title", "Big"), ("category", "hero")], Some(&big));
    let res = app
        .client
        .post(app.url("/api/admin/static-images"))
        .bearer_auth(&admin.token)
        .header("content-type", content_type)
        .body(payload)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 413);
    assert_eq!(app.count("audit_log"), 0, "nothing was written");
}

async fn an_edit_names_the_version_it_read(backend: Backend) {
    let app = spawn_app(backend).await;
    let admin = admin(&app).await;
    let record = banner("Winter Drop");
    add(&app, &record);
    let path = format!("/api/admin/static-images/{}", record.id);
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[("title", "A")],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (428, "VERSION_REQUIRED".into())
    );
    for bad in ["abc", "0", "-2"] {
        let (status, body) = send_form(
            &app,
            Method::PATCH,
            &path,
            &[("version", bad)],
            Some(&admin),
            None,
        )
        .await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "INVALID_VERSION".into()),
            "{bad}"
        );
    }
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[
            ("title", "Winter Drop II"),
            ("priority", "7"),
            ("version", "1"),
        ],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["image"]["title"], "Winter Drop II");
    assert_eq!(body["image"]["priority"], 7);
    assert_eq!(body["image"]["version"], 2);
    assert_eq!(
        body["image"]["category"], "hero",
        "fields not sent are kept"
    );
    // The same version again: someone else's edit came first.
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[("title", "Mine"), ("version", "1")],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!((status, error_code(&body)), (409, "STALE_EDIT".into()));
    assert_eq!(body["current"]["title"], "Winter Drop II");
    assert_eq!(body["current"]["version"], 2);
    // If-Match instead of the field.
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[("isActive", "false")],
        Some(&admin),
        Some("\"2\""),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["image"]["isActive"].clone(),
            body["image"]["version"].clone()
        ),
        (Value::Bool(false), 3.into())
    );
    // A period that ends before it starts, against the stored start.
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[("startDate", "2026-12-10"), ("version", "3")],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["image"]["displayPeriod"]["startDate"],
        "2026-12-10T00:00:00Z"
    );
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[("endDate", "2026-12-01"), ("version", "4")],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["fields"]["endDate"].is_string(), "{body}");
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        "/api/admin/static-images/nope",
        &[("title", "x"), ("version", "1")],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Banner not found."))
    );
    let stored = app.store().banner(&record.id).expect("read").expect("kept");
    assert_eq!(
        (stored.title.as_str(), stored.version, stored.is_active),
        ("Winter Drop II", 4, false)
    );
}

async fn an_edit_is_audited_and_shown_to_the_shop(backend: Backend) {
    let app = spawn_app(backend).await;
    let admin = admin(&app).await;
    let mut record = banner("Winter Drop");
    record.tags = "winter".into();
    add(&app, &record);
    eventually(&app, "/api/images/current/winter", |s, _| s == 200).await;
    let path = format!("/api/admin/static-images/{}", record.id);
    let (status, body) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[
            ("tags", "Winter, Cosy"),
            ("campaign", "Winter-26"),
            ("version", "1"),
        ],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["image"]["tags"], serde_json::json!(["winter", "cosy"]));
    // The writer's process shows its own write at once, without waiting for the feed's poll.
    let (_, shown) = app.get_json("/api/images/tag/cosy").await;
    assert_eq!(titles(&shown), ["Winter Drop"]);
    let (entries, total) = app
        .store()
        .audit_entries(&store::AuditQuery {
            entity: Some("banner".into()),
            limit: 10,
            ..store::AuditQuery::default()
        })
        .expect("trail");
    assert_eq!(total, 1);
    let entry = &entries[0];
    assert_eq!(
        (entry.action.as_str(), entry.entity_id.as_str()),
        ("update", record.id.as_str())
    );
    assert_eq!(
        (entry.actor_role.as_str(), entry.actor_id.clone()),
        ("admin", admin.id())
    );
    let before: Value =
        serde_json::from_str(entry.before.as_deref().expect("before")).expect("json");
    let after: Value = serde_json::from_str(entry.after.as_deref().expect("after")).expect("json");
    assert_eq!(before["tags"], serde_json::json!(["winter"]));
    assert_eq!(after["campaign"], "Winter-26");
    // Deactivated: the shop stops showing it.
    let (status, _) = send_form(
        &app,
        Method::PATCH,
        &path,
        &[("isActive", "false"), ("version", "2")],
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = app.get_json("/api/images/current/winter").await;
    assert_eq!((status, error_code(&body)), (404, "NOT_FOUND".into()));
    let (_, tagged) = app.get_json("/api/images/tag/winter").await;
    assert!(titles(&tagged).is_empty());
}

async fn a_deletion_takes_the_banner_away(backend: Backend) {
    let app = spawn_app(backend).await;
    let admin = admin(&app).await;
    let record = banner("Winter Drop");
    add(&app, &record);
    let path = format!("/api/admin/static-images/{}", record.id);
    eventually(&app, &path, |s, _| s == 200).await;
    let (status, body) = send_form(&app, Method::DELETE, &path, &[], Some(&admin), Some("7")).await;
    assert_eq!((status, error_code(&body)), (409, "STALE_EDIT".into()));
    let (status, body) = send_form(&app, Method::DELETE, &path, &[], Some(&admin), None).await;
    assert_eq!((status, body["success"].clone()), (200, Value::Bool(true)));
    let (status, _) = send_form(&app, Method::DELETE, &path, &[], Some(&admin), None).await;
    assert_eq!(status, 404);
    let (status, body) = app.get_json(&path).await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, "Image not found".into())
    );
    assert!(app.store().banner(&record.id).expect("read").is_none());
    let (entries, _) = app
        .store()
        .audit_entries(&store::AuditQuery {
            entity: Some("banner".into()),
            limit: 10,
            ..store::AuditQuery::default()
        })
        .expect("trail");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].action, "delete");
    assert!(entries[0].before.is_some() && entries[0].after.is_none());
}

async fn current_is_the_highest_priority_showing_now(backend: Backend) {
    let app = spawn_app(backend).await;
    let tagged = |title: &str, device: &str, priority: i32| {
        let mut b = banner(title);
        b.tags = "diwali,sale".into();
        b.device = device.into();
        b.priority = priority;
        b
    };
    let mut now_mobile = tagged("Now Mobile", "mobile", 5);
    now_mobile.start_date = Some(days(-1));
    now_mobile.end_date = Some(days(1));
    let mut later = tagged("Later", "all", 9);
    later.start_date = Some(days(2));
    let mut off = tagged("Off", "all", 8);
    off.is_active = false;
    let desktop = tagged("Desktop", "desktop", 3);
    let mut over = tagged("Over", "all", 100);
    over.end_date = Some(days(-1));
    for b in [&now_mobile, &later, &off, &desktop, &over] {
        add(&app, b);
    }
    let body = eventually(&app, "/api/images/current/DIWALI?device=mobile", |s, _| {
        s == 200
    })
    .await;
    assert_eq!(body["success"], true);
    assert_eq!(body["image"]["title"], "Now Mobile");
    let (_, body) = app
        .get_json("/api/images/current/diwali?device=desktop")
        .await;
    assert_eq!(body["image"]["title"], "Desktop");
    let (_, body) = app.get_json("/api/images/current/diwali").await;
    assert_eq!(
        body["image"]["title"], "Now Mobile",
        "all: every device's images"
    );
    for device in ["tv", "%0D", "%20mobile"] {
        let (status, body) = app
            .get_json(&format!("/api/images/current/diwali?device={device}"))
            .await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "INVALID_QUERY".into()),
            "{device}"
        );
    }
    let (status, body) = app.get_json("/api/images/current/holi").await;
    assert_eq!((status, error_code(&body)), (404, "NOT_FOUND".into()));
    // Three days on: the mobile one's period is over and the later one's has begun.
    app.advance(TimeDelta::days(3));
    let (_, body) = app
        .get_json("/api/images/current/diwali?device=mobile")
        .await;
    assert_eq!(body["image"]["title"], "Later");
    let (_, body) = app
        .get_json("/api/images/current/diwali?device=desktop")
        .await;
    assert_eq!(body["image"]["title"], "Later");
}

async fn lists_by_tag_campaign_season_and_place(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut a = banner("Alpha");
    a.tags = "sale".into();
    a.campaign = Some("Diwali-2026".into());
    a.priority = 1;
    a.device = "mobile".into();
    let mut b = banner("Beta");
    b.tags = "sale,new".into();
    b.priority = 9;
    b.category = "trends".into();
    let mut c = banner("Gamma");
    c.start_date = Some(days(-3));
    c.priority = 4;
    c.device = "desktop".into();
    for x in [&a, &b, &c] {
        add(&app, x);
    }
    let body = eventually(&app, "/api/images/tag/SALE", |_, b| titles(b).len() == 2).await;
    assert_eq!(titles(&body), ["Beta", "Alpha"], "highest priority first");
    let (_, body) = app.get_json("/api/images/tag/sale?device=desktop").await;
    assert_eq!(titles(&body), ["Beta"]);
    let (_, body) = app.get_json("/api/images/campaign/diwali-2026").await;
    assert_eq!(titles(&body), ["Alpha"]);
    let (_, body) = app.get_json("/api/images/seasonal/all").await;
    assert_eq!(titles(&body), ["Gamma", "Alpha"], "a campaign or a period");
    let (_, body) = app.get_json("/api/images/seasonal/all?device=mobile").await;
    assert_eq!(titles(&body), ["Alpha"]);
    let (_, body) = app
        .get_json("/api/images/static?category=hero&device=mobile")
        .await;
    assert_eq!(body["success"], true);
    assert_eq!(
        titles(&body),
        ["Alpha", "Flash Sale", "New Arrivals", "Exclusive"],
        "priority first, then creation order"
    );
    let (_, body) = app
        .get_json("/api/images/static?category=hero&device=desktop")
        .await;
    assert_eq!(
        titles(&body),
        ["Gamma", "Flash Sale", "New Arrivals", "Exclusive"]
    );
    for image in body["images"].as_array().expect("images") {
        assert!(
            image["displayPeriod"].is_object()
                && image["tags"].is_array()
                && image["version"].is_i64()
        );
    }
    let (status, body) = app.get_json("/api/images/static?category=banner").await;
    assert_eq!((status, error_code(&body)), (400, "INVALID_QUERY".into()));
}

async fn the_library_reads_respect_the_period(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut soon = banner("Soon");
    soon.start_date = Some(days(1));
    add(&app, &soon);
    let path = "/api/admin/static-images/category/hero?isActive=true";
    let all = eventually(&app, "/api/admin/static-images/category/hero", |_, b| {
        titles(b).len() == 4
    })
    .await;
    assert_eq!(
        all["images"][3]["displayPeriod"]["startDate"],
        "2026-11-24T10:00:00Z"
    );
    let (_, body) = app.get_json(path).await;
    assert_eq!(
        titles(&body),
        ["Flash Sale", "New Arrivals", "Exclusive"],
        "not showing yet"
    );
    let (_, body) = app
        .get_json("/api/admin/static-images/category/hero?isActive=false")
        .await;
    assert_eq!(titles(&body), ["Soon"]);
    app.advance(TimeDelta::days(2));
    let (_, body) = app.get_json(path).await;
    assert_eq!(
        titles(&body),
        ["Flash Sale", "New Arrivals", "Exclusive", "Soon"]
    );
    let (status, body) = app
        .get_json(&format!("/api/admin/static-images/{}", soon.id))
        .await;
    assert_eq!(
        (status, body["image"]["title"].as_str()),
        (200, Some("Soon"))
    );
}

async fn the_document_lists_every_image_call(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, doc) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    for (path, methods) in [
        ("/api/admin/static-images", &["get", "post"][..]),
        ("/api/admin/static-images/category/{category}", &["get"][..]),
        (
            "/api/admin/static-images/{id}",
            &["get", "patch", "delete"][..],
        ),
        ("/api/images/current/{tag}", &["get"][..]),
        ("/api/images/tag/{tag}", &["get"][..]),
        ("/api/images/campaign/{campaign}", &["get"][..]),
        ("/api/images/seasonal/all", &["get"][..]),
        ("/api/images/static", &["get"][..]),
    ] {
        for method in methods {
            assert!(doc["paths"][path][method].is_object(), "{method} {path}");
        }
    }
    let post = &doc["paths"]["/api/admin/static-images"]["post"];
    assert!(post["requestBody"]["content"]["multipart/form-data"].is_object());
    assert!(post["responses"]["401"].is_object() && post["responses"]["201"].is_object());
    let tags: Vec<&str> = doc["tags"]
        .as_array()
        .expect("tags")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(tags.iter().filter(|t| **t == "static-images").count(), 1);
    assert!(tags.contains(&"images"));
}

/// A JPEG photo-like gradient.
fn jpeg(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([
            (x % 256) as u8,
            (y % 256) as u8,
            seed.wrapping_mul(37).wrapping_add(((x + y) % 64) as u8),
        ])
    });
    let mut out = Vec::new();
    image
        .write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(
            &mut out, 90,
        ))
        .expect("encode");
    out
}

async fn send_upload(
    app: &TestApp,
    method: Method,
    path: &str,
    fields: &[(&str, &str)],
    file: &[u8],
    session: &Session,
) -> (u16, Value) {
    let (content_type, body) = form(fields, Some(file));
    let res = app
        .client
        .request(method, app.url(path))
        .bearer_auth(&session.token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("a JSON body"))
}

async fn a_published_banner_is_stored_and_leads_the_hero(backend: Backend) {
    // No poll of the change feed in this test: what the shop shows, it shows because the
    // publish applied its own write before answering.
    let options = Options {
        catalogue_refresh: Some(Duration::from_secs(600)),
        ..Options::default()
    };
    let app = spawn_app_with(backend, options).await;
    let admin = admin(&app).await;
    let fields = [
        ("title", "Diwali Edit"),
        ("category", "hero"),
        ("device", "all"),
        ("tags", "Diwali, festive"),
        ("campaign", "diwali-2026"),
        ("startDate", "2026-11-20"),
        ("endDate", "2026-11-30"),
        ("priority", "10"),
    ];
    let (status, body) = send_upload(
        &app,
        Method::POST,
        "/api/admin/static-images",
        &fields,
        &jpeg(1200, 500, 1),
        &admin,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let image = &body["image"];
    assert_eq!(image["title"], "Diwali Edit");
    assert_eq!(image["tags"], serde_json::json!(["diwali", "festive"]));
    assert_eq!(image["version"], 1);
    assert_eq!(image["isActive"], true);
    assert_eq!(image["displayPeriod"]["endDate"], "2026-11-30T23:59:59Z");
    let url = image["url"].as_str().expect("url").to_owned();
    assert!(url.starts_with("/api/media/u/"), "{url}");
    let srcset = image["srcset"].as_str().expect("srcset");
    assert!(
        srcset.contains(" 320w") && srcset.contains(" 640w"),
        "{srcset}"
    );
    let served = app.get(&url).await;
    assert_eq!(served.status().as_u16(), 200);
    // The admin's list, asked right after the publish, has it (the console refetches at once).
    let (_, listed) = app.get_json("/api/admin/static-images?category=hero").await;
    assert!(
        titles(&listed).contains(&"Diwali Edit".to_owned()),
        "{listed}"
    );
    let (_, hero) = app
        .get_json("/api/images/static?category=hero&device=mobile")
        .await;
    assert_eq!(
        titles(&hero),
        ["Diwali Edit", "Flash Sale", "New Arrivals", "Exclusive"]
    );
    let (_, current) = app
        .get_json("/api/images/current/diwali?device=mobile")
        .await;
    assert_eq!(current["image"]["title"], "Diwali Edit");
    // A new file on an edit replaces the image; a file that is not an image is refused.
    let id = image["_id"].as_str().expect("id");
    let path = format!("/api/admin/static-images/{id}");
    let (status, body) = send_upload(
        &app,
        Method::PATCH,
        &path,
        &[("version", "1")],
        b"not an image at all",
        &admin,
    )
    .await;
    assert_eq!(
        (status, error_code(&body)),
        (415, "UNSUPPORTED_IMAGE".into())
    );
    let (status, body) = send_upload(
        &app,
        Method::PATCH,
        &path,
        &[("version", "1")],
        &jpeg(1200, 500, 2),
        &admin,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_ne!(body["image"]["url"].as_str(), Some(url.as_str()));
    assert_eq!(body["image"]["version"], 2);
    let (entries, _) = app
        .store()
        .audit_entries(&store::AuditQuery {
            entity: Some("banner".into()),
            limit: 10,
            ..store::AuditQuery::default()
        })
        .expect("trail");
    let actions: Vec<&str> = entries.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["update", "create"], "newest first");
}
