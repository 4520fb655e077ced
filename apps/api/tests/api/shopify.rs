//! The Shopify import over HTTP: a real-shaped export (variants on following rows, image-only
//! rows, a multi-line quoted Body (HTML)) previewed then committed, with its images fetched
//! from a local server the allow list admits; bad rows, all or nothing against partial,
//! tokens that are the brand's only, and hostile image URLs (a private address, a name
//! resolving to loopback, a redirect to a private address, a file over 10 MB, a non-image).

use std::collections::HashMap;
use std::sync::Arc;

use access::Role;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{
    Backend, Options, Session, TestApp, demo, error_code, paise, sign_in_as, spawn_app_with,
};
use crate::on_both_backends;

on_both_backends!(
    a_real_export_previews_then_imports,
    a_second_import_of_the_same_handles_updates,
    bad_rows_refuse_the_commit_unless_partial,
    a_preview_is_the_brands_and_used_once,
    hostile_image_urls_are_refused_as_warnings,
);

const EXPORT: &str = include_str!("fixtures/shopify/products_export.csv");

/// What the local image server answers, by path.
#[derive(Clone)]
enum Reply {
    Png(Vec<u8>),
    Text,
    Redirect(String),
    /// 200 with `n` bytes and no length (the fetcher must stop counting).
    Endless(usize),
    /// 200 saying it has `n` bytes, sending none (refused by its length).
    Declared(usize),
}

/// A local HTTP server answering `replies` by path; its `http://127.0.0.1:PORT` base.
async fn image_server(replies: HashMap<String, Reply>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let replies = Arc::new(replies);
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let replies = Arc::clone(&replies);
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 16_384 {
                    match socket.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&head);
                let path = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
                let (status, headers, body): (&str, String, Vec<u8>) = match replies.get(&path) {
                    Some(Reply::Png(bytes)) => (
                        "200 OK",
                        format!(
                            "Content-Type: image/png\r\nContent-Length: {}\r\n",
                            bytes.len()
                        ),
                        bytes.clone(),
                    ),
                    Some(Reply::Text) => (
                        "200 OK",
                        "Content-Type: image/png\r\nContent-Length: 11\r\n".into(),
                        b"hello world".to_vec(),
                    ),
                    Some(Reply::Redirect(to)) => (
                        "302 Found",
                        format!("Location: {to}\r\nContent-Length: 0\r\n"),
                        Vec::new(),
                    ),
                    Some(Reply::Endless(n)) => {
                        let _ = socket
                            .write_all(b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nConnection: close\r\n\r\n")
                            .await;
                        let chunk = vec![0x89u8; 64 * 1024];
                        let mut sent = 0;
                        while sent < *n {
                            if socket.write_all(&chunk).await.is_err() {
                                return;
                            }
                            sent += chunk.len();
                        }
                        return;
                    }
                    Some(Reply::Declared(n)) => (
                        "200 OK",
                        format!("Content-Type: image/png\r\nContent-Length: {n}\r\n"),
                        Vec::new(),
                    ),
                    None => ("404 Not Found", "Content-Length: 0\r\n".into(), Vec::new()),
                };
                let _ = socket
                    .write_all(
                        format!("HTTP/1.1 {status}\r\n{headers}Connection: close\r\n\r\n")
                            .as_bytes(),
                    )
                    .await;
                let _ = socket.write_all(&body).await;
            });
        }
    });
    base
}

/// A PNG of `width` x `height`, different for each `seed`.
fn png(width: u32, height: u32, seed: u8) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, seed.wrapping_mul(53)])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("encode");
    out.into_inner()
}

/// The export's images, served.
fn fixture_images() -> HashMap<String, Reply> {
    HashMap::from([
        ("/kurta-front.png".to_owned(), Reply::Png(png(700, 900, 1))),
        ("/kurta-back.png".to_owned(), Reply::Png(png(700, 900, 2))),
        ("/tee.png".to_owned(), Reply::Png(png(400, 400, 3))),
    ])
}

/// A server whose fetcher may reach `base` (`http://host:port`).
async fn app_allowing(backend: Backend, base: &str) -> TestApp {
    let host_port = base.trim_start_matches("http://").to_owned();
    spawn_app_with(
        backend,
        Options {
            import_fetch_allow: vec![host_port],
            ..Options::default()
        },
    )
    .await
}

/// The first active male brand of the demo (its categories: Topwear > T-shirts, Ethnic Wear >
/// Kurtas, Bottomwear > Jeans...).
fn male_brand(skip: usize) -> String {
    demo()
        .brands
        .iter()
        .filter(|b| b.is_active && b.gender == catalogue::Gender::Male)
        .nth(skip)
        .expect("a male brand")
        .id
        .clone()
}

