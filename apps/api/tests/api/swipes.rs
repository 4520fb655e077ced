//! Swipes, their undo, trending and the curated list over HTTP; and the swipe feed.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, Utc};
use reqwest::Method;
use serde_json::{Value, json};
use store::{NewSwipe, SwipeCommand, UserRecord};

use crate::helpers::{Backend, Session, TestApp, error_code, ids, listed, spawn_app, test_now};
use crate::on_both_backends;

on_both_backends!(
    a_swipe_is_checked_before_anything_is_stored,
    a_like_lands_in_the_curated_list_and_a_repeat_counts_once,
    undo_reverses_every_effect_of_the_last_swipe,
    trending_ranks_by_net_likes_and_filters_before_the_limit,
    trending_windows_count_whole_hours,
    logged_swipes_are_counted_by_the_next_fold,
    the_feed_leaves_out_what_was_swiped_and_caps_each_brand,
    a_swipe_or_undo_changes_the_very_next_feed,
    the_feed_follows_the_filters,
    the_curated_list_is_the_callers_own,
    the_wishlist_heart_sets_the_state_asked_in_the_callers_own_list,
);

async fn swipe(app: &TestApp, session: &Session, product: &str, action: &str) -> (u16, Value) {
    app.send_json(
        Method::POST,
        "/api/analytics/track-swipe",
        Some(
            json!({"productId": product, "action": action, "sessionId": "s-1",
                    "deviceInfo": {"userAgent": "tests"}}),
        ),
        Some(session),
    )
    .await
}

async fn undo(app: &TestApp, session: &Session) -> (u16, Value) {
    app.send_json(
        Method::DELETE,
        "/api/analytics/swipes/last",
        None,
        Some(session),
    )
    .await
}

async fn curated(app: &TestApp, session: &Session) -> Vec<String> {
    let (status, body) = app
        .send_json(Method::GET, "/api/curated-list", None, Some(session))
        .await;
    assert_eq!(status, 200, "{body}");
    ids(&body)
}

/// The trending list once the swipes stored so far are folded into the rollups (the API's
/// folder does that within moments of a commit).
async fn trending(app: &TestApp, query: &str) -> Vec<Value> {
    app.swipes_folded().await;
    let (status, body) = app
        .get_json(&format!("/api/analytics/trending-products?{query}"))
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["trendingProducts"]
        .as_array()
        .expect("trendingProducts")
        .clone()
}

fn counts(entry: &Value) -> (i64, i64, i64) {
    (
        entry["likes"].as_i64().expect("likes"),
        entry["dislikes"].as_i64().expect("dislikes"),
        entry["engagementScore"].as_i64().expect("score"),
    )
}

async fn a_swipe_is_checked_before_anything_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let product = listed()[0].id.clone();
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/analytics/track-swipe",
            Some(json!({"productId": product, "action": "like"})),
            None,
        )
        .await;
    assert_eq!((status, error_code(&body)), (401, "UNAUTHENTICATED".into()));

    let session = app.sign_in("checks@example.in").await;
    let other = "someone-else";
    for (body, status, code) in [
        (
            json!({"productId": product, "action": "love"}),
            400,
            "INVALID_ACTION",
        ),
        (json!({"productId": product}), 400, "INVALID_ACTION"),
        (json!({"action": "like"}), 400, "INVALID_PRODUCT_ID"),
        (
            json!({"productId": "no-such-product", "action": "like"}),
            404,
            "NOT_FOUND",
        ),
        (
            json!({"productId": product, "action": "like", "sessionId": "s".repeat(101)}),
            400,
            "INVALID_SESSION_ID",
        ),
        (
            json!({"productId": product, "action": "like", "deviceInfo": {"ua": "x".repeat(2000)}}),
            400,
            "INVALID_DEVICE_INFO",
        ),
        (
            json!({"productId": product, "action": "like", "userId": other}),
            403,
            "FORBIDDEN",
        ),
    ] {
        let (got, answer) = app
            .send_json(
                Method::POST,
                "/api/analytics/track-swipe",
                Some(body.clone()),
                Some(&session),
            )
            .await;
        assert_eq!((got, error_code(&answer)), (status, code.into()), "{body}");
    }
    assert_eq!(app.count("swipes"), 0, "nothing stored");
    assert_eq!(app.count("swipe_totals"), 0);
    assert!(curated(&app, &session).await.is_empty());
    let (status, body) = undo(&app, &session).await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("There is no swipe to undo."))
    );

    let own = session.user["_id"].as_str().expect("id");
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/analytics/track-swipe",
            Some(json!({"productId": product, "action": "like", "userId": own})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 201, "the caller's own userId is fine: {body}");
}

