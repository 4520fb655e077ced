//! The brand console's CSV export and import over HTTP: the documented header, the brand's own
//! products only, statuses, row errors by row number and column, all or nothing against
//! partial, updates by id (never another brand's), the round trip, and who may call.

use access::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::console_coupons::{allow_sign_in, staff};
use crate::helpers::{Backend, Session, TestApp, demo, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    an_export_lists_the_brands_products_by_status,
    only_the_brands_team_exports,
    header_problems_refuse_the_file,
    invalid_rows_refuse_the_file_unless_partial,
    rows_with_an_id_update_the_brands_products_only,
    an_export_imports_back_unchanged,
    three_hundred_rows_import_in_one_batch,
    only_the_brands_team_imports,
);

const HEADER: &str = "id,name,description,price,gender,categories,tags,color,sizes,stock,offerPercentage,isActive,pattern,length,fabric,sleeveLength,fit,distress,images";

fn brand(index: usize) -> String {
    demo().brands[index].id.clone()
}

/// The export's status, content type and rows (the header first).
async fn export(app: &TestApp, who: &Session, query: &str) -> (u16, String, Vec<Vec<String>>) {
    let res = app
        .client
        .get(app.url(&format!("/api/brand/products/export{query}")))
        .bearer_auth(&who.token)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    let disposition = res
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let text = res.text().await.expect("a body");
    if status != 200 {
        let body: Value = serde_json::from_str(&text).expect("a JSON error");
        return (status, error_code(&body), Vec::new());
    }
    assert!(
        disposition.starts_with("attachment; filename=\"products-"),
        "{disposition}"
    );
    let rows = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.expect("a CSV record").iter().map(str::to_owned).collect())
        .collect();
    (status, disposition, rows)
}

async fn an_export_lists_the_brands_products_by_status(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = brand(0);
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let (status, _, rows) = export(&app, &team, "").await;
    assert_eq!(status, 200);
    assert_eq!(rows[0].join(","), HEADER);
    let of_a = app.count(&format!("products WHERE brand_id = '{a}'"));
    assert_eq!(rows.len() - 1, usize::try_from(of_a).expect("a count"));
    let first = &rows[1];
    let product = demo()
        .products
        .iter()
        .find(|p| p.id == first[0])
        .expect("a demo product");
    assert_eq!(product.brand_id, a);
    assert_eq!(first[1], product.name);
    assert_eq!(
        first[3],
        pricing::Money::from_paise(product.price_paise).to_decimal_string()
    );
    assert_eq!(first[5], product.category_ids.join("|"));
    let stock: Vec<String> = product
        .stock
        .iter()
        .map(|(s, n)| format!("{s}:{n}"))
        .collect();
    assert_eq!(first[9], stock.join("|"));
    assert_eq!(first[11], "true");

    app.execute_sql(&format!(
        "UPDATE products SET archived_at = '2026-11-23 09:00:00' WHERE id = '{}'",
        first[0]
    ));
    let (_, _, current) = export(&app, &team, "?status=active").await;
    assert_eq!(current.len(), rows.len() - 1);
    let (_, _, archived) = export(&app, &team, "?status=archived").await;
    assert_eq!(archived.len(), 2);
    assert_eq!(archived[1][0], first[0]);
    let (_, _, all) = export(&app, &team, "?status=all").await;
    assert_eq!(all.len(), rows.len());
    let (status, code, _) = export(&app, &team, "?status=gone").await;
    assert_eq!((status, code.as_str()), (400, "INVALID_STATUS"));
}

async fn only_the_brands_team_exports(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (brand(0), brand(1));
    let team_b = staff(&app, "team@brand-b.in", Role::BrandUser, Some(&b)).await;
    let admin = staff(&app, "admin@shop.in", Role::Admin, None).await;
    allow_sign_in(&app);
    let shopper = app.sign_in("asha@example.in").await;

    let (status, code, _) = export(&app, &shopper, "").await;
    assert_eq!((status, code.as_str()), (403, "FORBIDDEN"));
    let (status, _, _) = export(&app, &team_b, &format!("?brandId={a}")).await;
    assert_eq!(status, 404);
    let (status, code, _) = export(&app, &admin, "").await;
    assert_eq!((status, code.as_str()), (400, "BRAND_REQUIRED"));
    let (status, _, rows) = export(&app, &admin, &format!("?brandId={a}")).await;
    assert_eq!(status, 200);
    let of_a = app.count(&format!("products WHERE brand_id = '{a}'"));
    assert_eq!(rows.len() - 1, usize::try_from(of_a).expect("a count"));
    let (status, _) = app
        .send_json(Method::GET, "/api/brand/products/export", None, None)
        .await;
    assert_eq!(status, 401);
}

