//! `GET /api/categories/gender/{gender}` and `GET /api/categories/admin/all`.

use serde_json::Value;

use crate::helpers::{Backend, demo, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    a_genders_categories_start_with_homes_four,
    all_categories_carry_their_parent,
    bad_gender_is_a_400,
);

async fn a_genders_categories_start_with_homes_four(backend: Backend) {
    let app = spawn_app(backend).await;
    for (gender, first_four) in [
        (
            "male",
            ["Topwear", "Bottomwear", "Ethnic Wear", "Accessories"],
        ),
        (
            "FEMALE",
            ["Western Wear", "Bottomwear", "Ethnic Wear", "Accessories"],
        ),
        (
            "unisex",
            ["Topwear", "Bottomwear", "Accessories", "Footwear"],
        ),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/categories/gender/{gender}"))
            .await;
        assert_eq!(status, 200);
        let list = body.as_array().expect("a bare list");
        let names: Vec<&str> = list
            .iter()
            .take(4)
            .map(|c| c["name"].as_str().expect("name"))
            .collect();
        assert_eq!(
            names, first_four,
            "000 §2.5: home's first four for {gender}"
        );
        assert!(list.iter().all(|c| c["gender"] == gender.to_lowercase()));
        let expected = demo()
            .categories
            .iter()
            .filter(|c| c.gender.as_str() == gender.to_lowercase())
            .count();
        assert_eq!(list.len(), expected);
    }
}

async fn all_categories_carry_their_parent(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/categories/admin/all").await;
    assert_eq!(status, 200);
    let list: &Vec<Value> = body.as_array().expect("list");
    assert_eq!(list.len(), demo().categories.len());
    let genders: Vec<&str> = list
        .iter()
        .map(|c| c["gender"].as_str().expect("gender"))
        .collect();
    let first_female = genders
        .iter()
        .position(|g| *g == "female")
        .expect("women's");
    let first_unisex = genders.iter().position(|g| *g == "unisex").expect("unisex");
    assert!(
        genders[..first_female].iter().all(|g| *g == "male"),
        "men's first"
    );
    assert!(first_female < first_unisex);
    for c in list {
        let generated = demo()
            .categories
            .iter()
            .find(|g| g.id == c["_id"].as_str().expect("id"))
            .expect("a stored category");
        match &generated.parent_id {
            None => assert!(c["parentCategory"].is_null(), "{c}"),
            Some(parent) => {
                assert_eq!(c["parentCategory"]["_id"], parent.as_str());
                let parent_name = demo()
                    .categories
                    .iter()
                    .find(|g| &g.id == parent)
                    .expect("parent")
                    .name
                    .as_str();
                assert_eq!(c["parentCategory"]["name"], parent_name, "populated");
            }
        }
        assert!(
            c["image"]
                .as_str()
                .is_some_and(|i| i.starts_with("/api/media/"))
        );
        assert!(c["productCount"].is_u64());
    }
}

async fn bad_gender_is_a_400(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/categories/gender/alien").await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "INVALID_GENDER");
}