async fn a_like_lands_in_the_curated_list_and_a_repeat_counts_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("likes@example.in").await;
    let product = listed()[3].id.clone();
    let (status, body) = swipe(&app, &session, &product, "like").await;
    assert_eq!(status, 201, "{body}");
    let data = &body["data"];
    assert_eq!(data["productId"], json!(product));
    assert_eq!(data["action"], json!("like"));
    assert_eq!(data["sessionId"], json!("s-1"));
    assert_eq!(data["replacedAction"], Value::Null);
    assert_eq!(data["addedToCuratedList"], json!(true));
    assert_eq!(data["createdAt"], json!("2026-11-23T10:00:00Z"));
    assert_eq!(curated(&app, &session).await, vec![product.clone()]);

    for _ in 0..3 {
        let (_, body) = swipe(&app, &session, &product, "like").await;
        assert_eq!(body["data"]["replacedAction"], json!("like"));
        assert_eq!(body["data"]["addedToCuratedList"], json!(false));
    }
    let list = trending(&app, "timeWindow=24h").await;
    assert_eq!(list.len(), 1);
    assert_eq!(
        counts(&list[0]),
        (1, 0, 1),
        "swiping again never counts twice"
    );

    let (_, body) = swipe(&app, &session, &product, "dislike").await;
    assert_eq!(body["data"]["replacedAction"], json!("like"));
    let list = trending(&app, "timeWindow=24h").await;
    assert_eq!(
        counts(&list[0]),
        (0, 1, -1),
        "the same list asked again after a swipe is made again, not the one held from before it"
    );
    assert_eq!(
        curated(&app, &session).await,
        vec![product],
        "a dislike never takes anything out of the list"
    );
    assert_eq!(app.count("swipes"), 1);
}

async fn undo_reverses_every_effect_of_the_last_swipe(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("undo@example.in").await;
    let (first, second) = (listed()[1].id.clone(), listed()[2].id.clone());
    swipe(&app, &session, &first, "like").await;
    swipe(&app, &session, &second, "dislike").await;
    swipe(&app, &session, &second, "like").await;
    assert_eq!(curated(&app, &session).await.len(), 2);

    let (status, body) = undo(&app, &session).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["data"],
        json!({"productId": second, "action": "like", "restoredAction": "dislike",
               "removedFromCuratedList": true})
    );
    assert_eq!(curated(&app, &session).await, vec![first.clone()]);
    let list = trending(&app, "timeWindow=24h&limit=10").await;
    let by_id: HashMap<String, (i64, i64, i64)> = list
        .iter()
        .map(|e| (e["_id"].as_str().expect("id").to_owned(), counts(e)))
        .collect();
    assert_eq!(by_id[&second], (0, 1, -1), "the earlier dislike is back");
    assert_eq!(by_id[&first], (1, 0, 1));

    let (_, body) = undo(&app, &session).await;
    assert_eq!(body["data"]["productId"], json!(second));
    assert_eq!(body["data"]["restoredAction"], Value::Null);
    let (_, body) = undo(&app, &session).await;
    assert_eq!(body["data"]["productId"], json!(first));
    assert_eq!(body["data"]["removedFromCuratedList"], json!(true));
    assert!(curated(&app, &session).await.is_empty());
    assert!(trending(&app, "timeWindow=30d").await.is_empty());
    assert_eq!(undo(&app, &session).await.0, 404);
    assert_eq!(app.count("swipes"), 0);
}

