//! Product lists (`/api/products`, `/gender`, `/brand/{id}`, `/category`, `/tag`) and detail:
//! every filter, bound and error, on both backends.

use std::collections::HashSet;

use serde_json::Value;

use crate::helpers::{Backend, TEST_PRODUCTS, demo, error_code, ids, listed, paise, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    list_answers_a_bare_array_in_the_contract_shape,
    list_filters_by_gender_and_price,
    pages_do_not_overlap_and_cover_the_listed_catalogue,
    every_page_of_a_price_filtered_list_is_the_next_slice,
    products_of_inactive_brands_are_never_listed,
    exclude_leaves_out_the_given_ids_across_pages,
    sorts_order_by_offer_price_and_name,
    discount_keeps_an_exact_offer_or_any_offer,
    offer_applies_the_offer_table,
    gender_path_answers_the_same_list,
    brand_lists_its_products_and_404s_unknown_or_inactive_brands,
    category_by_id_or_by_name_with_gender_picking_among_shared_names,
    tag_is_literal_text_ignoring_case,
    bad_query_values_are_json_400s_naming_the_parameter,
    detail_answers_one_product_or_a_json_404,
    assigned_coupons_report_validity_at_the_servers_time,
    product_variants_mirror_colour_images_and_stock,
);

/// `product_variants` is one variant: the colour, the images and each size with its units,
/// in the order of `sizes`.
pub fn assert_variants_match(p: &Value) {
    let variants = p["product_variants"].as_array().expect("product_variants");
    assert_eq!(variants.len(), 1, "{p}");
    let variant = &variants[0];
    assert_eq!(variant["color"], p["colour"], "{p}");
    assert_eq!(variant["images"], p["images"], "{p}");
    let sizes: Vec<Value> = p["sizes"]
        .as_array()
        .expect("sizes")
        .iter()
        .map(|size| {
            let size = size.as_str().expect("a size");
            serde_json::json!({"size": size, "stock": p["stock"][size]})
        })
        .collect();
    assert_eq!(variant["sizes"], Value::Array(sizes), "{p}");
}

async fn product_variants_mirror_colour_images_and_stock(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/products?limit=200").await;
    assert_eq!(status, 200);
    let products = body.as_array().expect("a bare JSON array");
    assert!(!products.is_empty());
    for p in products {
        assert_variants_match(p);
    }
    let id = products[0]["_id"].as_str().expect("id");
    let (status, detail) = app.get_json(&format!("/api/products/id/{id}")).await;
    assert_eq!(status, 200);
    assert_variants_match(&detail);
    assert_eq!(detail["product_variants"], products[0]["product_variants"]);
}

async fn list_answers_a_bare_array_in_the_contract_shape(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/products?limit=5").await;
    assert_eq!(status, 200);
    let products = body.as_array().expect("a bare JSON array");
    assert_eq!(products.len(), 5);
    for p in products {
        assert!(p["_id"].as_str().is_some_and(|id| !id.is_empty()));
        assert!(p["name"].as_str().is_some_and(|n| !n.is_empty()));
        assert!(paise(&p["price"]) > 0);
        assert_eq!(p["currency"], "INR");
        assert!(
            p["offerPercentage"]
                .as_i64()
                .is_some_and(|o| (0..=100).contains(&o))
        );
        let images = p["images"].as_array().expect("images is a list");
        assert!(!images.is_empty());
        assert!(
            images
                .iter()
                .all(|i| i.as_str().is_some_and(|u| u.starts_with("/api/media/")))
        );
        assert!(p["brand"]["_id"].is_string() && p["brand"]["name"].is_string());
        assert!(
            p["brand"].get("logo_url").is_some(),
            "brand carries logo_url (maybe null)"
        );
        let categories = p["category"].as_array().expect("category is a list");
        assert!(!categories.is_empty());
        assert!(
            categories
                .iter()
                .all(|c| c["_id"].is_string() && c["name"].is_string())
        );
        let sizes = p["sizes"].as_array().expect("sizes");
        let stock = p["stock"].as_object().expect("stock is a map");
        assert_eq!(sizes.len(), stock.len());
        for size in sizes {
            assert!(
                stock[size.as_str().expect("size text")]
                    .as_i64()
                    .is_some_and(|n| n >= 0)
            );
        }
        assert!(["male", "female", "unisex"].contains(&p["gender"].as_str().expect("gender")));
        assert!(p["specifications"]["sleeveLength"].is_string());
        assert!(p["createdAt"].is_string());
    }
    let created: Vec<&str> = products
        .iter()
        .map(|p| p["createdAt"].as_str().expect("createdAt"))
        .collect();
    let mut sorted = created.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(created, sorted, "newest first");
}

