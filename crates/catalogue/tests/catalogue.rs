//! The demo catalogue as the rest of the shop relies on it.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use catalogue::{
    Catalogue, Category, DEMO_PRODUCT_COUNT, Gender, MEDIA_PREFIX, Product, generate, resolve_media,
};
use pricing::{CouponDiscount, Money};

/// Sizes of the specification (001 §9).
const SIZES: [&str; 14] = [
    "XS", "S", "M", "L", "XL", "XXL", "28", "30", "32", "34", "36", "38", "40", "42",
];

fn demo() -> &'static Catalogue {
    static DEMO: OnceLock<Catalogue> = OnceLock::new();
    DEMO.get_or_init(|| generate(DEMO_PRODUCT_COUNT))
}

fn category<'a>(c: &'a Catalogue, id: &str) -> &'a Category {
    c.categories
        .iter()
        .find(|category| category.id == id)
        .unwrap_or_else(|| panic!("no category {id}"))
}

fn rupees(paise: i64) -> i64 {
    paise / 100
}

#[test]
fn the_demo_has_exactly_the_demo_count_of_products() {
    assert_eq!(DEMO_PRODUCT_COUNT, 1500);
    assert_eq!(demo().products.len(), 1500);
    assert_eq!(generate(0).products.len(), 0);
    assert_eq!(generate(1).products.len(), 1);
    assert_eq!(generate(37).products.len(), 37);
}

#[test]
fn generation_is_deterministic() {
    assert_eq!(&generate(DEMO_PRODUCT_COUNT), demo());
    let small = generate(10);
    assert_eq!(small.brands, demo().brands);
    assert_eq!(small.categories, demo().categories);
    assert_eq!(small.coupons, demo().coupons);
    assert_eq!(small.static_images, demo().static_images);
}

#[test]
fn ids_are_unique_and_sorted_in_creation_order() {
    let c = demo();
    let mut all = HashSet::new();
    let lists: [(&str, Vec<&str>); 5] = [
        ("brands", c.brands.iter().map(|b| b.id.as_str()).collect()),
        (
            "categories",
            c.categories.iter().map(|x| x.id.as_str()).collect(),
        ),
        ("coupons", c.coupons.iter().map(|x| x.id.as_str()).collect()),
        (
            "products",
            c.products.iter().map(|x| x.id.as_str()).collect(),
        ),
        (
            "static images",
            c.static_images.iter().map(|x| x.id.as_str()).collect(),
        ),
    ];
    for (name, ids) in &lists {
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]),
            "{name} ids are not ascending"
        );
        for id in ids {
            assert_eq!(id.len(), 36, "{id}");
            assert_eq!(&id[14..15], "7", "{id} is not a UUID v7");
            assert!(all.insert(*id), "duplicate id {id}");
        }
    }
    assert!(
        c.products
            .windows(2)
            .all(|w| w[0].created_at < w[1].created_at)
    );
    assert!(
        c.brands
            .windows(2)
            .all(|w| w[0].created_at < w[1].created_at)
    );
    let year = |p: &Product| p.created_at.format("%Y").to_string();
    assert!(c.products.iter().all(|p| year(p) == "2026"));
    let first = c
        .products
        .first()
        .map(|p| p.created_at.format("%m").to_string());
    let last = c
        .products
        .last()
        .map(|p| p.created_at.format("%m").to_string());
    assert_eq!(
        (first.as_deref(), last.as_deref()),
        (Some("01"), Some("10")),
        "created from January to late October 2026, before the shop first ran"
    );
}

#[test]
fn every_product_points_at_a_brand_and_a_category_pair_of_its_gender() {
    let c = demo();
    let brands: HashMap<&str, _> = c.brands.iter().map(|b| (b.id.as_str(), b)).collect();
    for p in &c.products {
        let brand = brands
            .get(p.brand_id.as_str())
            .unwrap_or_else(|| panic!("{}", p.name));
        assert_eq!(brand.gender, p.gender, "{}", p.name);
        assert_eq!(p.category_ids.len(), 2, "{}", p.name);
        let top = category(c, &p.category_ids[0]);
        let sub = category(c, &p.category_ids[1]);
        assert_eq!(top.parent_id, None);
        assert_eq!(sub.parent_id.as_deref(), Some(top.id.as_str()));
        assert_eq!((top.gender, sub.gender), (p.gender, p.gender), "{}", p.name);
        assert!(
            p.tags.contains(&sub.name),
            "{} lacks tag {}",
            p.name,
            sub.name
        );
    }
}