/// A shopper straight in the store (the tests' clients may sign in only so many times an
/// hour from one address).
fn shopper(app: &TestApp, n: usize) -> String {
    let email = validation::Email::parse(&format!("crowd{n}@example.in")).expect("e-mail");
    let (user, _) = app
        .store()
        .find_or_create_user(&email.normalized(), || UserRecord {
            id: format!("crowd-{n}").into(),
            onboarded: true,
            ..api::services::accounts::new_user(&email, n as u64, test_now())
        })
        .expect("shopper");
    user.id.into()
}

/// `likes` shoppers like and `dislikes` others dislike `product`, at `at`, counted in the
/// rollups at once.
fn crowd(
    app: &TestApp,
    product: &catalogue::Product,
    likes: usize,
    dislikes: usize,
    at: DateTime<Utc>,
) {
    log_crowd(app, product, likes, dislikes, at);
    app.store().fold_swipes().expect("fold");
}

/// [`crowd`] as the API's writer leaves it: only in the swipe log, until the folder runs.
fn log_crowd(
    app: &TestApp,
    product: &catalogue::Product,
    likes: usize,
    dislikes: usize,
    at: DateTime<Utc>,
) {
    let gender = product.gender.as_str().to_owned();
    let commands: Vec<SwipeCommand> = (0..likes + dislikes)
        .map(|n| {
            SwipeCommand::Swipe(NewSwipe {
                user_id: shopper(app, n).into(),
                product_id: product.id.clone().into(),
                gender: gender.clone(),
                liked: n < likes,
                session_id: None,
                device_info: None,
            })
        })
        .collect();
    app.store().apply_swipes(&commands, at).expect("swipes");
}

async fn trending_ranks_by_net_likes_and_filters_before_the_limit(backend: Backend) {
    let app = spawn_app(backend).await;
    let products = listed();
    let women: Vec<&catalogue::Product> = products
        .iter()
        .copied()
        .filter(|p| p.gender == catalogue::Gender::Female)
        .collect();
    let men: Vec<&catalogue::Product> = products
        .iter()
        .copied()
        .filter(|p| p.gender == catalogue::Gender::Male)
        .collect();
    let now = test_now();
    // Scores exactly on the badge edges: 10, 5, 0 and -1; then a tie on score broken by volume.
    crowd(&app, men[0], 10, 0, now);
    crowd(&app, women[0], 6, 1, now);
    crowd(&app, women[1], 2, 2, now);
    crowd(&app, men[1], 0, 1, now);
    crowd(&app, women[2], 12, 7, now);

    let all = trending(&app, "").await;
    let order: Vec<(&str, i64)> = all
        .iter()
        .map(|e| {
            (
                e["_id"].as_str().expect("id"),
                e["engagementScore"].as_i64().expect("score"),
            )
        })
        .collect();
    assert_eq!(
        order,
        vec![
            (men[0].id.as_str(), 10),
            (women[2].id.as_str(), 5),
            (women[0].id.as_str(), 5),
            (women[1].id.as_str(), 0),
            (men[1].id.as_str(), -1),
        ],
        "score, then total swipes"
    );
    let top = &all[0];
    assert_eq!(top["rank"], json!(1));
    assert_eq!(top["totalSwipes"], json!(10));
    assert_eq!(top["engagementRate"], json!(1.0));
    assert_eq!(top["product"]["name"], json!(men[0].name));
    assert_eq!(
        top["product"]["price"]["$numberDecimal"],
        json!(format!(
            "{}.{:02}",
            men[0].price_paise / 100,
            men[0].price_paise % 100
        ))
    );
    assert!(top["product"]["brand"]["name"].is_string());
    assert!(
        top["product"]["images"]
            .as_array()
            .is_some_and(|i| !i.is_empty())
    );
    assert_eq!(all[2]["engagementRate"], json!(6.0 / 7.0));

    let women_top2 = trending(&app, "gender=W&limit=2").await;
    assert_eq!(
        women_top2
            .iter()
            .map(|e| e["_id"].clone())
            .collect::<Vec<_>>(),
        vec![json!(women[2].id), json!(women[0].id)],
        "the limit applies after the gender filter"
    );
    assert_eq!(women_top2[1]["rank"], json!(2));
    assert_eq!(trending(&app, "gender=female&limit=1").await.len(), 1);
    assert!(trending(&app, "gender=U").await.is_empty());

    let res = app.get("/api/analytics/trending-products").await;
    let cache = res.headers()["cache-control"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(
        cache.contains("public") && cache.contains("s-maxage=30"),
        "{cache}"
    );
    let body: Value = res.json().await.expect("json");
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["data"]["timeWindow"], json!("7d"));
    assert_eq!(body["data"]["generatedAt"], json!("2026-11-23T10:00:00Z"));

    for (query, code) in [
        ("timeWindow=1y", "INVALID_TIME_WINDOW"),
        ("gender=X", "INVALID_GENDER"),
        ("limit=0", "INVALID_LIMIT"),
        ("limit=101", "INVALID_LIMIT"),
        ("limit=ten", "INVALID_LIMIT"),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/analytics/trending-products?{query}"))
            .await;
        assert_eq!((status, error_code(&body)), (400, code.into()), "{query}");
    }
}