/// A multipart body with the CSV as its `file` part, and its content type.
fn form(csv: &str) -> (String, Vec<u8>) {
    let boundary = "----import-test-boundary-3c1e";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nignored\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n{csv}\r\n--{boundary}--\r\n"
    );
    (
        format!("multipart/form-data; boundary={boundary}"),
        body.into_bytes(),
    )
}

/// Imports `csv` (as a multipart `file`) with `query`; the status and the JSON answer.
async fn import(app: &TestApp, who: &Session, query: &str, csv: &str) -> (u16, Value) {
    let (content_type, body) = form(csv);
    let res = app
        .client
        .post(app.url(&format!("/api/brand/products/import{query}")))
        .bearer_auth(&who.token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("a JSON answer"))
}

/// A valid new product's row for `brand` (categories and gender of one of its demo products).
fn new_row(brand: &str, name: &str) -> String {
    let model = demo()
        .products
        .iter()
        .find(|p| p.brand_id == brand)
        .expect("a demo product of the brand");
    format!(
        ",{name},\"Soft, airy\",1299.50,{gender},{categories},summer|linen,Blue,S|M,S:4|M:10,20,true,Solid,Regular,Linen,Full,Slim,None,",
        gender = model.gender.as_str(),
        categories = model.category_ids.join("|"),
    )
}

fn rows_errors(answer: &Value) -> Vec<(u64, String)> {
    answer["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| {
            (
                e["row"].as_u64().expect("a row"),
                e["field"].as_str().expect("a field").to_owned(),
            )
        })
        .collect()
}

async fn header_problems_refuse_the_file(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = brand(0);
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let header = HEADER
        .replace(",color,", ",colour,")
        .replace(",stock,", ",");
    let (status, answer) = import(&app, &team, "?partial=true", &format!("{header}\n")).await;
    assert_eq!(
        (status, error_code(&answer)),
        (422, "IMPORT_INVALID".to_owned()),
        "{answer}"
    );
    let errors = rows_errors(&answer);
    assert!(errors.contains(&(0, "colour".into())), "{answer}");
    assert!(errors.contains(&(0, "color".into())), "{answer}");
    assert!(errors.contains(&(0, "stock".into())), "{answer}");
    assert_eq!(
        (answer["created"].clone(), answer["updated"].clone()),
        (json!(0), json!(0))
    );
    let unknown = answer["errors"]
        .as_array()
        .and_then(|e| e.iter().find(|e| e["field"] == "colour"))
        .expect("the unknown column");
    assert_eq!(
        unknown["message"],
        format!("Unknown column 'colour'. The header is: {HEADER}")
    );
    // `id` and `images` may be left out; the order is free.
    let mut columns: Vec<&str> = HEADER
        .split(',')
        .filter(|c| *c != "id" && *c != "images")
        .collect();
    columns.reverse();
    let (status, answer) = import(&app, &team, "", &format!("{}\n", columns.join(","))).await;
    assert_eq!(
        (status, answer["created"].clone()),
        (200, json!(0)),
        "{answer}"
    );
    let (status, answer) = import(&app, &team, "", "").await;
    assert_eq!(
        (status, error_code(&answer)),
        (400, "FILE_REQUIRED".to_owned())
    );
}