#[test]
fn the_category_names_the_looks_need_exist_for_their_gender() {
    // 001 §9: look pages fetch products by these names.
    let required: [(Gender, &[&str]); 3] = [
        (
            Gender::Male,
            &[
                "Oversized T-shirt",
                "Cargos & Parachutes",
                "Hoodies",
                "Shirt",
                "Trousers",
                "Watches",
                "Jeans",
                "Bracelets",
            ],
        ),
        (
            Gender::Female,
            &[
                "Blazer",
                "Waistcoats",
                "Trousers",
                "Dresses",
                "Skirt",
                "Tops",
                "Pants",
            ],
        ),
        (
            Gender::Unisex,
            &[
                "Oversized T-shirt",
                "Hoodies",
                "Sweatshirts",
                "Joggers",
                "Caps",
                "Sneakers",
            ],
        ),
    ];
    let c = demo();
    for (gender, names) in required {
        for name in names {
            let sub = c
                .categories
                .iter()
                .find(|x| x.gender == gender && x.name == *name && x.parent_id.is_some())
                .unwrap_or_else(|| panic!("{gender:?} {name}"));
            let products = c
                .products
                .iter()
                .filter(|p| p.category_ids.get(1) == Some(&sub.id))
                .count();
            assert!(products >= 10, "{gender:?} {name} has {products} products");
        }
    }
}

#[test]
fn categories_form_a_tree_ordered_by_position() {
    let c = demo();
    let expected_first_four: [(Gender, [&str; 4]); 3] = [
        (
            Gender::Male,
            ["Topwear", "Bottomwear", "Ethnic Wear", "Accessories"],
        ),
        (
            Gender::Female,
            ["Western Wear", "Bottomwear", "Ethnic Wear", "Accessories"],
        ),
        (
            Gender::Unisex,
            ["Topwear", "Bottomwear", "Accessories", "Footwear"],
        ),
    ];
    for (gender, first_four) in expected_first_four {
        let mut of_gender: Vec<&Category> =
            c.categories.iter().filter(|x| x.gender == gender).collect();
        of_gender.sort_by_key(|x| x.position);
        let positions: HashSet<i32> = of_gender.iter().map(|x| x.position).collect();
        assert_eq!(
            positions.len(),
            of_gender.len(),
            "{gender:?} positions repeat"
        );
        let names: Vec<&str> = of_gender.iter().take(4).map(|x| x.name.as_str()).collect();
        assert_eq!(names, first_four);
        let tops = of_gender.iter().filter(|x| x.parent_id.is_none()).count();
        assert!(of_gender[..tops].iter().all(|x| x.parent_id.is_none()));
        for sub in &of_gender[tops..] {
            let parent = category(c, sub.parent_id.as_deref().unwrap_or_default());
            assert_eq!(parent.gender, gender);
            assert_eq!(parent.parent_id, None, "two levels only");
            assert_eq!(sub.position / 100, parent.position);
        }
        let names: HashSet<&str> = of_gender.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names.len(), of_gender.len(), "{gender:?} names repeat");
    }
}

#[test]
fn every_subcategory_is_sold_by_at_least_two_active_brands() {
    let c = demo();
    let active: HashSet<&str> = c
        .brands
        .iter()
        .filter(|b| b.is_active)
        .map(|b| b.id.as_str())
        .collect();
    for sub in c.categories.iter().filter(|x| x.parent_id.is_some()) {
        let sellers: HashSet<&str> = c
            .products
            .iter()
            .filter(|p| p.category_ids.get(1) == Some(&sub.id))
            .map(|p| p.brand_id.as_str())
            .filter(|b| active.contains(b))
            .collect();
        assert!(sellers.len() >= 2, "{:?} {}", sub.gender, sub.name);
    }
}