fn form(csv: &str) -> (String, Vec<u8>) {
    let boundary = "----shopify-test-boundary-7d2a";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"products_export.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n{csv}\r\n--{boundary}--\r\n"
    );
    (
        format!("multipart/form-data; boundary={boundary}"),
        body.into_bytes(),
    )
}

async fn preview(app: &TestApp, who: &Session, csv: &str) -> (u16, Value) {
    let (content_type, body) = form(csv);
    let res = app
        .client
        .post(app.url("/api/brand/products/import?format=shopify"))
        .bearer_auth(&who.token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("a JSON answer"))
}

async fn commit(app: &TestApp, who: &Session, token: &str, partial: bool) -> (u16, Value) {
    let res = app
        .client
        .post(app.url(&format!(
            "/api/brand/products/import?format=shopify&commit={token}&partial={partial}"
        )))
        .bearer_auth(&who.token)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("a JSON answer"))
}

fn errors_of(answer: &Value) -> Vec<(u64, String)> {
    answer["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| {
            (
                e["row"].as_u64().expect("row"),
                e["field"].as_str().expect("field").to_owned(),
            )
        })
        .collect()
}

/// The product the handle was imported into.
fn product_of_handle(app: &TestApp, brand: &str, handle: &str) -> String {
    let store = app.store();
    let found = store
        .products_by_handle(brand, &[handle.to_owned()])
        .expect("handles");
    found.get(handle).expect("imported").clone()
}

async fn a_real_export_previews_then_imports(backend: Backend) {
    let base = image_server(fixture_images()).await;
    let app = app_allowing(backend, &base).await;
    let brand = male_brand(0);
    let team = sign_in_as(&app, "team@loom.in", Role::BrandUser, Some(&brand)).await;
    let before = app.count(&format!("products WHERE brand_id = '{brand}'"));
    let csv = EXPORT.replace("{{IMAGES}}", &base);

    let (status, answer) = preview(&app, &team, &csv).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["preview"], true);
    assert_eq!(answer["errors"], Value::Array(vec![]), "{answer}");
    let token = answer["token"].as_str().expect("a token").to_owned();
    assert_eq!(token.len(), 64);
    let products = answer["products"].as_array().expect("products");
    assert_eq!(products.len(), 3);
    let kurta = &products[0];
    assert_eq!(kurta["handle"], "linen-kurta");
    assert_eq!(kurta["name"], "Linen Kurta");
    assert_eq!(
        kurta["description"],
        "Hand-woven linen kurta, cut for Indian summers.\n\n• Breathable & soft\n• Mother-of-pearl buttons\n\nMachine wash cold. Dry in shade."
    );
    assert_eq!(kurta["sizes"], serde_json::json!(["S", "M", "L"]));
    assert_eq!(kurta["stock"], serde_json::json!({"S": 5, "M": 10, "L": 0}));
    assert_eq!(paise(&kurta["price"]), 149_900);
    assert_eq!(paise(&kurta["compareAtPrice"]), 199_900);
    // The list price that 25% off brings to exactly ₹1,499.00 (₹1,998.67 less 25% is
    // ₹1,499.0025); the compare-at price itself would make the shopper pay ₹1,499.25.
    assert_eq!(paise(&kurta["listPrice"]), 199_867);
    assert_eq!(kurta["offerPercentage"], 25);
    assert_eq!(kurta["category"], "Kurtas");
    assert_eq!(
        kurta["tags"],
        serde_json::json!(["linen", "summer", "ethnic"])
    );
    assert_eq!(kurta["images"].as_array().expect("images").len(), 2);
    assert_eq!(kurta["update"], false);
    let tee = &products[1];
    assert_eq!(tee["sizes"], serde_json::json!(["S", "M", "XL"]));
    assert_eq!(tee["stock"], serde_json::json!({"S": 3, "M": 7, "XL": 0}));
    assert_eq!(
        tee["description"],
        "Everyday combed-cotton tee.\n\nRegular fit – true to size."
    );
    assert_eq!(tee["compareAtPrice"], Value::Null);
    assert_eq!(tee["offerPercentage"], 0);
    let jeans = &products[2];
    assert_eq!(jeans["sizes"], serde_json::json!(["30", "32", "34"]));
    assert_eq!(jeans["offerPercentage"], 0);
    assert_eq!(jeans["isActive"], false);
    // A preview writes nothing.
    assert_eq!(
        app.count(&format!("products WHERE brand_id = '{brand}'")),
        before
    );

    let (status, report) = commit(&app, &team, &token, false).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(
        (report["created"].as_u64(), report["updated"].as_u64()),
        (Some(3), Some(0))
    );
    assert_eq!(report["failed"], 0);
    assert_eq!(
        report["images"],
        serde_json::json!({"fetched": 3, "failed": 0})
    );
    assert_eq!(report["warnings"], Value::Array(vec![]));
    assert_eq!(
        app.count(&format!("products WHERE brand_id = '{brand}'")),
        before + 3
    );

    let store = app.store();
    let kurta_id = product_of_handle(&app, &brand, "linen-kurta");
    let records = store
        .products_by_ids(&[store::ids::ProductId::new(kurta_id.clone())])
        .expect("read");
    let kurta = &records[0];
    assert_eq!(kurta.name, "Linen Kurta");
    assert_eq!(kurta.price_paise, 199_867);
    assert_eq!(kurta.offer_percentage, 25);
    let paid = pricing::offer_price(
        pricing::Money::from_paise(kurta.price_paise),
        pricing::Percent::from_whole(25).expect("a percent"),
    );
    assert_eq!(
        paid.paise(),
        149_900,
        "the shopper pays the export's Variant Price"
    );
    assert!(kurta.description.starts_with("Hand-woven linen kurta"));
    assert_eq!(kurta.gender, "male");
    let stock: Vec<(String, i32)> = kurta.stock.clone();
    assert_eq!(stock, [("S".into(), 5), ("M".into(), 10), ("L".into(), 0)]);
    let category_names: Vec<&str> = kurta.categories.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(category_names, ["Ethnic Wear", "Kurtas"]);
    // The images were fetched and stored as uploads are: their width variants.
    assert_eq!(kurta.image_refs.len(), 2);
    for image in &kurta.image_refs {
        let srcset = image.srcset.as_deref().expect("a srcset");
        assert!(
            srcset.contains(" 320w") && srcset.contains(" 640w"),
            "{srcset}"
        );
        let res = app.get(&image.url).await;
        assert_eq!(res.status().as_u16(), 200, "{}", image.url);
    }
    let jeans_id = product_of_handle(&app, &brand, "slim-jeans");
    let jeans = &store
        .products_by_ids(&[store::ids::ProductId::new(jeans_id)])
        .expect("read")[0];
    assert!(!jeans.is_active);
    assert!(jeans.image_refs.is_empty());
    // One audit row per batch, and the token is spent.
    assert_eq!(
        app.count(&format!(
            "audit_log WHERE action = 'import' AND brand_id = '{brand}'"
        )),
        1
    );
    let (status, answer) = commit(&app, &team, &token, false).await;
    assert_eq!(
        (status, error_code(&answer).as_str()),
        (404, "PREVIEW_NOT_FOUND")
    );
}