async fn invalid_rows_refuse_the_file_unless_partial(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = brand(0);
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let before = app.count(&format!("products WHERE brand_id = '{a}'"));
    let good = new_row(&a, "Import Linen Shirt");
    let bad_price = new_row(&a, "Bad Price").replace("1299.50", "cheap");
    let categories = demo()
        .products
        .iter()
        .find(|p| p.brand_id == a)
        .map(|p| p.category_ids.join("|"))
        .unwrap_or_default();
    let bad_category =
        new_row(&a, "Bad Category").replacen(&format!(",{categories},"), ",no-such-category,", 1);
    let bad_stock = new_row(&a, "Bad Stock").replace("S:4|M:10", "S:4|XL:2");
    let csv = format!("{HEADER}\n{good}\n{bad_price}\n{bad_category}\n\n{bad_stock}\n");
    let (status, answer) = import(&app, &team, "", &csv).await;
    assert_eq!(
        (status, error_code(&answer)),
        (422, "IMPORT_INVALID".to_owned()),
        "{answer}"
    );
    assert_eq!(answer["failed"], 3);
    assert_eq!(
        rows_errors(&answer),
        [
            (2, "price".to_owned()),
            (3, "categories".to_owned()),
            (4, "stock".to_owned())
        ],
        "{answer}"
    );
    // The product editor's own message for the same price.
    let model = demo()
        .products
        .iter()
        .find(|p| p.brand_id == a)
        .expect("a product");
    let (status, editor) = app
        .send_json(
            Method::POST,
            "/api/brand/products",
            Some(
                json!({"name": "Bad Price", "price": "cheap", "gender": model.gender.as_str(),
                        "category": model.category_ids, "sizes": ["S"], "stock": {"S": 1}}),
            ),
            Some(&team),
        )
        .await;
    assert_eq!(status, 400, "{editor}");
    assert_eq!(answer["errors"][0]["message"], editor["fields"]["price"]);
    let stock_message = answer["errors"][2]["message"].as_str().expect("a message");
    assert!(stock_message.starts_with("XL: "), "{stock_message}");
    assert_eq!(
        app.count(&format!("products WHERE brand_id = '{a}'")),
        before,
        "nothing imported"
    );

    let (status, answer) = import(&app, &team, "?partial=true", &csv).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        (
            answer["success"].clone(),
            answer["created"].clone(),
            answer["updated"].clone(),
            answer["failed"].clone()
        ),
        (json!(true), json!(1), json!(0), json!(3))
    );
    assert_eq!(rows_errors(&answer).len(), 3);
    assert_eq!(
        app.count(&format!("products WHERE brand_id = '{a}'")),
        before + 1
    );
    assert_eq!(
        app.count(&format!(
            "products WHERE brand_id = '{a}' AND name = 'Import Linen Shirt' AND price_paise = 129950 \
             AND offer_percentage = 20 AND colour = 'Blue' AND fabric = 'Linen' AND description = 'Soft, airy'"
        )),
        1
    );
    assert_eq!(
        app.count(
            "product_stock s JOIN products p ON p.id = s.product_id WHERE p.name = 'Import Linen Shirt' \
             AND ((s.size = 'S' AND s.quantity = 4) OR (s.size = 'M' AND s.quantity = 10))"
        ),
        2
    );
    assert_eq!(
        app.count(&format!(
            "audit_log WHERE action = 'import' AND entity = 'product' AND brand_id = '{a}' \
             AND after LIKE '%\"created\":[\"%'"
        )),
        1
    );
}

async fn rows_with_an_id_update_the_brands_products_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (brand(0), brand(1));
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let (_, _, rows) = export(&app, &team, "").await;
    let mut mine = rows[1].clone();
    mine[1] = "Renamed By Import".into();
    mine[9] = mine[9]
        .split('|')
        .map(|part| format!("{}:7", part.split(':').next().unwrap_or("")))
        .collect::<Vec<_>>()
        .join("|");
    let theirs = demo()
        .products
        .iter()
        .find(|p| p.brand_id == b)
        .expect("a product of brand B");
    let mut other = rows[2].clone();
    other[0] = theirs.id.clone();
    let mut nobody = rows[2].clone();
    nobody[0] = "no-such-product".into();
    let line = |cells: &[String]| {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(cells).expect("a row");
        String::from_utf8(w.into_inner().expect("written")).expect("UTF-8")
    };
    let csv = format!(
        "{HEADER}\n{}{}{}{}",
        line(&mine),
        line(&other),
        line(&nobody),
        line(&mine)
    );
    let (status, answer) = import(&app, &team, "", &csv).await;
    assert_eq!(
        (status, error_code(&answer)),
        (422, "IMPORT_INVALID".to_owned()),
        "{answer}"
    );
    assert_eq!(
        rows_errors(&answer),
        [
            (2, "id".to_owned()),
            (3, "id".to_owned()),
            (4, "id".to_owned())
        ]
    );
    assert_eq!(
        answer["errors"][0]["message"],
        "No product of this brand has this id."
    );
    assert_eq!(
        answer["errors"][2]["message"],
        "This product is in the file more than once."
    );
    assert_eq!(app.count("products WHERE name = 'Renamed By Import'"), 0);
    assert_eq!(
        app.count(&format!(
            "products WHERE id = '{}' AND name = '{}'",
            theirs.id,
            theirs.name.replace('\'', "''")
        )),
        1,
        "another brand's product is never written"
    );

    let (status, answer) = import(&app, &team, "?partial=true", &csv).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        (answer["created"].clone(), answer["updated"].clone()),
        (json!(0), json!(1))
    );
    let id = &mine[0];
    assert_eq!(
        app.count(&format!(
            "products WHERE id = '{id}' AND name = 'Renamed By Import' AND version = 2"
        )),
        1
    );
    assert_eq!(
        app.count(&format!(
            "product_stock WHERE product_id = '{id}' AND quantity <> 7"
        )),
        0
    );
    let (status, product) = app.get_json(&format!("/api/products/id/{id}")).await;
    assert_eq!(status, 200);
    // The change feed carries it to the shop (the test apps follow it every 50 ms).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut product = product;
    while product["name"] != "Renamed By Import" {
        assert!(std::time::Instant::now() < deadline, "{product}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        product = app.get_json(&format!("/api/products/id/{id}")).await.1;
    }
}