#[test]
fn every_image_url_resolves_to_svg() {
    let c = demo();
    let mut urls: Vec<&str> = Vec::new();
    urls.extend(
        c.products
            .iter()
            .flat_map(|p| p.images.iter().map(String::as_str)),
    );
    urls.extend(c.categories.iter().map(|x| x.image.as_str()));
    urls.extend(c.brands.iter().filter_map(|b| b.logo_url.as_deref()));
    urls.extend(c.static_images.iter().map(|x| x.url.as_str()));
    let unique: HashSet<&str> = urls.into_iter().collect();
    for url in unique {
        let path = url
            .strip_prefix(MEDIA_PREFIX)
            .unwrap_or_else(|| panic!("{url} is not a media URL"));
        let svg = resolve_media(path).unwrap_or_else(|| panic!("{url} does not resolve"));
        assert!(svg.starts_with("<svg"), "{url}");
        assert!(svg.ends_with("</svg>"), "{url}");
    }
}

#[test]
fn products_have_three_views_in_their_own_colour() {
    for p in &demo().products {
        assert_eq!(p.images.len(), 3, "{}", p.name);
        for (url, view) in p.images.iter().zip(["front", "back", "detail"]) {
            assert!(url.starts_with("/api/media/art/"), "{url}");
            assert!(url.ends_with(&format!("/{}/{view}.svg", p.colour)), "{url}");
        }
        assert!(catalogue::art::COLOURS.contains(&p.colour.as_str()));
        assert!(p.tags.contains(&p.colour), "{}", p.name);
    }
    let colours: HashSet<&str> = demo().products.iter().map(|p| p.colour.as_str()).collect();
    assert_eq!(colours.len(), 12);
}

#[test]
fn prices_are_realistic_rupees() {
    for p in &demo().products {
        assert_eq!(p.currency, "INR");
        let whole = rupees(p.price_paise);
        let cap = if p.tags.iter().any(|t| t == "Watches") {
            14_999
        } else {
            7_999
        };
        assert!(
            (399..=cap).contains(&whole),
            "{} costs {}",
            p.name,
            p.price_paise
        );
        assert!([49, 99].contains(&(whole % 100)), "{}", p.price_paise);
    }
    let with_paise = demo()
        .products
        .iter()
        .filter(|p| p.price_paise % 100 == 50)
        .count();
    assert!(with_paise > 10, "{with_paise}");
}

#[test]
fn prices_cover_the_offer_and_collection_thresholds() {
    // 000 §2.5, §2.9, §9: under 899, from 499 to 799, under 1299, under 2999, from 799.
    let prices: Vec<i64> = demo().products.iter().map(|p| p.price_paise).collect();
    let count = |f: &dyn Fn(i64) -> bool| prices.iter().filter(|p| f(**p)).count();
    assert!(count(&|p| p <= 899 * 100) >= 50);
    assert!(count(&|p| (499 * 100..=799 * 100).contains(&p)) >= 30);
    assert!(count(&|p| p <= 1299 * 100) >= 200);
    assert!(count(&|p| p <= 2999 * 100) >= 800);
    assert!(count(&|p| p >= 799 * 100) >= 800);
}

#[test]
fn offers_cover_every_flash_sale_value() {
    let products = &demo().products;
    let offers: HashSet<i32> = products.iter().map(|p| p.offer_percentage).collect();
    for value in [50, 20, 40, 30, 10, 0] {
        assert!(offers.contains(&value), "{value}");
    }
    assert!(offers.iter().all(|o| [0, 10, 20, 30, 40, 50].contains(o)));
    let with_offer = products.iter().filter(|p| p.offer_percentage > 0).count();
    assert!((500..=700).contains(&with_offer), "{with_offer} offers");
}