async fn a_second_import_of_the_same_handles_updates(backend: Backend) {
    let base = image_server(fixture_images()).await;
    let app = app_allowing(backend, &base).await;
    let brand = male_brand(0);
    let team = sign_in_as(&app, "team@loom.in", Role::BrandUser, Some(&brand)).await;
    let csv = EXPORT.replace("{{IMAGES}}", &base);
    let (_, answer) = preview(&app, &team, &csv).await;
    let (status, _) = commit(&app, &team, answer["token"].as_str().expect("token"), false).await;
    assert_eq!(status, 200);
    let kurta_id = product_of_handle(&app, &brand, "linen-kurta");

    let changed = csv.replace("IL-KUR-M,350,shopify,10,", "IL-KUR-M,350,shopify,12,");
    let (_, answer) = preview(&app, &team, &changed).await;
    assert_eq!(answer["products"][0]["update"], true);
    let (status, report) =
        commit(&app, &team, answer["token"].as_str().expect("token"), false).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(
        (report["created"].as_u64(), report["updated"].as_u64()),
        (Some(0), Some(3))
    );
    assert_eq!(product_of_handle(&app, &brand, "linen-kurta"), kurta_id);
    let kurta = &app
        .store()
        .products_by_ids(&[store::ids::ProductId::new(kurta_id)])
        .expect("read")[0];
    assert!(kurta.stock.iter().any(|(s, n)| s == "M" && *n == 12));
    assert_eq!(kurta.image_refs.len(), 2);
}

/// A small export: a valid product, then bad rows.
const SMALL_HEADER: &str = "Handle,Title,Body (HTML),Vendor,Type,Tags,Option1 Name,Option1 Value,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Status";