async fn logged_swipes_are_counted_by_the_next_fold(backend: Backend) {
    let app = spawn_app(backend).await;
    let products = listed();
    let now = test_now();
    // Swipes written by another process, say, which the folder finds on its next round; it
    // counts them whether their hour is in a window (products[0]) or already out of every
    // window (products[1]).
    log_crowd(&app, products[0], 3, 1, now);
    log_crowd(&app, products[1], 2, 0, now - Duration::days(31));
    let day = trending(&app, "timeWindow=24h").await;
    assert_eq!(day.len(), 1, "{day:?}");
    assert_eq!(day[0]["_id"], json!(products[0].id));
    assert_eq!(counts(&day[0]), (3, 1, 2));
    assert_eq!(app.count("swipe_hours"), 2, "both hours bucketed");
    let check = app.store().check_rollups().expect("recount");
    assert!(check.exact(), "{check:?}");
}

async fn trending_windows_count_whole_hours(backend: Backend) {
    let app = spawn_app(backend).await;
    let products = listed();
    let now = test_now();
    // The server's clock is 10:00; 24h back is 10:00 the day before, on the hour, so that hour
    // counts whole and the hour before it not at all.
    crowd(&app, products[0], 1, 0, now - Duration::hours(24));
    crowd(
        &app,
        products[1],
        1,
        0,
        now - Duration::hours(24) - Duration::minutes(1),
    );
    crowd(&app, products[2], 1, 0, now - Duration::days(7));
    crowd(
        &app,
        products[3],
        1,
        0,
        now - Duration::days(7) - Duration::seconds(1),
    );
    crowd(&app, products[4], 1, 0, now - Duration::days(30));
    crowd(&app, products[5], 1, 0, now - Duration::days(31));
    app.store().roll_windows(now).expect("roll");
    let in_window = |list: Vec<Value>| -> HashSet<String> {
        list.iter()
            .map(|e| e["_id"].as_str().expect("id").to_owned())
            .collect()
    };
    let id = |i: usize| products[i].id.clone();
    assert_eq!(
        in_window(trending(&app, "timeWindow=24h").await),
        HashSet::from([id(0)])
    );
    assert_eq!(
        in_window(trending(&app, "timeWindow=7d").await),
        HashSet::from([id(0), id(1), id(2)])
    );
    assert_eq!(
        in_window(trending(&app, "timeWindow=30d").await),
        HashSet::from([id(0), id(1), id(2), id(3), id(4)])
    );
}

