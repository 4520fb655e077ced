//! `POST /api/products/search`, `GET /api/products/suggestions` and
//! `GET /api/products/popular-searches`.

use serde_json::Value;

use crate::helpers::{Backend, TestApp, error_code, listed, paise, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    search_forgives_typos_and_knows_synonyms,
    search_ranks_colour_plus_garment_and_keeps_a_gender,
    search_rejects_blank_long_and_malformed_bodies,
    suggestions_start_at_two_characters_and_match_half_typed_words,
    popular_searches_are_six_words_of_the_newest_products,
    search_and_suggestions_forgive_short_typos_sound_price_and_brand_words,
);

async fn search(app: &TestApp, body: Value) -> (u16, Value) {
    let res = app
        .client
        .post(app.url("/api/products/search"))
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("json"))
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("list")
        .iter()
        .map(|p| p["name"].as_str().expect("name").to_owned())
        .collect()
}

fn subcategories(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("list")
        .iter()
        .map(|p| {
            p["category"][1]["name"]
                .as_str()
                .expect("subcategory")
                .to_owned()
        })
        .collect()
}

async fn search_forgives_typos_and_knows_synonyms(backend: Backend) {
    let app = spawn_app(backend).await;
    for (query, wanted) in [
        ("hoddie", &["Hoodies", "Sweatshirts"][..]),
        ("HOODIES", &["Hoodies", "Sweatshirts"]),
        ("tee", &["T-shirts", "Oversized T-shirt"]),
        ("denim", &["Jeans"]),
        ("kurti", &["Kurtas", "Kurtis"]),
    ] {
        let (status, found) = search(&app, serde_json::json!({ "query": query, "limit": 3 })).await;
        assert_eq!(status, 200, "{query}");
        let subs = subcategories(&found);
        assert!(!subs.is_empty(), "{query} finds something");
        assert!(
            subs.iter().all(|s| wanted.contains(&s.as_str())),
            "{query}: {subs:?}"
        );
    }
    let brand = &listed()[0].brand_id;
    let brand_name = crate::helpers::demo()
        .brands
        .iter()
        .find(|b| &b.id == brand)
        .expect("brand")
        .name
        .clone();
    let fragment: String = brand_name.chars().take(brand_name.len() - 2).collect();
    let (_, found) = search(&app, serde_json::json!({ "query": fragment, "limit": 5 })).await;
    assert!(
        found
            .as_array()
            .expect("list")
            .iter()
            .any(|p| p["brand"]["name"] == brand_name.as_str()),
        "{fragment} finds {brand_name}"
    );
    let (_, nothing) = search(&app, serde_json::json!({ "query": "%_% name:* OR" })).await;
    assert_eq!(nothing, serde_json::json!([]), "query syntax is plain text");
}

async fn search_ranks_colour_plus_garment_and_keeps_a_gender(backend: Backend) {
    let app = spawn_app(backend).await;
    let target = listed()
        .into_iter()
        .find(|p| p.gender == catalogue::Gender::Female)
        .expect("a women's product");
    let words = format!(
        "{} {}",
        target.colour,
        target.name.split(' ').next_back().expect("noun")
    );
    let (status, found) = search(
        &app,
        serde_json::json!({ "query": words, "gender": "FEMALE", "limit": 50 }),
    )
    .await;
    assert_eq!(status, 200);
    let list = found.as_array().expect("list");
    assert!(!list.is_empty(), "{words}");
    assert!(list.iter().all(|p| p["gender"] == "female"));
    assert_eq!(
        list[0]["colour"],
        target.colour.as_str(),
        "{words}: {:?}",
        names(&found)
    );
    let (_, limited) = search(&app, serde_json::json!({ "query": "cotton", "limit": 2 })).await;
    assert_eq!(limited.as_array().expect("list").len(), 2);
}

