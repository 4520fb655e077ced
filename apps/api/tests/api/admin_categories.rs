//! The admin console's category tree (docs/http-api.md, "Admin: categories").

use reqwest::Method;
use serde_json::{Value, json};

use crate::admin_brands::eventually;
use crate::admin_users::{admin, brand_user, demo_brand, refused_to_non_admins, shopper};
use crate::helpers::{Backend, Session, TestApp, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    admins_see_the_tree_in_display_order,
    admins_add_rename_and_move_categories,
    the_tree_keeps_two_levels_of_one_gender,
    a_stale_category_edit_is_refused_with_the_current_category,
    siblings_are_reordered_and_positions_follow_the_convention,
    categories_added_at_once_each_get_their_own_place,
    a_category_in_use_is_not_deleted,
    only_admins_reach_the_categories,
);

async fn tree(app: &TestApp, root: &Session) -> Vec<Value> {
    let (status, body) = app
        .send_json(Method::GET, "/api/admin/categories", None, Some(root))
        .await;
    assert_eq!(status, 200, "{body}");
    body["categories"].as_array().expect("list").clone()
}

/// The top-level categories of `gender`, in order.
fn tops<'a>(tree: &'a [Value], gender: &str) -> Vec<&'a Value> {
    tree.iter()
        .filter(|c| c["gender"] == gender && c["parentCategory"].is_null())
        .collect()
}

fn children<'a>(tree: &'a [Value], parent: &Value) -> Vec<&'a Value> {
    tree.iter()
        .filter(|c| c["parentCategory"]["_id"] == parent["_id"])
        .collect()
}

fn id(category: &Value) -> String {
    category["_id"].as_str().expect("an id").to_owned()
}

/// Every top-level category is numbered 1, 2, 3... within its gender and followed by its
/// subcategories, numbered from its own number times 100 plus 1.
fn assert_convention(tree: &[Value]) {
    let mut top_position = 0;
    let mut child = 0;
    let mut gender = String::new();
    for c in tree {
        if c["gender"] != gender.as_str() {
            gender = c["gender"].as_str().expect("a gender").to_owned();
            top_position = 0;
        }
        if c["parentCategory"].is_null() {
            top_position += 1;
            child = 0;
            assert_eq!(c["position"], top_position, "{c}");
        } else {
            child += 1;
            assert_eq!(c["position"], top_position * 100 + child, "{c}");
        }
    }
}

async fn create(app: &TestApp, root: &Session, body: Value) -> (u16, Value) {
    app.send_json(
        Method::POST,
        "/api/admin/categories",
        Some(body),
        Some(root),
    )
    .await
}

async fn admins_see_the_tree_in_display_order(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let all = tree(&app, &root).await;
    assert_eq!(all.len(), crate::helpers::demo().categories.len());
    assert_convention(&all);
    let first = &all[0];
    for key in [
        "_id",
        "name",
        "gender",
        "parentCategory",
        "image",
        "position",
        "version",
        "productCount",
    ] {
        assert!(first.get(key).is_some(), "{key} in {first}");
    }
    let used = all
        .iter()
        .find(|c| c["productCount"].as_i64() > Some(0))
        .expect("a used category");
    let count = app.count(&format!(
        "product_categories WHERE category_id = '{}'",
        id(used)
    ));
    assert_eq!(used["productCount"], count);
    let child = all
        .iter()
        .find(|c| !c["parentCategory"].is_null())
        .expect("a subcategory");
    let parent = all
        .iter()
        .find(|c| c["_id"] == child["parentCategory"]["_id"])
        .expect("its parent");
    assert_eq!(child["parentCategory"]["name"], parent["name"]);
}