async fn an_export_imports_back_unchanged(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = brand(0);
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let exported = export_text(&app, &team).await;
    let (status, answer) = import(&app, &team, "", &exported).await;
    assert_eq!(status, 200, "{answer}");
    let count = app.count(&format!(
        "products WHERE brand_id = '{a}' AND archived_at IS NULL"
    ));
    assert_eq!(
        (
            answer["created"].clone(),
            answer["updated"].clone(),
            answer["failed"].clone()
        ),
        (json!(0), json!(count), json!(0))
    );
    assert_eq!(
        export_text(&app, &team).await,
        exported,
        "the round trip changes nothing"
    );
}

async fn export_text(app: &TestApp, who: &Session) -> String {
    app.client
        .get(app.url("/api/brand/products/export"))
        .bearer_auth(&who.token)
        .send()
        .await
        .expect("request")
        .text()
        .await
        .expect("a body")
}

async fn three_hundred_rows_import_in_one_batch(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = brand(0);
    let team = staff(&app, "team@brand-a.in", Role::BrandUser, Some(&a)).await;
    let before = app.count(&format!("products WHERE brand_id = '{a}'"));
    let mut csv = format!("{HEADER}\n");
    for n in 0..300 {
        csv.push_str(&new_row(&a, &format!("Bulk Kurta {n}")));
        csv.push('\n');
    }
    // A text/csv body is read as the file too.
    let res = app
        .client
        .post(app.url("/api/brand/products/import"))
        .bearer_auth(&team.token)
        .header("content-type", "text/csv")
        .body(csv)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200);
    let answer: Value = res.json().await.expect("json");
    assert_eq!(
        (answer["created"].clone(), answer["failed"].clone()),
        (json!(300), json!(0))
    );
    assert_eq!(
        app.count(&format!("products WHERE brand_id = '{a}'")),
        before + 300
    );
    assert_eq!(
        app.count("audit_log WHERE action = 'import'"),
        1,
        "one audit row per batch"
    );
    assert_eq!(
        app.count("catalogue_changes c JOIN products p ON p.id = c.product_id WHERE p.name LIKE 'Bulk Kurta %'"),
        300
    );
}

async fn only_the_brands_team_imports(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (brand(0), brand(1));
    let team_b = staff(&app, "team@brand-b.in", Role::BrandUser, Some(&b)).await;
    let admin = staff(&app, "admin@shop.in", Role::Admin, None).await;
    allow_sign_in(&app);
    let shopper = app.sign_in("asha@example.in").await;
    let csv = format!("{HEADER}\n{}\n", new_row(&a, "By Someone"));

    let (status, answer) = import(&app, &shopper, "", &csv).await;
    assert_eq!((status, error_code(&answer)), (403, "FORBIDDEN".to_owned()));
    let (status, _) = import(&app, &team_b, &format!("?brandId={a}"), &csv).await;
    assert_eq!(status, 404);
    let (status, answer) = import(&app, &admin, "", &csv).await;
    assert_eq!(
        (status, error_code(&answer)),
        (400, "BRAND_REQUIRED".to_owned())
    );
    let (status, answer) = import(&app, &admin, &format!("?brandId={a}"), &csv).await;
    assert_eq!(
        (status, answer["created"].clone()),
        (200, json!(1)),
        "{answer}"
    );
    assert_eq!(
        app.count(&format!(
            "products WHERE brand_id = '{a}' AND name = 'By Someone'"
        )),
        1
    );
    assert_eq!(
        app.count("audit_log WHERE action = 'import' AND actor_role = 'admin'"),
        1
    );

    // Bounds: 20,000 rows at most.
    let mut many = format!("{HEADER}\n");
    for _ in 0..20_001 {
        many.push_str(",x,,1,male,c,,,S,S:1,,,,,,,,,\n");
    }
    let (status, answer) = import(&app, &admin, &format!("?brandId={a}"), &many).await;
    assert_eq!(
        (status, error_code(&answer)),
        (422, "IMPORT_TOO_LARGE".to_owned())
    );
}