#[test]
fn coupons_show_every_rule_and_assignments_are_sensible() {
    let c = demo();
    let coupons: HashMap<&str, _> = c.coupons.iter().map(|x| (x.id.as_str(), x)).collect();
    let codes: HashSet<&str> = c.coupons.iter().map(|x| x.terms.code.as_str()).collect();
    assert_eq!(codes.len(), c.coupons.len(), "codes are unique");
    assert!(codes.contains("FIRST50") && codes.contains("FLAT200"));
    let has = |f: &dyn Fn(&pricing::Coupon) -> bool| c.coupons.iter().any(|x| f(&x.terms));
    assert!(has(&|x| matches!(
        x.discount,
        CouponDiscount::Percentage {
            max_discount: Some(_),
            ..
        }
    )));
    assert!(has(&|x| matches!(
        x.discount,
        CouponDiscount::Percentage {
            max_discount: None,
            ..
        }
    )));
    assert!(has(&|x| matches!(x.discount, CouponDiscount::Fixed(_))));
    assert!(has(&|x| x.min_order_value == Money::from_rupees(1500)));
    assert!(has(&|x| !x.is_active));
    assert!(has(&|x| x.brand_id.is_some()));
    assert!(has(
        &|x| x.code.as_str() == "FIRST50" && x.usage_limit_per_user == Some(1)
    ));
    assert!(has(
        &|x| x.usage_limit.is_some() && x.usage_limit_per_user.is_none()
    ));
    let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 23)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or_default()
        .and_utc();
    assert!(
        has(&|x| x.is_active && x.valid_until.is_some_and(|until| until < now)),
        "one has expired"
    );
    for x in c.coupons.iter().map(|x| &x.terms) {
        let code = x.code.as_str();
        assert!(
            matches!((x.valid_from, x.valid_until), (Some(from), Some(until)) if from < until),
            "{code}"
        );
        assert_eq!(code, code.to_uppercase());
        if let Some(brand) = &x.brand_id {
            assert!(c.brands.iter().any(|b| &b.id == brand), "{code}");
        }
        if let CouponDiscount::Percentage { percent, .. } = x.discount {
            assert!(
                percent
                    .whole()
                    .is_some_and(|whole| (1..=100).contains(&whole)),
                "{code}"
            );
        }
    }

    let mut without_offer = 0;
    let mut without_offer_with_coupon = 0;
    let mut both = 0;
    for p in &c.products {
        if let Some(id) = &p.assigned_coupon_id {
            let coupon = &coupons
                .get(id.as_str())
                .unwrap_or_else(|| panic!("{id}"))
                .terms;
            assert!(
                coupon.usage_limit.is_none() && coupon.usage_limit_per_user.is_none(),
                "{} carries a limited coupon, whose card price could not follow its limit",
                p.name
            );
            if let Some(brand) = &coupon.brand_id {
                assert_eq!(
                    brand, &p.brand_id,
                    "{} carries another brand's coupon",
                    p.name
                );
            }
        }
        if p.offer_percentage == 0 {
            without_offer += 1;
            without_offer_with_coupon += usize::from(p.assigned_coupon_id.is_some());
        } else {
            both += usize::from(p.assigned_coupon_id.is_some());
        }
    }
    let share = without_offer_with_coupon * 100 / without_offer;
    assert!(
        (10..=20).contains(&share),
        "{share}% of products without offer carry a coupon"
    );
    assert!(both >= 5, "{both} products have both an offer and a coupon");
}

#[test]
fn sizes_come_from_the_specification_and_stock_follows_them() {
    let mut sold_out = 0;
    let mut some_zero = 0;
    for p in &demo().products {
        assert!(!p.sizes.is_empty(), "{}", p.name);
        assert!(
            p.sizes.iter().all(|s| SIZES.contains(&s.as_str())),
            "{:?}",
            p.sizes
        );
        let keys: Vec<&String> = p.stock.iter().map(|(size, _)| size).collect();
        assert_eq!(keys, p.sizes.iter().collect::<Vec<_>>(), "{}", p.name);
        assert!(p.stock.iter().all(|(_, n)| (0..=25).contains(n)));
        sold_out += usize::from(p.stock.iter().all(|(_, n)| *n == 0));
        some_zero += usize::from(p.stock.iter().any(|(_, n)| *n == 0));
        let accessory = ["Watches", "Bracelets", "Caps", "Handbags", "Jhumkas"]
            .iter()
            .any(|name| p.tags.iter().any(|t| t == name));
        if accessory {
            assert_eq!(p.sizes, ["M"], "{}", p.name);
        }
    }
    assert!(sold_out >= 5, "{sold_out} sold out");
    assert!(some_zero >= 200, "{some_zero} with an empty size");
}