fn bad_export() -> String {
    format!(
        "{SMALL_HEADER}\n\
         good-tee,Good Tee,<p>Fine</p>,X,T-shirts,,Size,M,3,499.00,,,active\n\
         good-tee,,,,,,,L,2,499.00,,,\n\
         odd-size,Odd Size,,X,T-shirts,,Size,3XL,1,499.00,,,active\n\
         no-kind,No Kind,,X,Spaceships,,Size,M,1,499.00,,,active\n\
         two-prices,Two Prices,,X,Jeans,,Size,32,1,999.00,,,active\n\
         two-prices,,,,,,,34,1,1099.00,,,\n\
         ,,,,,,,,,,,http://cdn.example.com/orphan.png,\n"
    )
}

async fn bad_rows_refuse_the_commit_unless_partial(backend: Backend) {
    let app = spawn_app_with(backend, Options::default()).await;
    let brand = male_brand(0);
    let team = sign_in_as(&app, "team@loom.in", Role::BrandUser, Some(&brand)).await;
    let before = app.count("products");
    let (status, answer) = preview(&app, &team, &bad_export()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        errors_of(&answer),
        [
            (3, "Option1 Value".to_owned()),
            (4, "Type".to_owned()),
            (6, "Variant Price".to_owned()),
            (7, "Handle".to_owned()),
        ]
    );
    let products = answer["products"].as_array().expect("products");
    assert_eq!(products.len(), 4);
    assert_eq!(products[0]["errors"], Value::Array(vec![]));
    assert!(
        products[1]["errors"][0]["message"]
            .as_str()
            .expect("message")
            .contains("'3XL' is not one of the shop's sizes")
    );
    let token = answer["token"].as_str().expect("token").to_owned();

    let (status, refused) = commit(&app, &team, &token, false).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (422, "IMPORT_INVALID"),
        "{refused}"
    );
    assert_eq!(refused["failed"], 4);
    assert_eq!(app.count("products"), before);

    // The preview is kept after a refusal: the same token imports the valid product.
    let (status, report) = commit(&app, &team, &token, true).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(
        (report["created"].as_u64(), report["failed"].as_u64()),
        (Some(1), Some(4))
    );
    assert_eq!(errors_of(&report).len(), 4);
    assert_eq!(app.count("products"), before + 1);
    let id = product_of_handle(&app, &brand, "good-tee");
    let tee = &app
        .store()
        .products_by_ids(&[store::ids::ProductId::new(id)])
        .expect("read")[0];
    assert_eq!(
        (tee.description.as_str(), tee.price_paise),
        ("Fine", 49_900)
    );

    // A file that is not a Shopify export.
    let (status, answer) = preview(&app, &team, "name,price\nx,1\n").await;
    assert_eq!(
        (status, error_code(&answer).as_str()),
        (422, "IMPORT_INVALID")
    );
}

async fn a_preview_is_the_brands_and_used_once(backend: Backend) {
    let app = spawn_app_with(backend, Options::default()).await;
    let (a, b) = (male_brand(0), male_brand(1));
    let team_a = sign_in_as(&app, "team@a.in", Role::BrandUser, Some(&a)).await;
    let team_b = sign_in_as(&app, "team@b.in", Role::BrandUser, Some(&b)).await;
    let admin = sign_in_as(&app, "admin@shop.in", Role::Admin, None).await;
    let shopper = sign_in_as(&app, "asha@example.in", Role::Shopper, None).await;
    let csv = bad_export();

    let (status, answer) = preview(&app, &shopper, &csv).await;
    assert_eq!((status, error_code(&answer).as_str()), (403, "FORBIDDEN"));
    let (status, answer) = preview(&app, &admin, &csv).await;
    assert_eq!(
        (status, error_code(&answer).as_str()),
        (400, "BRAND_REQUIRED")
    );
    let (_, answer) = preview(&app, &team_a, &csv).await;
    let token = answer["token"].as_str().expect("token").to_owned();

    let (status, answer) = commit(&app, &shopper, &token, true).await;
    assert_eq!((status, error_code(&answer).as_str()), (403, "FORBIDDEN"));
    let (status, answer) = commit(&app, &team_b, &token, true).await;
    assert_eq!(
        (status, error_code(&answer).as_str()),
        (404, "PREVIEW_NOT_FOUND")
    );
    let (status, answer) = commit(&app, &team_a, "no-such-token", true).await;
    assert_eq!(
        (status, error_code(&answer).as_str()),
        (404, "PREVIEW_NOT_FOUND")
    );
    // An admin commits for the brand the preview is of, naming it.
    let res = app
        .client
        .post(app.url(&format!(
            "/api/brand/products/import?format=shopify&commit={token}&partial=true&brandId={b}"
        )))
        .bearer_auth(&admin.token)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 404);

    // After an hour the preview is gone.
    app.advance(chrono::TimeDelta::minutes(61));
    let (status, answer) = commit(&app, &team_a, &token, true).await;
    assert_eq!(
        (status, error_code(&answer).as_str()),
        (404, "PREVIEW_NOT_FOUND")
    );

    let (_, answer) = preview(&app, &team_a, &csv).await;
    let token = answer["token"].as_str().expect("token").to_owned();
    let res = app
        .client
        .post(app.url(&format!(
            "/api/brand/products/import?format=shopify&commit={token}&partial=true&brandId={a}"
        )))
        .bearer_auth(&admin.token)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200);
}