async fn feed(app: &TestApp, query: &str, session: Option<&Session>) -> Vec<Value> {
    let (status, body) = app
        .send_json(
            Method::GET,
            &format!("/api/products/feed?{query}"),
            None,
            session,
        )
        .await;
    assert_eq!(status, 200, "{query}: {body}");
    body.as_array().expect("a list").clone()
}

/// The feed keeps each shopper's swipes between requests: a swipe or an undo must still show in
/// the next batch, asked for right after it (well inside the second a kept state is trusted).
async fn a_swipe_or_undo_changes_the_very_next_feed(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.onboarded("kept@example.in").await;
    let first = ids(&Value::Array(feed(&app, "limit=8", Some(&session)).await));
    assert_eq!(first.len(), 8);
    for id in &first {
        assert_eq!(swipe(&app, &session, id, "dislike").await.0, 201);
    }
    let next = ids(&Value::Array(feed(&app, "limit=8", Some(&session)).await));
    assert_eq!(next.len(), 8);
    assert!(
        next.iter().all(|id| !first.contains(id)),
        "{next:?} repeats a card of {first:?}"
    );
    assert_eq!(undo(&app, &session).await.0, 200);
    let all = ids(&Value::Array(feed(&app, "limit=50", Some(&session)).await));
    let (undone, still_swiped) = first.split_last().expect("eight cards");
    assert!(
        all.iter().all(|id| !still_swiped.contains(id)),
        "only the undone card may come back"
    );
    let mut seen = all;
    let mut exclude = seen.clone();
    while !seen.contains(undone) {
        let more = ids(&Value::Array(
            feed(
                &app,
                &format!("limit=50&exclude={}", exclude.join(",")),
                Some(&session),
            )
            .await,
        ));
        assert!(!more.is_empty(), "the undone card comes back");
        seen = more;
        exclude.extend(seen.clone());
    }
}

fn brand_counts(cards: &[Value]) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for card in cards {
        *counts
            .entry(card["brand"]["_id"].as_str().expect("brand").to_owned())
            .or_default() += 1;
    }
    counts
}