#[test]
fn products_read_well() {
    let styles = [
        "streetwear",
        "formal",
        "casual",
        "elegant",
        "party",
        "ethnic",
    ];
    let mut names = HashSet::new();
    for p in &demo().products {
        assert!(p.name.split(' ').count() >= 2, "{}", p.name);
        names.insert(p.name.as_str());
        let sentences = p.description.matches(". ").count() + 1;
        assert!((1..=2).contains(&sentences), "{}", p.description);
        assert!(p.description.ends_with('.'), "{}", p.description);
        assert!(!p.description.contains('{'), "{}", p.description);
        assert!(!p.description.contains(" a a"), "{}", p.description);
        assert!(
            p.tags.iter().any(|t| styles.contains(&t.as_str())),
            "{:?}",
            p.tags
        );
        let unique: HashSet<&String> = p.tags.iter().collect();
        assert_eq!(unique.len(), p.tags.len(), "{:?}", p.tags);
        let spec = &p.specifications;
        for value in [
            &spec.pattern,
            &spec.length,
            &spec.fabric,
            &spec.sleeve_length,
            &spec.fit,
            &spec.distress,
        ] {
            assert!(!value.is_empty(), "{}", p.name);
        }
    }
    assert!(names.len() > 1000, "only {} distinct names", names.len());
    let tagged = |tag: &str| {
        demo()
            .products
            .iter()
            .filter(|p| p.tags.iter().any(|t| t == tag))
            .count()
    };
    assert!(tagged("new-arrival") >= 150);
    assert!(tagged("bestseller") >= 100);
    assert!(tagged("summer") >= 100);
}

#[test]
fn brands_are_a_realistic_mix() {
    let c = demo();
    assert_eq!(c.brands.len(), 24);
    assert_eq!(c.brands.iter().filter(|b| !b.is_active).count(), 2);
    assert_eq!(c.brands.iter().filter(|b| b.logo_url.is_none()).count(), 3);
    for gender in [Gender::Male, Gender::Female, Gender::Unisex] {
        assert!(c.brands.iter().filter(|b| b.gender == gender).count() >= 6);
    }
    let names: HashSet<&str> = c.brands.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names.len(), 24);
    assert!(names.contains("Kesari Threads") && names.contains("Urban Dhaaga"));
    for b in &c.brands {
        assert!(b.description.ends_with('.'), "{}", b.name);
        if let Some(logo) = &b.logo_url {
            assert!(logo.starts_with("/api/media/logo/"), "{logo}");
        }
        let products = c.products.iter().filter(|p| p.brand_id == b.id).count();
        assert!(products > 0, "{} sells nothing", b.name);
    }
}

#[test]
fn static_images_match_the_home_and_trends_banners() {
    let c = demo();
    let of = |category: &str| -> Vec<&str> {
        c.static_images
            .iter()
            .filter(|x| x.category == category && x.is_active)
            .map(|x| x.url.as_str())
            .collect()
    };
    assert_eq!(
        of("hero"),
        [
            "/api/media/banner/flash-sale.svg",
            "/api/media/banner/new-arrivals.svg",
            "/api/media/banner/exclusive.svg"
        ]
    );
    let trend_titles: Vec<&str> = c
        .static_images
        .iter()
        .filter(|x| x.category == "trends")
        .map(|x| x.title.as_str())
        .collect();
    assert_eq!(trend_titles, ["TRENDING NOW", "HOT PICKS", "VIRAL STYLES"]);
    assert_eq!(c.static_images.iter().filter(|x| !x.is_active).count(), 2);
    for x in &c.static_images {
        assert!(["trends", "hero", "products", "brands", "ui"].contains(&x.category.as_str()));
        assert!(["mobile", "desktop", "all"].contains(&x.device.as_str()));
    }
    for device in ["mobile", "desktop", "all"] {
        assert!(c.static_images.iter().any(|x| x.device == device));
    }
}

#[test]
fn ten_thousand_products_generate_quickly() {
    let started = Instant::now();
    let big = generate(10_000);
    let took = started.elapsed();
    assert_eq!(big.products.len(), 10_000);
    assert!(
        took < Duration::from_secs(5),
        "generate(10_000) took {took:?}"
    );
    let ids: HashSet<&str> = big.products.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), 10_000);
    assert!(big.products.windows(2).all(|w| w[0].id < w[1].id));
}

#[test]
fn enum_names_are_the_stored_spellings() {
    assert_eq!(Gender::Male.as_str(), "male");
    assert_eq!(Gender::Female.as_str(), "female");
    assert_eq!(Gender::Unisex.as_str(), "unisex");
}