async fn search_rejects_blank_long_and_malformed_bodies(backend: Backend) {
    let app = spawn_app(backend).await;
    let post = |body: String, content_type: &'static str| {
        app.client
            .post(app.url("/api/products/search"))
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let long = format!(r#"{{"query": "{}"}}"#, "x".repeat(101));
    for (body, content_type, status, code) in [
        (
            r#"{"query": "   "}"#.to_owned(),
            "application/json",
            400,
            "INVALID_QUERY",
        ),
        (long, "application/json", 400, "INVALID_QUERY"),
        (
            r#"{"query": "hoodie""#.to_owned(),
            "application/json",
            400,
            "INVALID_JSON",
        ),
        (
            "not json at all".to_owned(),
            "application/json",
            400,
            "INVALID_JSON",
        ),
        (
            r#"{"query": 42}"#.to_owned(),
            "application/json",
            400,
            "INVALID_BODY",
        ),
        (
            r#"{"nothing": 1}"#.to_owned(),
            "application/json",
            400,
            "INVALID_BODY",
        ),
        (
            r#"{"query": "a", "limit": 0}"#.to_owned(),
            "application/json",
            400,
            "INVALID_QUERY",
        ),
        (
            r#"{"query": "a", "limit": 201}"#.to_owned(),
            "application/json",
            400,
            "INVALID_QUERY",
        ),
        (
            r#"{"query": "a", "gender": "alien"}"#.to_owned(),
            "application/json",
            400,
            "INVALID_GENDER",
        ),
        (
            r#"{"query": "hoodie"}"#.to_owned(),
            "text/plain",
            415,
            "UNSUPPORTED_MEDIA_TYPE",
        ),
    ] {
        let res = post(body.clone(), content_type).await.expect("request");
        assert_eq!(res.status().as_u16(), status, "{body}");
        let json: Value = res.json().await.expect("a JSON error");
        assert_eq!(error_code(&json), code, "{body}");
    }
    let huge = format!(r#"{{"query": "{}"}}"#, "x".repeat(100_000));
    let res = post(huge, "application/json").await.expect("request");
    assert_eq!(res.status().as_u16(), 413);
}

async fn suggestions_start_at_two_characters_and_match_half_typed_words(backend: Backend) {
    let app = spawn_app(backend).await;
    for short in ["", "h", " h "] {
        let (status, body) = app
            .get_json(&format!("/api/products/suggestions?q={short}"))
            .await;
        assert_eq!(status, 200, "{short:?}");
        assert_eq!(body, serde_json::json!([]), "{short:?}");
    }
    let (status, body) = app.get_json("/api/products/suggestions?q=hood").await;
    assert_eq!(status, 200);
    let subs = subcategories(&body);
    assert_eq!(subs.len(), 5, "top 5 by default");
    assert!(
        subs.iter().all(|s| s == "Hoodies" || s == "Sweatshirts"),
        "{subs:?}"
    );
    let (_, typo) = app
        .get_json("/api/products/suggestions?q=hoddi&limit=3")
        .await;
    assert_eq!(typo.as_array().expect("list").len(), 3);
    assert!(
        subcategories(&typo)
            .iter()
            .all(|s| s == "Hoodies" || s == "Sweatshirts")
    );
    let (_, men) = app
        .get_json("/api/products/suggestions?q=jea&gender=male")
        .await;
    assert!(
        men.as_array()
            .expect("list")
            .iter()
            .all(|p| p["gender"] == "male")
    );
    for (query, parameter) in [
        ("limit=11&q=hood", "limit"),
        ("limit=0&q=hood", "limit"),
        ("gender=x&q=hood", "gender"),
        ("", "q"),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/products/suggestions?{query}"))
            .await;
        assert_eq!(status, 400, "{query}");
        assert!(
            body["error"].as_str().expect("message").contains(parameter),
            "{body}"
        );
    }
}

async fn popular_searches_are_six_words_of_the_newest_products(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/products/popular-searches").await;
    assert_eq!(status, 200);
    let words: Vec<&str> = body
        .as_array()
        .expect("list")
        .iter()
        .map(|w| w.as_str().expect("a word"))
        .collect();
    assert_eq!(words.len(), 6);
    let newest = listed();
    let text: String = newest
        .iter()
        .take(20)
        .flat_map(|p| std::iter::once(p.name.clone()).chain(p.tags.iter().cloned()))
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    for word in &words {
        assert!(word.chars().count() > 2);
        assert!(
            text.contains(&word.to_lowercase()),
            "{word} comes from the newest products"
        );
    }
}

fn brands(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("list")
        .iter()
        .map(|p| p["brand"]["name"].as_str().expect("brand").to_owned())
        .collect()
}

fn prices(list: &Value) -> Vec<u64> {
    list.as_array()
        .expect("list")
        .iter()
        .map(|p| u64::try_from(paise(&p["price"]) / 100).expect("a price"))
        .collect()
}

async fn search_and_suggestions_forgive_short_typos_sound_price_and_brand_words(backend: Backend) {
    let app = spawn_app(backend).await;
    let suggest = |typed: &str| {
        let url = format!("/api/products/suggestions?q={}", urlencode(typed));
        let app = &app;
        async move { app.get_json(&url).await }
    };
    // Bounds the cheapest product of the kind meets, whatever the test catalogue's prices.
    let cheapest = |sub: &str| {
        let demo = crate::helpers::demo();
        listed()
            .iter()
            .filter(|p| {
                demo.categories
                    .iter()
                    .any(|c| c.id == p.category_ids[1] && c.name == sub)
            })
            .map(|p| u64::try_from(p.price_paise / 100).expect("a price"))
            .min()
            .expect("a product of the kind")
    };
    let kurta = cheapest("Kurtas").div_ceil(100) * 100;
    let jeans = cheapest("Jeans").div_ceil(1000);
    let saree = cheapest("Sarees");
    // (query, the subcategories it must find, the highest price in rupees)
    for (query, wanted, at_most) in [
        ("jeas".to_owned(), &["Jeans"][..], None),
        ("sare".to_owned(), &["Sarees"], None),
        ("kurthi".to_owned(), &["Kurtas", "Kurtis"], None),
        ("sneekers".to_owned(), &["Sneakers"], None),
        ("lehnga".to_owned(), &["Lehengas"], None),
        (
            format!("kurta under {kurta}"),
            &["Kurtas", "Kurtis"],
            Some(kurta),
        ),
        (
            format!("jeans below {jeans}k"),
            &["Jeans"],
            Some(jeans * 1000),
        ),
        (
            format!("saree less than ₹{saree}"),
            &["Sarees"],
            Some(saree),
        ),
    ] {
        let query = query.as_str();
        let (status, found) = search(&app, serde_json::json!({ "query": query, "limit": 5 })).await;
        let (suggested_status, suggested) = suggest(query).await;
        for (how, status, list) in [
            ("search", status, found),
            ("suggestions", suggested_status, suggested),
        ] {
            assert_eq!(status, 200, "{how} {query}");
            let subs = subcategories(&list);
            assert!(!subs.is_empty(), "{how} {query} finds something");
            assert!(kind_first(&subs, wanted), "{how} {query}: {subs:?}");
            if let Some(at_most) = at_most {
                assert!(
                    prices(&list).iter().all(|p| *p <= at_most),
                    "{how} {query}: {:?}",
                    prices(&list)
                );
            }
        }
    }
    let (_, found) = search(
        &app,
        serde_json::json!({ "query": "zar saree", "limit": 5 }),
    )
    .await;
    let (_, suggested) = suggest("zar sare").await;
    for list in [found, suggested] {
        assert!(!brands(&list).is_empty());
        assert!(
            brands(&list).iter().all(|b| b == "Zari Lane"),
            "{:?}",
            brands(&list)
        );
        assert!(subcategories(&list).iter().all(|s| s == "Sarees"));
    }
    let (_, bags) = search(&app, serde_json::json!({ "query": "bag", "limit": 10 })).await;
    assert!(
        kind_first(&subcategories(&bags), &["Handbags"]),
        "a catalogue word is never corrected: {:?}",
        subcategories(&bags)
    );
    for nothing in ["xqzv", "jeans under 1"] {
        let (_, found) = search(&app, serde_json::json!({ "query": nothing })).await;
        assert_eq!(found, serde_json::json!([]), "{nothing}");
        assert_eq!(suggest(nothing).await.1, serde_json::json!([]), "{nothing}");
    }
}

/// The kind comes first, and nothing of it after something else: a synonym's other matches
/// ("denim" in a brand's name) may follow.
fn kind_first(subs: &[String], wanted: &[&str]) -> bool {
    let first_other = subs
        .iter()
        .position(|s| !wanted.contains(&s.as_str()))
        .unwrap_or(subs.len());
    first_other > 0
        && subs[first_other..]
            .iter()
            .all(|s| !wanted.contains(&s.as_str()))
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