async fn the_feed_leaves_out_what_was_swiped_and_caps_each_brand(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.onboarded("feed@example.in").await;
    let first = feed(&app, "limit=8", Some(&session)).await;
    assert_eq!(first.len(), 8);
    assert_eq!(
        feed(&app, "limit=8", Some(&session)).await,
        first,
        "the same state, the same batch"
    );
    assert!(
        first
            .iter()
            .all(|c| c["feed"]["score"].is_i64() && c["price"]["$numberDecimal"].is_string())
    );
    assert!(
        first
            .iter()
            .any(|c| c["feed"]["exploration"] == json!(true))
    );

    // Like everything of one brand: the feed leans to it but never past half a batch.
    let brand = first[0]["brand"]["_id"].as_str().expect("brand").to_owned();
    let of_brand: Vec<&catalogue::Product> = listed()
        .into_iter()
        .filter(|p| p.brand_id == brand)
        .take(4)
        .collect();
    for p in &of_brand {
        swipe(&app, &session, &p.id, "like").await;
    }
    let swiped: HashSet<&str> = of_brand.iter().map(|p| p.id.as_str()).collect();
    let next = feed(&app, "limit=8", Some(&session)).await;
    assert!(
        next.iter()
            .all(|c| !swiped.contains(c["_id"].as_str().expect("id")))
    );
    assert!(
        brand_counts(&next).values().all(|n| *n <= 4),
        "{:?}",
        brand_counts(&next)
    );
    let liked_brand = next
        .iter()
        .filter(|c| c["brand"]["_id"] == json!(brand))
        .count();
    assert!(liked_brand >= 1, "likes move the brand up");

    let excluded: Vec<String> = ids(&Value::Array(next.clone()));
    let after = feed(
        &app,
        &format!("limit=8&exclude={}", excluded.join(",")),
        Some(&session),
    )
    .await;
    assert!(
        after
            .iter()
            .all(|c| !excluded.contains(&c["_id"].as_str().expect("id").to_owned()))
    );

    let visitor = feed(&app, "limit=5", None).await;
    assert_eq!(visitor.len(), 5, "visitors get a feed too");

    // Undo brings a swiped product back into reach.
    undo(&app, &session).await;
    let all = feed(&app, "limit=50", Some(&session)).await;
    let back = &of_brand[3].id;
    let mut seen: Vec<String> = ids(&Value::Array(all));
    let mut exclude = seen.clone();
    while !seen.contains(back) {
        let more = feed(
            &app,
            &format!("limit=50&exclude={}", exclude.join(",")),
            Some(&session),
        )
        .await;
        assert!(!more.is_empty(), "the undone product comes back");
        seen = ids(&Value::Array(more));
        exclude.extend(seen.clone());
    }

    let many = (0..101)
        .map(|i| format!("b{i}"))
        .collect::<Vec<_>>()
        .join(",");
    for query in [
        "limit=0".to_owned(),
        "limit=51".into(),
        "gender=robot".into(),
        format!("brands={many}"),
    ] {
        let (status, body) = app.get_json(&format!("/api/products/feed?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
    }
}

async fn the_feed_follows_the_filters(backend: Backend) {
    let app = spawn_app(backend).await;
    let products = listed();
    let brand = products[0].brand_id.clone();
    let size = products[0].sizes[0].clone();
    let cards = feed(&app, &format!("limit=50&brands={brand}&sizes={size}"), None).await;
    let expected = products
        .iter()
        .filter(|p| p.brand_id == brand && p.sizes.contains(&size))
        .count();
    assert_eq!(cards.len(), expected.min(50));
    assert!(cards.iter().all(|c| c["brand"]["_id"] == json!(brand)
        && c["sizes"].as_array().expect("sizes").contains(&json!(size))));

    let colour = products[0].colour.clone();
    let cards = feed(
        &app,
        &format!("limit=50&colors={}&gender=MALE", colour.to_uppercase()),
        None,
    )
    .await;
    assert!(
        cards
            .iter()
            .all(|c| c["colour"] == json!(colour) && c["gender"] == json!("male"))
    );

    let category = products[0].category_ids[1].clone();
    let cards = feed(&app, &format!("limit=50&categories={category}"), None).await;
    assert!(!cards.is_empty());
    assert!(cards.iter().all(|c| {
        c["category"]
            .as_array()
            .expect("categories")
            .iter()
            .any(|k| k["_id"] == json!(category))
    }));

    let (status, filters) = app.get_json("/api/products/feed/filters").await;
    assert_eq!(status, 200);
    assert!(
        filters["colors"]
            .as_array()
            .expect("colors")
            .contains(&json!(colour))
    );
    let sizes = filters["sizes"].as_array().expect("sizes");
    let at = |s: &str| sizes.iter().position(|x| x == s);
    assert!(at("S") < at("M") && at("M") < at("L"), "{sizes:?}");
}

async fn the_curated_list_is_the_callers_own(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/curated-list").await;
    assert_eq!((status, error_code(&body)), (401, "UNAUTHENTICATED".into()));
    let session = app.sign_in("list@example.in").await;
    let product = &listed()[5];
    let add = |id: &str| {
        app.send_json(
            Method::POST,
            "/api/curated-list",
            Some(json!({"productId": id})),
            Some(&session),
        )
    };
    let (status, entry) = add(&product.id).await;
    assert_eq!(status, 201, "{entry}");
    assert_eq!(entry["_id"], json!(product.id));
    assert_eq!(entry["name"], json!(product.name));
    assert!(entry["brand"]["name"].is_string());
    assert!(
        entry["category"]
            .as_array()
            .expect("names")
            .iter()
            .all(Value::is_string)
    );
    assert_eq!(entry["addedAt"], json!("2026-11-23T10:00:00Z"));
    assert_eq!(
        add(&product.id).await.0,
        200,
        "adding again changes nothing"
    );
    assert_eq!(add("no-such-product").await.0, 404);
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/curated-list",
            Some(json!({})),
            Some(&session),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "INVALID_PRODUCT_ID".into())
    );
    assert_eq!(curated(&app, &session).await, vec![product.id.clone()]);

    let path = format!("/api/curated-list/{}", product.id);
    let (status, body) = app
        .send_json(Method::DELETE, &path, None, Some(&session))
        .await;
    assert_eq!((status, body), (200, json!({"success": true})));
    let (status, body) = app
        .send_json(Method::DELETE, &path, None, Some(&session))
        .await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("That product is not in your curated list."))
    );
    assert!(curated(&app, &session).await.is_empty());
}