async fn hostile_image_urls_are_refused_as_warnings(backend: Backend) {
    // A second local server, not on the allow list: reached only through a redirect.
    let unlisted = image_server(HashMap::from([(
        "/a.png".to_owned(),
        Reply::Png(png(50, 50, 9)),
    )]))
    .await;
    let unlisted_port = unlisted.rsplit(':').next().expect("port").to_owned();
    let base = image_server(HashMap::from([
        ("/ok.png".to_owned(), Reply::Png(png(400, 400, 4))),
        ("/huge.png".to_owned(), Reply::Endless(11 * 1024 * 1024)),
        (
            "/declared.png".to_owned(),
            Reply::Declared(11 * 1024 * 1024),
        ),
        ("/text.png".to_owned(), Reply::Text),
        (
            "/to-private.png".to_owned(),
            Reply::Redirect("http://192.168.0.10/x.png".into()),
        ),
        (
            "/to-unlisted.png".to_owned(),
            Reply::Redirect(format!("{unlisted}/a.png")),
        ),
        ("/loop.png".to_owned(), Reply::Redirect("/loop.png".into())),
    ]))
    .await;
    let app = app_allowing(backend, &base).await;
    let brand = male_brand(0);
    let team = sign_in_as(&app, "team@loom.in", Role::BrandUser, Some(&brand)).await;
    let images = [
        "http://10.1.2.3/a.png".to_owned(),
        format!("http://localhost:{unlisted_port}/a.png"),
        format!("{base}/to-private.png"),
        format!("{base}/to-unlisted.png"),
        format!("{base}/huge.png"),
        format!("{base}/text.png"),
        format!("{base}/loop.png"),
        format!("{base}/declared.png"),
        format!("{base}/ok.png"),
    ];
    let mut csv = format!(
        "{SMALL_HEADER}\nrisky-tee,Risky Tee,,X,T-shirts,,Size,M,3,499.00,,{},active\n",
        images[0]
    );
    for url in &images[1..] {
        csv.push_str(&format!("risky-tee,,,,,,,,,,,{url},\n"));
    }
    let (status, answer) = preview(&app, &team, &csv).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["errors"], Value::Array(vec![]), "{answer}");
    let (status, report) =
        commit(&app, &team, answer["token"].as_str().expect("token"), false).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["created"], 1);
    assert_eq!(
        report["images"],
        serde_json::json!({"fetched": 1, "failed": 8})
    );
    let warnings: Vec<(u64, String)> = report["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .map(|w| {
            (
                w["row"].as_u64().expect("row"),
                w["message"].as_str().expect("message").to_owned(),
            )
        })
        .collect();
    let message = |row: u64| {
        warnings
            .iter()
            .find(|(r, _)| *r == row)
            .map(|(_, m)| m.clone())
            .unwrap_or_default()
    };
    assert!(
        message(1).contains("10.1.2.3 is not a public address"),
        "{warnings:?}"
    );
    assert!(
        message(2).contains("127.0.0.1 is not a public address")
            || message(2).contains("::1 is not a public address"),
        "{warnings:?}"
    );
    assert!(
        message(3).contains("192.168.0.10 is not a public address"),
        "{warnings:?}"
    );
    assert!(
        message(4).contains("127.0.0.1 is not a public address"),
        "{warnings:?}"
    );
    assert!(message(5).contains("larger than 10 MB"), "{warnings:?}");
    assert!(message(6).contains("JPEG, PNG or WebP"), "{warnings:?}");
    assert!(message(7).contains("More than 3 redirects"), "{warnings:?}");
    assert!(message(8).contains("larger than 10 MB"), "{warnings:?}");
    assert_eq!(warnings.len(), 8);
    let id = product_of_handle(&app, &brand, "risky-tee");
    let tee = &app
        .store()
        .products_by_ids(&[store::ids::ProductId::new(id)])
        .expect("read")[0];
    assert_eq!(tee.image_refs.len(), 1);
}