async fn list_filters_by_gender_and_price(backend: Backend) {
    let app = spawn_app(backend).await;
    for gender in ["male", "FEMALE", "Unisex"] {
        let (status, body) = app
            .get_json(&format!("/api/products?gender={gender}&limit=200"))
            .await;
        assert_eq!(status, 200);
        let products = body.as_array().expect("list");
        assert!(!products.is_empty(), "demo has {gender} products");
        assert!(
            products
                .iter()
                .all(|p| p["gender"] == gender.to_lowercase())
        );
    }
    let (_, body) = app
        .get_json("/api/products?minPrice=799&maxPrice=2999&limit=200")
        .await;
    let products = body.as_array().expect("list");
    assert!(!products.is_empty());
    assert!(
        products
            .iter()
            .all(|p| (79_900..=299_900).contains(&paise(&p["price"])))
    );
    let (_, body) = app
        .get_json("/api/products?maxPrice=₹1,299&limit=200")
        .await;
    assert!(
        body.as_array()
            .expect("list")
            .iter()
            .all(|p| paise(&p["price"]) <= 129_900)
    );
}

async fn pages_do_not_overlap_and_cover_the_listed_catalogue(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut seen = HashSet::new();
    for page in 1.. {
        let (status, body) = app
            .get_json(&format!("/api/products?limit=50&page={page}"))
            .await;
        assert_eq!(status, 200);
        let products = body.as_array().expect("list");
        if products.is_empty() {
            break;
        }
        for p in products {
            assert!(
                seen.insert(p["_id"].as_str().expect("id").to_owned()),
                "no product twice"
            );
        }
    }
    assert_eq!(seen.len(), listed().len());
}