async fn admins_add_rename_and_move_categories(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let before = tree(&app, &root).await;
    let male_tops = tops(&before, "male").len();

    let (status, made) = create(
        &app,
        &root,
        json!({"name": " Sustainable ", "gender": "MALE", "image": "/media/x.jpg"}),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let top = made["category"].clone();
    assert_eq!(
        (
            top["name"].clone(),
            top["gender"].clone(),
            top["position"].clone(),
            top["version"].clone(),
            top["parentCategory"].clone(),
            top["image"].clone()
        ),
        (
            json!("Sustainable"),
            json!("male"),
            json!(male_tops + 1),
            json!(1),
            Value::Null,
            json!("/media/x.jpg")
        )
    );
    let (status, made) = create(
        &app,
        &root,
        json!({"name": "Organic Cotton", "gender": "male", "parentId": id(&top)}),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let sub = made["category"].clone();
    assert_eq!(sub["position"], (male_tops as i64 + 1) * 100 + 1);
    assert_eq!(
        sub["parentCategory"],
        json!({"_id": id(&top), "name": "Sustainable"})
    );
    assert_eq!(sub["image"], "");

    eventually(&app, "/api/categories/gender/male", |list| {
        list.as_array()
            .is_some_and(|l| l.iter().any(|c| c["name"] == "Organic Cotton"))
    })
    .await;

    let (status, renamed) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/categories/{}", id(&sub)),
            Some(json!({"name": "Organic", "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200, "{renamed}");
    assert_eq!(
        (
            renamed["category"]["name"].clone(),
            renamed["category"]["version"].clone()
        ),
        (json!("Organic"), json!(2))
    );

    let other = tops(&before, "male")[0].clone();
    let (status, moved) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/categories/{}", id(&sub)),
            Some(json!({"parentId": id(&other), "version": 2})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(
        moved["category"]["parentCategory"]["_id"],
        id(&other).as_str()
    );
    let after = tree(&app, &root).await;
    assert_convention(&after);
    let last = children(&after, &other).last().map(|c| id(c));
    assert_eq!(
        last,
        Some(id(&sub)),
        "a moved category goes last under its new parent"
    );

    let (status, lifted) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/categories/{}", id(&sub)),
            Some(json!({"parentId": null, "version": 3})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200, "{lifted}");
    assert_eq!(lifted["category"]["parentCategory"], Value::Null);
    assert_eq!(lifted["category"]["position"], male_tops as i64 + 2);
    assert_convention(&tree(&app, &root).await);

    let (status, missing) = app
        .send_json(
            Method::PATCH,
            "/api/admin/categories/no-such",
            Some(json!({"version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&missing)),
        (404, "NOT_FOUND".to_owned())
    );
}

async fn the_tree_keeps_two_levels_of_one_gender(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let all = tree(&app, &root).await;
    let male_top = tops(&all, "male")[0].clone();
    let female_top = tops(&all, "female")[0].clone();
    let male_sub = children(&all, &male_top)[0].clone();
    for (body, field) in [
        (json!({"name": "", "gender": "male"}), "name"),
        (json!({"name": "x".repeat(101), "gender": "male"}), "name"),
        (json!({"name": "Kids", "gender": "kids"}), "gender"),
        (
            json!({"name": "Kids", "gender": "male", "image": "x".repeat(501)}),
            "image",
        ),
        (
            json!({"name": "Deep", "gender": "male", "parentId": id(&male_sub)}),
            "parentId",
        ),
        (
            json!({"name": "Mixed", "gender": "male", "parentId": id(&female_top)}),
            "parentId",
        ),
        (
            json!({"name": "Lost", "gender": "male", "parentId": "no-such"}),
            "parentId",
        ),
    ] {
        let (status, refused) = create(&app, &root, body.clone()).await;
        assert_eq!(status, 400, "{body}: {refused}");
        assert_eq!(error_code(&refused), "VALIDATION_FAILED");
        assert!(refused["fields"][field].is_string(), "{body}: {refused}");
    }
    let edit = |category: &Value, parent: Value| json!({"parentId": parent, "version": category["version"]});
    for (category, parent) in [
        (&male_top, json!(id(&male_top))),
        (&male_top, json!(id(tops(&all, "male")[1]))),
        (&male_sub, json!(id(&female_top))),
        (
            &male_sub,
            json!(id(children(&all, tops(&all, "male")[1])[0])),
        ),
    ] {
        let (status, refused) = app
            .send_json(
                Method::PATCH,
                &format!("/api/admin/categories/{}", id(category)),
                Some(edit(category, parent.clone())),
                Some(&root),
            )
            .await;
        assert_eq!(status, 400, "{parent}: {refused}");
        assert!(refused["fields"]["parentId"].is_string(), "{refused}");
    }
    assert_eq!(tree(&app, &root).await, all, "refusals change nothing");
    assert_eq!(app.count("audit_log"), 0);
}

async fn a_stale_category_edit_is_refused_with_the_current_category(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let all = tree(&app, &root).await;
    let path = format!("/api/admin/categories/{}", id(&all[0]));
    let (status, _) = app
        .send_json(
            Method::PATCH,
            &path,
            Some(json!({"name": "First", "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200);
    let (status, stale) = app
        .send_json(
            Method::PATCH,
            &path,
            Some(json!({"name": "Second", "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&stale)),
        (409, "STALE_EDIT".to_owned()),
        "{stale}"
    );
    assert_eq!(
        (
            stale["current"]["name"].clone(),
            stale["current"]["version"].clone()
        ),
        (json!("First"), json!(2))
    );
    let (status, refused) = app
        .send_json(
            Method::PATCH,
            &path,
            Some(json!({"name": "Third"})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&refused)),
        (428, "VERSION_REQUIRED".to_owned())
    );
}

async fn siblings_are_reordered_and_positions_follow_the_convention(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let all = tree(&app, &root).await;
    let mut order: Vec<String> = tops(&all, "female").iter().map(|c| id(c)).collect();
    order.reverse();
    let (status, answer) = app
        .send_json(
            Method::PUT,
            "/api/admin/categories/order",
            Some(json!({"ids": order})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let now = answer["categories"].as_array().expect("list").clone();
    assert_eq!(
        tops(&now, "female")
            .iter()
            .map(|c| id(c))
            .collect::<Vec<_>>(),
        order
    );
    assert_convention(&now);
    for top in tops(&all, "female") {
        let before: Vec<String> = children(&all, top).iter().map(|c| id(c)).collect();
        let after: Vec<String> = children(&now, top).iter().map(|c| id(c)).collect();
        assert_eq!(
            before, after,
            "subcategories follow their parent in their order"
        );
    }
    eventually(&app, "/api/categories/gender/female", |list| {
        list.as_array()
            .and_then(|l| l.iter().find(|c| c["parentCategory"].is_null()))
            .is_some_and(|c| c["_id"] == order[0].as_str())
    })
    .await;

    let parent = tops(&now, "male")[0].clone();
    let mut subs: Vec<String> = children(&now, &parent).iter().map(|c| id(c)).collect();
    subs.rotate_left(1);
    let (status, answer) = app
        .send_json(
            Method::PUT,
            "/api/admin/categories/order",
            Some(json!({"ids": subs})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let now = answer["categories"].as_array().expect("list").clone();
    assert_eq!(
        children(&now, &parent)
            .iter()
            .map(|c| id(c))
            .collect::<Vec<_>>(),
        subs
    );
    assert_convention(&now);

    let male: Vec<String> = tops(&now, "male").iter().map(|c| id(c)).collect();
    let mixed = vec![male[0].clone(), subs[0].clone()];
    let cross_gender: Vec<String> = male.iter().cloned().chain([order[0].clone()]).collect();
    for ids in [
        json!([]),
        json!(male[1..]),
        json!(mixed),
        json!(cross_gender),
        json!(["no-such"]),
        json!([male[0], male[0]]),
        json!(null),
    ] {
        let (status, refused) = app
            .send_json(
                Method::PUT,
                "/api/admin/categories/order",
                Some(json!({"ids": ids})),
                Some(&root),
            )
            .await;
        assert_eq!(status, 400, "{ids}: {refused}");
        assert!(refused["fields"]["ids"].is_string(), "{refused}");
    }
}

async fn a_category_in_use_is_not_deleted(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let all = tree(&app, &root).await;
    let used = all
        .iter()
        .find(|c| !c["parentCategory"].is_null() && c["productCount"].as_i64() > Some(0))
        .expect("a used subcategory");
    let (status, refused) = app
        .send_json(
            Method::DELETE,
            &format!("/api/admin/categories/{}", id(used)),
            None,
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&refused)),
        (409, "IN_USE".to_owned()),
        "{refused}"
    );
    assert_eq!(refused["count"], used["productCount"]);

    let (_, made) = create(&app, &root, json!({"name": "Empty", "gender": "unisex"})).await;
    let empty = made["category"].clone();
    let (_, made) = create(
        &app,
        &root,
        json!({"name": "Inner", "gender": "unisex", "parentId": id(&empty)}),
    )
    .await;
    let inner = made["category"].clone();
    let (status, refused) = app
        .send_json(
            Method::DELETE,
            &format!("/api/admin/categories/{}", id(&empty)),
            None,
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&refused), refused["count"].clone()),
        (409, "IN_USE".to_owned(), json!(1)),
        "{refused}"
    );
    assert!(
        refused["error"]
            .as_str()
            .expect("a message")
            .contains("subcategories")
    );
    for gone in [&inner, &empty] {
        let (status, deleted) = app
            .send_json(
                Method::DELETE,
                &format!("/api/admin/categories/{}", id(gone)),
                None,
                Some(&root),
            )
            .await;
        assert_eq!((status, deleted), (200, json!({"success": true})));
    }
    let (status, missing) = app
        .send_json(
            Method::DELETE,
            &format!("/api/admin/categories/{}", id(&empty)),
            None,
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&missing)),
        (404, "NOT_FOUND".to_owned())
    );
    let after = tree(&app, &root).await;
    assert_eq!(after.len(), all.len());
    assert_convention(&after);
}

async fn only_admins_reach_the_categories(backend: Backend) {
    let app = spawn_app(backend).await;
    let team = brand_user(&app, "team@example.in", &demo_brand()).await;
    let someone = shopper(&app, "someone@example.in").await;
    let any = crate::helpers::demo().categories[0].id.clone();
    let path = format!("/api/admin/categories/{any}");
    for (method, path, body) in [
        (Method::GET, "/api/admin/categories", None),
        (
            Method::POST,
            "/api/admin/categories",
            Some(json!({"name": "Mine", "gender": "male"})),
        ),
        (
            Method::PUT,
            "/api/admin/categories/order",
            Some(json!({"ids": [any]})),
        ),
        (
            Method::PATCH,
            path.as_str(),
            Some(json!({"name": "Mine", "version": 1})),
        ),
        (Method::DELETE, path.as_str(), None),
    ] {
        refused_to_non_admins(&app, method, path, body, &team, &someone).await;
    }
    assert_eq!(app.count("categories WHERE name = 'Mine'"), 0);
}

async fn categories_added_at_once_each_get_their_own_place(backend: Backend) {
    let app = spawn_app(backend).await;
    let first = admin(&app, "first@example.in").await;
    let second = admin(&app, "second@example.in").await;
    for round in 0..3 {
        let (a, b) = tokio::join!(
            create(
                &app,
                &first,
                json!({"name": format!("A{round}"), "gender": "unisex"})
            ),
            create(
                &app,
                &second,
                json!({"name": format!("B{round}"), "gender": "unisex"})
            ),
        );
        assert_eq!((a.0, b.0), (201, 201), "round {round}: {a:?} {b:?}");
        assert_ne!(
            a.1["category"]["position"], b.1["category"]["position"],
            "round {round}"
        );
    }
    assert_convention(&tree(&app, &first).await);
}