async fn the_wishlist_heart_sets_the_state_asked_in_the_callers_own_list(backend: Backend) {
    let app = spawn_app(backend).await;
    let product = listed()[6].id.clone();
    let path = format!("/api/curated-list/{product}");
    let (status, body) = app
        .send_json(Method::PUT, &path, Some(json!({"inList": true})), None)
        .await;
    assert_eq!((status, error_code(&body)), (401, "UNAUTHENTICATED".into()));

    let (ana, ben) = (
        app.sign_in("heart-a@example.in").await,
        app.sign_in("heart-b@example.in").await,
    );
    let set = |session: &Session, path: String, in_list: Value| {
        let session = session.clone();
        let app = &app;
        async move {
            app.send_json(
                Method::PUT,
                &path,
                Some(json!({"inList": in_list})),
                Some(&session),
            )
            .await
        }
    };
    let (status, body) = set(&ana, path.clone(), json!(true)).await;
    assert_eq!(
        (status, body),
        (
            200,
            json!({"success": true, "data": {"productId": product, "inList": true, "changed": true}})
        )
    );
    let (_, body) = set(&ana, path.clone(), json!(true)).await;
    assert_eq!(
        body["data"]["changed"],
        json!(false),
        "a doubled tap changes nothing more"
    );
    assert_eq!(curated(&app, &ana).await, vec![product.clone()]);

    let (_, body) = set(&ben, path.clone(), json!(false)).await;
    assert_eq!(body["data"]["changed"], json!(false), "not in Ben's list");
    assert_eq!(
        curated(&app, &ana).await,
        vec![product.clone()],
        "Ana's list untouched"
    );
    set(&ben, path.clone(), json!(true)).await;
    let (_, body) = set(&ana, path.clone(), json!(false)).await;
    assert_eq!(
        body["data"],
        json!({"productId": product, "inList": false, "changed": true})
    );
    assert!(curated(&app, &ana).await.is_empty());
    assert_eq!(
        curated(&app, &ben).await,
        vec![product.clone()],
        "Ben's list untouched"
    );

    for bad in [json!(null), json!("yes"), json!(1)] {
        let (status, body) = set(&ana, path.clone(), bad.clone()).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, "INVALID_IN_LIST".into()),
            "{bad}"
        );
    }
    let (status, body) = app
        .send_json(Method::PUT, &path, Some(json!({})), Some(&ana))
        .await;
    assert_eq!((status, error_code(&body)), (400, "INVALID_IN_LIST".into()));
    let unknown = "/api/curated-list/no-such-product".to_owned();
    let (status, body) = set(&ana, unknown.clone(), json!(true)).await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("Product not found."))
    );
    let (status, body) = set(&ana, unknown, json!(false)).await;
    assert_eq!(
        (status, body["data"]["changed"].clone()),
        (200, json!(false))
    );
    assert!(
        curated(&app, &ana).await.is_empty(),
        "nothing stored by the refusals"
    );
}