async fn bad_query_values_are_json_400s_naming_the_parameter(backend: Backend) {
    let app = spawn_app(backend).await;
    for (query, parameter) in [
        ("limit=abc", "limit"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
        ("limit=-1", "limit"),
        ("page=0", "page"),
        ("page=1.5", "page"),
        ("gender=alien", "gender"),
        ("minPrice=abc", "minPrice"),
        ("minPrice=-5", "minPrice"),
        ("maxPrice=1e999", "maxPrice"),
        ("minPrice=3000&maxPrice=100", "minPrice"),
        ("sort=cheapest", "sort"),
        ("discount=0", "discount"),
        ("discount=101", "discount"),
        ("discount=12.5", "discount"),
        ("offer=others", "offer"),
        ("offer=Starting", "offer"),
        ("gender=male&gender=female", "gender"),
    ] {
        let (status, body) = app.get_json(&format!("/api/products?{query}")).await;
        assert_eq!(status, 400, "{query}");
        error_code(&body);
        assert!(
            body["error"].as_str().expect("message").contains(parameter),
            "{query}: {body}"
        );
    }
}

async fn detail_answers_one_product_or_a_json_404(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, list) = app.get_json("/api/products?limit=1").await;
    let first = &list[0];
    let id = first["_id"].as_str().expect("id");
    let (status, body) = app.get_json(&format!("/api/products/id/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(&body, first);
    let (status, body) = app.get_json("/api/products/id/no-such-product").await;
    assert_eq!(status, 404);
    assert_eq!(error_code(&body), "NOT_FOUND");
    assert_eq!(body["error"], "Product not found.");
}

async fn assigned_coupons_report_validity_at_the_servers_time(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, body) = app
        .get_json(&format!("/api/products?limit={TEST_PRODUCTS}"))
        .await;
    let with_coupon: Vec<&Value> = body
        .as_array()
        .expect("list")
        .iter()
        .filter(|p| !p["assigned_coupon"].is_null())
        .collect();
    assert!(!with_coupon.is_empty(), "the demo assigns coupons");
    let valid = with_coupon
        .iter()
        .filter(|p| p["assigned_coupon"]["is_currently_valid"] == true)
        .count();
    assert!(
        valid > 0 && valid < with_coupon.len(),
        "both valid and lapsed coupons are present"
    );
    for p in with_coupon {
        let c = &p["assigned_coupon"];
        assert!(
            c["coupon_code"]
                .as_str()
                .is_some_and(|code| code == code.to_uppercase())
        );
        match c["discount_type"].as_str() {
            Some("percentage") => assert!(
                c["discount_value"]
                    .as_i64()
                    .is_some_and(|v| (1..=100).contains(&v))
            ),
            Some("fixed") => assert!(paise(&c["discount_value"]) > 0),
            other => panic!("unexpected discount_type {other:?}"),
        }
        assert!(c["max_discount_amount"].is_null() || paise(&c["max_discount_amount"]) > 0);
        // The demo's expired DIWALI40 and inactive WELCOME100 are assigned to a few products;
        // every other coupon runs from 2026-01-01 to 2031-01-01, around the pinned test time.
        let expected = !matches!(c["coupon_code"].as_str(), Some("DIWALI40" | "WELCOME100"));
        assert_eq!(c["is_currently_valid"], expected, "{c}");
    }
}

async fn products_of_inactive_brands_are_never_listed(backend: Backend) {
    let app = spawn_app(backend).await;
    let inactive: Vec<&catalogue::Brand> = demo().brands.iter().filter(|b| !b.is_active).collect();
    assert!(!inactive.is_empty());
    let hidden: Vec<&catalogue::Product> = demo()
        .products
        .iter()
        .filter(|p| inactive.iter().any(|b| b.id == p.brand_id))
        .collect();
    assert!(
        !hidden.is_empty(),
        "the demo gives inactive brands products"
    );
    let (_, all) = app.get_json("/api/products?limit=200").await;
    let shown: HashSet<String> = ids(&all).into_iter().collect();
    for p in &hidden {
        assert!(!shown.contains(&p.id), "{} is listed", p.name);
        let (status, _) = app.get_json(&format!("/api/products/id/{}", p.id)).await;
        assert_eq!(status, 404, "{} is shown", p.name);
    }
}

async fn exclude_leaves_out_the_given_ids_across_pages(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, first) = app.get_json("/api/products?limit=8").await;
    let shown = ids(&first);
    let exclude = shown.join(",");
    let (status, next) = app
        .get_json(&format!("/api/products?limit=8&exclude={exclude}"))
        .await;
    assert_eq!(status, 200);
    let next = ids(&next);
    assert_eq!(next.len(), 8);
    assert!(next.iter().all(|id| !shown.contains(id)));
    let expected: Vec<String> = listed()[8..16].iter().map(|p| p.id.clone()).collect();
    assert_eq!(next, expected, "the deck's next batch is the next eight");
    let (_, page2) = app
        .get_json(&format!(
            "/api/products?limit=8&page=2&exclude={exclude}, no-such-id ,"
        ))
        .await;
    let expected: Vec<String> = listed()[16..24].iter().map(|p| p.id.clone()).collect();
    assert_eq!(ids(&page2), expected, "unknown ids and blanks are ignored");
    let too_many: Vec<String> = (0..501).map(|i| format!("id{i}")).collect();
    let too_many = too_many.join(",");
    let (status, body) = app
        .get_json(&format!("/api/products?exclude={too_many}"))
        .await;
    assert_eq!(status, 400);
    assert!(body["error"].as_str().expect("message").contains("exclude"));
}

fn offer_paise(p: &Value) -> i64 {
    let price = paise(&p["price"]);
    let offer = p["offerPercentage"].as_i64().expect("offer");
    // Exact to the paisa, half away from zero, as the pricing crate rounds.
    (price * (100 - offer) * 2 + 100) / 200
}

async fn sorts_order_by_offer_price_and_name(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, low) = app.get_json("/api/products?sort=price-low&limit=200").await;
    let low: Vec<&Value> = low.as_array().expect("list").iter().collect();
    assert_eq!(low.len(), listed().len());
    assert!(
        low.windows(2)
            .all(|w| offer_paise(w[0]) <= offer_paise(w[1]))
    );
    let (_, high) = app
        .get_json("/api/products?sort=price-high&gender=female&limit=200")
        .await;
    let high: Vec<&Value> = high.as_array().expect("list").iter().collect();
    assert!(high.iter().all(|p| p["gender"] == "female"));
    assert!(
        high.windows(2)
            .all(|w| offer_paise(w[0]) >= offer_paise(w[1]))
    );
    let (_, named) = app.get_json("/api/products?sort=name&limit=200").await;
    let names: Vec<String> = named
        .as_array()
        .expect("list")
        .iter()
        .map(|p| p["name"].as_str().expect("name").to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let (_, newest) = app.get_json("/api/products?sort=newest&limit=5").await;
    let (_, default) = app.get_json("/api/products?limit=5").await;
    assert_eq!(newest, default);
}

