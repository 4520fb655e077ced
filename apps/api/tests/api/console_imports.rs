//! The brand console's CSV export and import over HTTP: the documented header, the brand's own
//! products only, statuses, row errors by row number and column, all or nothing against
//! partial, updates by id (never another brand's), the round trip, and who may call.

use access::Role;
use reqwest::Method;
use serde_json::Value;

use crate::console_coupons::{allow_sign_in, staff};
use crate::helpers::{Backend, Session, TestApp, demo, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    an_export_lists_the_brands_products_by_status,
    only_the_brands_team_exports
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