async fn discount_keeps_an_exact_offer_or_any_offer(backend: Backend) {
    let app = spawn_app(backend).await;
    for discount in [50, 20, 40, 30] {
        let (status, body) = app
            .get_json(&format!("/api/products?discount={discount}&limit=200"))
            .await;
        assert_eq!(status, 200);
        let found = body.as_array().expect("list");
        let expected = listed()
            .iter()
            .filter(|p| p.offer_percentage == discount)
            .count();
        assert!(expected > 0, "the demo has {discount}% offers");
        assert_eq!(found.len(), expected, "{discount}");
        assert!(found.iter().all(|p| p["offerPercentage"] == discount));
    }
    let (_, any) = app.get_json("/api/products?discount=any&limit=200").await;
    let expected = listed().iter().filter(|p| p.offer_percentage > 0).count();
    assert_eq!(any.as_array().expect("list").len(), expected);
}

async fn offer_applies_the_offer_table(backend: Backend) {
    let app = spawn_app(backend).await;
    for (offer, min, max) in [
        ("starting", Some(49_900), None),
        ("starting-women", Some(79_900), None),
        ("under1299", None, Some(129_900)),
        ("under899", None, Some(89_900)),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/products?offer={offer}&limit=200"))
            .await;
        assert_eq!(status, 200, "{offer}");
        let inside = |price: i64| min.is_none_or(|m| price >= m) && max.is_none_or(|m| price <= m);
        let expected = listed().iter().filter(|p| inside(p.price_paise)).count();
        let found = body.as_array().expect("list");
        assert_eq!(found.len(), expected.min(200), "{offer}");
        assert!(found.iter().all(|p| inside(paise(&p["price"]))), "{offer}");
    }
    let (_, both) = app
        .get_json("/api/products?offer=under899&maxPrice=600&limit=200")
        .await;
    assert!(
        both.as_array()
            .expect("list")
            .iter()
            .all(|p| paise(&p["price"]) <= 60_000),
        "the tighter bound wins"
    );
}

async fn gender_path_answers_the_same_list(backend: Backend) {
    let app = spawn_app(backend).await;
    let query = "gender=female&maxPrice=1299&limit=20&page=2";
    let (_, a) = app.get_json(&format!("/api/products?{query}")).await;
    let (status, b) = app.get_json(&format!("/api/products/gender?{query}")).await;
    assert_eq!(status, 200);
    assert_eq!(a, b);
}

async fn brand_lists_its_products_and_404s_unknown_or_inactive_brands(backend: Backend) {
    let app = spawn_app(backend).await;
    let brand = demo()
        .brands
        .iter()
        .find(|b| b.is_active)
        .expect("an active brand");
    let (status, body) = app
        .get_json(&format!("/api/products/brand/{}?limit=200", brand.id))
        .await;
    assert_eq!(status, 200);
    let expected: Vec<String> = listed()
        .iter()
        .filter(|p| p.brand_id == brand.id)
        .map(|p| p.id.clone())
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(ids(&body), expected, "newest first");
    let (_, sorted) = app
        .get_json(&format!("/api/products/brand/{}?sort=price-low", brand.id))
        .await;
    let sorted: Vec<&Value> = sorted.as_array().expect("list").iter().collect();
    assert!(
        sorted
            .windows(2)
            .all(|w| offer_paise(w[0]) <= offer_paise(w[1]))
    );
    let (_, other_gender) = app
        .get_json(&format!("/api/products/brand/{}?gender=unisex", brand.id))
        .await;
    assert_eq!(
        other_gender,
        serde_json::json!([]),
        "a men's brand sells no unisex"
    );

    let inactive = demo()
        .brands
        .iter()
        .find(|b| !b.is_active)
        .expect("inactive");
    for id in [inactive.id.as_str(), "no-such-brand"] {
        let (status, body) = app.get_json(&format!("/api/products/brand/{id}")).await;
        assert_eq!(status, 404);
        assert_eq!(body["error"], "Brand not found");
    }
}

async fn category_by_id_or_by_name_with_gender_picking_among_shared_names(backend: Backend) {
    let app = spawn_app(backend).await;
    let categories = &demo().categories;
    let cargo = categories
        .iter()
        .find(|c| c.name == "Cargos & Parachutes")
        .expect("the look pages' category");
    let in_category = |id: &str| -> Vec<String> {
        listed()
            .iter()
            .filter(|p| p.category_ids.iter().any(|c| c == id))
            .map(|p| p.id.clone())
            .collect()
    };
    let (status, by_id) = app
        .get_json(&format!(
            "/api/products/category?category={}&limit=200",
            cargo.id
        ))
        .await;
    assert_eq!(status, 200);
    assert_eq!(ids(&by_id), in_category(&cargo.id));
    let (status, by_name) = app
        .get_json("/api/products/category?category=Cargos%20%26%20Parachutes&limit=200")
        .await;
    assert_eq!(status, 200, "the decoded name, & included");
    assert_eq!(by_name, by_id);

    // "Jeans" is a men's and a women's subcategory: gender picks one, no gender takes both.
    let jeans: Vec<&catalogue::Category> =
        categories.iter().filter(|c| c.name == "Jeans").collect();
    assert_eq!(jeans.len(), 2);
    let women = jeans
        .iter()
        .find(|c| c.gender == catalogue::Gender::Female)
        .expect("women's jeans");
    let (_, female) = app
        .get_json("/api/products/category?category=jeans&gender=female&limit=200")
        .await;
    assert_eq!(ids(&female), in_category(&women.id));
    let (_, both) = app
        .get_json("/api/products/category?category=Jeans&limit=200")
        .await;
    let mut expected: Vec<String> = listed()
        .iter()
        .filter(|p| jeans.iter().any(|j| p.category_ids.contains(&j.id)))
        .map(|p| p.id.clone())
        .collect();
    expected.truncate(200);
    assert_eq!(ids(&both), expected);

    let (status, body) = app
        .get_json("/api/products/category?category=Spacesuits")
        .await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "Category not found");
    let (status, body) = app.get_json("/api/products/category").await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .expect("message")
            .contains("category")
    );
}

async fn tag_is_literal_text_ignoring_case(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app
        .get_json("/api/products/tag?tag=STREETWEAR&gender=male&limit=200")
        .await;
    assert_eq!(status, 200);
    let expected: Vec<String> = listed()
        .iter()
        .filter(|p| p.gender == catalogue::Gender::Male && p.tags.iter().any(|t| t == "streetwear"))
        .map(|p| p.id.clone())
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(ids(&body), expected);
    // As sent in the URL: .*, %, street.*, streetwear|casual
    for pattern in [".*", "%25", "street.*", "streetwear%7Ccasual"] {
        let (status, body) = app
            .get_json(&format!("/api/products/tag?tag={pattern}"))
            .await;
        assert_eq!(status, 200, "{pattern}");
        assert_eq!(body, serde_json::json!([]), "{pattern} is not a pattern");
    }
    let (status, _) = app.get_json("/api/products/tag?tag=%20%20").await;
    assert_eq!(status, 400, "a blank tag");
}

async fn every_page_of_a_price_filtered_list_is_the_next_slice(backend: Backend) {
    let app = spawn_app(backend).await;
    for (query, gender) in [
        ("maxPrice=1299", None),
        ("gender=male&minPrice=999", Some(catalogue::Gender::Male)),
    ] {
        let (min, max) = if gender.is_some() {
            (99_900, i64::MAX)
        } else {
            (0, 129_900)
        };
        let expected: Vec<String> = listed()
            .iter()
            .filter(|p| gender.is_none_or(|g| p.gender == g))
            .filter(|p| (min..=max).contains(&p.price_paise))
            .map(|p| p.id.clone())
            .collect();
        assert!(expected.len() > 10, "{query} needs several pages");
        let mut seen = Vec::new();
        for page in 1.. {
            let (status, body) = app
                .get_json(&format!("/api/products?{query}&limit=3&page={page}"))
                .await;
            assert_eq!(status, 200);
            let got = ids(&body);
            if got.is_empty() {
                break;
            }
            seen.extend(got);
        }
        assert_eq!(seen, expected, "{query}");
    }
}
