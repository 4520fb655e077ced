//! The engine over the demo catalogue: the queries ordinary shoppers type, misspellings,
//! synonyms, colour plus garment, brand fragments, and keeping in step with changes.

use std::collections::HashMap;
use std::sync::OnceLock;

use search::{Mode, SearchDoc, SearchIndex};

struct Demo {
    index: SearchIndex,
    products: HashMap<String, catalogue::Product>,
    brands: HashMap<String, String>,
    categories: HashMap<String, String>,
}

fn docs(c: &catalogue::Catalogue) -> Vec<SearchDoc> {
    let brands: HashMap<&str, &str> = c
        .brands
        .iter()
        .map(|b| (b.id.as_str(), b.name.as_str()))
        .collect();
    let categories: HashMap<&str, &str> = c
        .categories
        .iter()
        .map(|x| (x.id.as_str(), x.name.as_str()))
        .collect();
    c.products
        .iter()
        .enumerate()
        .map(|(i, p)| SearchDoc {
            id: p.id.clone(),
            name: p.name.clone(),
            brand: brands[p.brand_id.as_str()].to_owned(),
            categories: p
                .category_ids
                .iter()
                .map(|id| categories[id.as_str()].to_owned())
                .collect(),
            tags: p.tags.clone(),
            colour: p.colour.clone(),
            gender: p.gender.as_str().to_owned(),
            recency: i as u64,
            price_paise: u64::try_from(p.price_paise).expect("a price"),
        })
        .collect()
}

fn demo() -> &'static Demo {
    static DEMO: OnceLock<Demo> = OnceLock::new();
    DEMO.get_or_init(|| {
        let c = catalogue::generate(catalogue::DEMO_PRODUCT_COUNT);
        Demo {
            index: SearchIndex::build(docs(&c)).expect("build"),
            brands: c
                .brands
                .iter()
                .map(|b| (b.id.clone(), b.name.clone()))
                .collect(),
            categories: c
                .categories
                .iter()
                .map(|x| (x.id.clone(), x.name.clone()))
                .collect(),
            products: c.products.into_iter().map(|p| (p.id.clone(), p)).collect(),
        }
    })
}

impl Demo {
    fn find(&self, text: &str, mode: Mode, limit: usize) -> Vec<&catalogue::Product> {
        self.index
            .search(text, None, mode, limit)
            .expect("search")
            .iter()
            .map(|id| &self.products[id])
            .collect()
    }

    fn subcategory(&self, p: &catalogue::Product) -> &str {
        &self.categories[&p.category_ids[1]]
    }
}

/// Ordinary shopper queries and what the top results must be: the first one is, and every
/// result that is comes before every result that is not (a typo match such as "short" for
/// "shirt" may fill the page, but after the real matches).
#[test]
fn ordinary_queries_find_what_the_shopper_means() {
    let d = demo();
    type Check = fn(&Demo, &catalogue::Product) -> bool;
    let table: &[(&str, Check)] = &[
        ("hoodie", |d, p| {
            ["Hoodies", "Sweatshirts"].contains(&d.subcategory(p))
        }),
        ("hoodies", |d, p| {
            ["Hoodies", "Sweatshirts"].contains(&d.subcategory(p))
        }),
        ("hoddie", |d, p| {
            ["Hoodies", "Sweatshirts"].contains(&d.subcategory(p))
        }),
        ("sweatshirt", |d, p| {
            ["Hoodies", "Sweatshirts"].contains(&d.subcategory(p))
        }),
        ("tee", |d, p| d.subcategory(p).contains("T-shirt")),
        ("t shirts", |d, p| {
            d.subcategory(p).contains("T-shirt") || p.name.contains("T-shirt")
        }),
        ("tshirt", |d, p| {
            d.subcategory(p).contains("T-shirt") || p.name.contains("T-shirt")
        }),
        ("denim", |d, p| {
            d.subcategory(p) == "Jeans" || p.name.contains("Denim")
        }),
        ("jeans", |d, p| d.subcategory(p) == "Jeans"),
        ("jeens", |d, p| d.subcategory(p) == "Jeans"),
        ("trousers", |d, p| {
            ["Trousers", "Pants"].contains(&d.subcategory(p)) || p.name.contains("Pants")
        }),
        ("pants", |d, p| {
            ["Trousers", "Pants"].contains(&d.subcategory(p)) || p.name.contains("Pants")
        }),
        ("kurti", |d, p| {
            ["Kurtas", "Kurtis"].contains(&d.subcategory(p))
        }),
        ("kurta", |d, p| {
            ["Kurtas", "Kurtis"].contains(&d.subcategory(p))
        }),
        ("sari", |d, p| d.subcategory(p) == "Sarees"),
        ("sneakrs", |d, p| d.subcategory(p) == "Sneakers"),
        ("shoes", |d, p| d.subcategory(p) == "Sneakers"),
        ("black cargo", |d, p| {
            p.colour == "black" && d.subcategory(p) == "Cargos & Parachutes"
        }),
        ("navy shirt", |d, p| {
            p.colour == "navy" && (d.subcategory(p) == "Shirt" || p.name.contains("Shirt"))
        }),
        ("red dress", |d, p| {
            p.colour == "red" && d.subcategory(p) == "Dresses"
        }),
        ("urban dhaaga", |d, p| {
            d.brands[&p.brand_id] == "Urban Dhaaga"
        }),
        ("urban dha", |d, p| d.brands[&p.brand_id] == "Urban Dhaaga"),
        ("jhumkas", |d, p| d.subcategory(p) == "Jhumkas"),
        ("earrings", |d, p| d.subcategory(p) == "Jhumkas"),
        ("watches", |d, p| d.subcategory(p) == "Watches"),
        ("streetwear", |_, p| {
            p.tags.iter().any(|t| t == "streetwear")
        }),
        ("grey joggers", |d, p| {
            p.colour == "gray" && d.subcategory(p) == "Joggers"
        }),
    ];
    for (query, check) in table {
        let found = d.find(query, Mode::Search, 10);
        assert!(!found.is_empty(), "{query:?} finds nothing");
        let meant: Vec<bool> = found.iter().map(|p| check(d, p)).collect();
        assert!(meant[0], "{query:?} ranks {} first", found[0].name);
        if let Some(first_miss) = meant.iter().position(|m| !m) {
            assert!(
                meant[first_miss..].iter().all(|m| !m),
                "{query:?}: {} ranks below {}",
                found[first_miss + meant[first_miss..].iter().position(|m| *m).unwrap_or(0)].name,
                found[first_miss].name
            );
        }
    }
}

#[test]
fn suggestions_match_the_half_typed_last_word() {
    let d = demo();
    for (typed, subcategory) in [
        ("hood", "Hoodies"),
        ("kur", "Kurtas"),
        ("black carg", "Cargos & Parachutes"),
        ("hoddi", "Hoodies"),
        ("sneak", "Sneakers"),
    ] {
        let found = d.find(typed, Mode::Suggest, 5);
        assert!(!found.is_empty(), "{typed:?}");
        assert!(
            found.iter().any(|p| d.subcategory(p) == subcategory),
            "{typed:?}: {:?}",
            found.iter().map(|p| &p.name).collect::<Vec<_>>()
        );
    }
}

#[test]
fn exact_words_rank_above_typos() {
    let d = demo();
    // "shirt" is also one edit from "skirt": shirts must come first.
    let found = d.find("shirt", Mode::Search, 20);
    let first_skirt = found.iter().position(|p| d.subcategory(p) == "Skirt");
    let last_shirt = found
        .iter()
        .rposition(|p| p.name.contains("Shirt") || d.subcategory(p) == "Shirt");
    if let (Some(skirt), Some(shirt)) = (first_skirt, last_shirt) {
        assert!(shirt < skirt, "a skirt ranked above a shirt");
    }
}

#[test]
fn gender_keeps_only_that_gender() {
    let d = demo();
    let ids = d
        .index
        .search("jeans", Some("female"), Mode::Search, 50)
        .expect("search");
    assert!(!ids.is_empty());
    assert!(
        ids.iter()
            .all(|id| d.products[id].gender.as_str() == "female")
    );
}

#[test]
fn when_no_product_has_every_word_any_word_counts() {
    let d = demo();
    let found = d.find("black xyzzyq", Mode::Search, 10);
    assert!(!found.is_empty());
    assert!(
        found
            .iter()
            .all(|p| p.colour == "black" || p.tags.contains(&"black".to_owned()))
    );
}

#[test]
fn nonsense_blank_and_query_syntax_find_nothing_special() {
    let d = demo();
    for text in ["", "   ", "*", "qqqqqqqq", "\"", "name:*", ".*", "a"] {
        assert!(
            d.find(text, Mode::Search, 10).is_empty(),
            "{text:?} found something"
        );
    }
    // Query syntax is plain text: 'hoodie AND -black' is three words, not an operator.
    let found = d.find("hoodie OR", Mode::Search, 10);
    assert!(found.iter().all(|p| d.subcategory(p) != "Jeans"));
}

#[test]
fn changes_are_visible_at_once() {
    let c = catalogue::generate(30);
    let mut docs = docs(&c);
    let index = SearchIndex::build(docs.clone()).expect("build");
    assert_eq!(index.len(), 30);
    let target = docs[0].id.clone();
    docs[0].name = "Zardozi Wedding Sherwani".to_owned();
    index.update(&[], &docs[..1]).expect("upsert");
    assert_eq!(index.len(), 30, "an upsert replaces, never duplicates");
    assert_eq!(
        index
            .search("sherwani", None, Mode::Search, 5)
            .expect("search"),
        vec![target.clone()]
    );
    index
        .update(std::slice::from_ref(&target), &[])
        .expect("remove");
    assert!(
        index
            .search("sherwani", None, Mode::Search, 5)
            .expect("search")
            .is_empty()
    );
    assert_eq!(index.len(), 29);
}

#[test]
fn a_product_changed_again_and_again_has_one_document() {
    let c = catalogue::generate(30);
    let mut docs = docs(&c);
    let index = SearchIndex::build(docs.clone()).expect("build");
    let target = docs[3].id.clone();
    for name in ["Zardozi Sherwani", "Bandhgala Jacket", "Phulkari Dupatta"] {
        docs[3].name = name.to_owned();
        index.update(&[], &docs[3..4]).expect("upsert");
    }
    assert_eq!(index.len(), 30, "each change replaced the one before");
    for gone in ["sherwani", "bandhgala"] {
        assert!(
            index
                .search(gone, None, Mode::Search, 5)
                .expect("search")
                .is_empty(),
            "{gone}"
        );
    }
    assert_eq!(
        index
            .search("phulkari", None, Mode::Search, 5)
            .expect("search"),
        vec![target.clone()]
    );

    let mut twice = vec![docs[5].clone(), docs[5].clone()];
    twice[0].name = "Kalamkari Kaftan".to_owned();
    twice[1].name = "Ikat Angrakha".to_owned();
    index
        .update(&["no-such-product".to_owned()], &twice)
        .expect("the same product twice, and an unknown id");
    assert_eq!(
        index.len(),
        30,
        "the last of the two counts; an unknown id is ignored"
    );
    assert!(
        index
            .search("kalamkari", None, Mode::Search, 5)
            .expect("search")
            .is_empty()
    );
    assert_eq!(
        index
            .search("angrakha", None, Mode::Search, 5)
            .expect("search"),
        vec![docs[5].id.clone()]
    );

    index
        .update(
            std::slice::from_ref(&target),
            std::slice::from_ref(&docs[3]),
        )
        .expect("removed and added back in one change");
    assert_eq!(index.len(), 30);
    index
        .update(std::slice::from_ref(&target), &[])
        .expect("remove");
    index
        .update(std::slice::from_ref(&target), &[])
        .expect("remove again");
    assert_eq!(index.len(), 29);
    assert!(
        index
            .search("phulkari", None, Mode::Search, 5)
            .expect("search")
            .is_empty()
    );
}

type Check = fn(&Demo, &catalogue::Product) -> bool;

fn in_sub(d: &Demo, p: &catalogue::Product, subs: &[&str]) -> bool {
    subs.contains(&d.subcategory(p))
}

fn of_brand(d: &Demo, p: &catalogue::Product, brand: &str) -> bool {
    d.brands[&p.brand_id] == brand
}

fn rupees(p: &catalogue::Product) -> i64 {
    p.price_paise / 100
}

/// Shoppers' queries that need forgiving: a typo in a short word, a spelling by sound, price
/// words, a brand's start with a garment. The first result is what the shopper meant, and no
/// result that is not comes before one that is.
#[test]
fn forgiving_queries_find_what_the_shopper_means() {
    let d = demo();
    let table: &[(&str, Mode, Check)] = &[
        // A typo in a 3- or 4-letter word.
        ("jeas", Mode::Search, |d, p| in_sub(d, p, &["Jeans"])),
        ("jens", Mode::Search, |d, p| in_sub(d, p, &["Jeans"])),
        ("sare", Mode::Search, |d, p| in_sub(d, p, &["Sarees"])),
        ("tpos", Mode::Search, |d, p| in_sub(d, p, &["Tops"])),
        ("topz", Mode::Search, |d, p| in_sub(d, p, &["Tops"])),
        ("cpas", Mode::Search, |d, p| in_sub(d, p, &["Caps"])),
        ("plos", Mode::Search, |d, p| in_sub(d, p, &["Polos"])),
        ("kurt", Mode::Search, |d, p| {
            in_sub(d, p, &["Kurtas", "Kurtis"])
        }),
        ("t shirt", Mode::Search, |d, p| {
            d.subcategory(p).contains("T-shirt") || p.name.contains("T-shirt")
        }),
        ("t-shirt", Mode::Search, |d, p| {
            d.subcategory(p).contains("T-shirt") || p.name.contains("T-shirt")
        }),
        ("jeas", Mode::Suggest, |d, p| in_sub(d, p, &["Jeans"])),
        ("black jeas", Mode::Search, |d, p| {
            p.colour == "black" && in_sub(d, p, &["Jeans"])
        }),
        ("red sare", Mode::Suggest, |d, p| {
            p.colour == "red" && in_sub(d, p, &["Sarees"])
        }),
        // Spelt by sound.
        ("kurthi", Mode::Search, |d, p| {
            in_sub(d, p, &["Kurtas", "Kurtis"])
        }),
        ("kurthis", Mode::Suggest, |d, p| {
            in_sub(d, p, &["Kurtas", "Kurtis"])
        }),
        ("jeens", Mode::Suggest, |d, p| in_sub(d, p, &["Jeans"])),
        ("lehnga", Mode::Search, |d, p| in_sub(d, p, &["Lehengas"])),
        ("lehanga", Mode::Search, |d, p| in_sub(d, p, &["Lehengas"])),
        ("sneekers", Mode::Search, |d, p| in_sub(d, p, &["Sneakers"])),
        ("sarree", Mode::Search, |d, p| in_sub(d, p, &["Sarees"])),
        ("jumka", Mode::Search, |d, p| in_sub(d, p, &["Jhumkas"])),
        ("kolapuri", Mode::Search, |d, p| {
            in_sub(d, p, &["Kolhapuris"])
        }),
        ("jaket", Mode::Search, |d, p| {
            in_sub(d, p, &["Jackets", "Nehru Jackets"])
        }),
        ("kurtha", Mode::Search, |d, p| {
            in_sub(d, p, &["Kurtas", "Kurtis"])
        }),
        // Price words bound any category.
        ("kurta under 1500", Mode::Search, |d, p| {
            in_sub(d, p, &["Kurtas", "Kurtis"]) && rupees(p) <= 1500
        }),
        ("jeans below 2k", Mode::Search, |d, p| {
            in_sub(d, p, &["Jeans"]) && rupees(p) <= 2000
        }),
        ("saree less than ₹2999", Mode::Search, |d, p| {
            in_sub(d, p, &["Sarees"]) && rupees(p) <= 2999
        }),
        ("tops upto 900", Mode::Search, |d, p| {
            in_sub(d, p, &["Tops"]) && rupees(p) <= 900
        }),
        ("sneakers within 3000", Mode::Search, |d, p| {
            in_sub(d, p, &["Sneakers"]) && rupees(p) <= 3000
        }),
        ("shirt under rs 1299", Mode::Search, |d, p| {
            (in_sub(d, p, &["Shirt"]) || p.name.contains("Shirt")) && rupees(p) <= 1299
        }),
        ("watch above 2000", Mode::Search, |d, p| {
            in_sub(d, p, &["Watches"]) && rupees(p) >= 2000
        }),
        ("hoodie 1.5k", Mode::Search, |d, p| {
            in_sub(d, p, &["Hoodies", "Sweatshirts"]) && rupees(p) <= 1500
        }),
        ("under 999", Mode::Search, |_, p| rupees(p) <= 999),
        ("kurta under", Mode::Suggest, |d, p| {
            in_sub(d, p, &["Kurtas", "Kurtis"])
        }),
        ("jeas under 2000", Mode::Suggest, |d, p| {
            in_sub(d, p, &["Jeans"]) && rupees(p) <= 2000
        }),
        // A brand, or its start, with a garment.
        ("chandni saree", Mode::Search, |d, p| {
            of_brand(d, p, "Chandni Couture") && in_sub(d, p, &["Sarees"])
        }),
        ("rajpath shirts", Mode::Search, |d, p| {
            of_brand(d, p, "Rajpath Tailors") && in_sub(d, p, &["Shirt"])
        }),
        ("zar saree", Mode::Search, |d, p| {
            of_brand(d, p, "Zari Lane") && in_sub(d, p, &["Sarees"])
        }),
        ("kes kurta", Mode::Search, |d, p| {
            of_brand(d, p, "Kesari Threads") && in_sub(d, p, &["Kurtas"])
        }),
        ("decc jeans", Mode::Search, |d, p| {
            of_brand(d, p, "Deccan Denim") && in_sub(d, p, &["Jeans"])
        }),
        ("ghad watch", Mode::Suggest, |d, p| {
            of_brand(d, p, "Ghadi Works") && in_sub(d, p, &["Watches"])
        }),
        ("noor hand", Mode::Suggest, |d, p| {
            of_brand(d, p, "Noor Atelier") && in_sub(d, p, &["Handbags"])
        }),
        ("gulmohar kurti under 2k", Mode::Search, |d, p| {
            of_brand(d, p, "Gulmohar Studio") && in_sub(d, p, &["Kurtis"]) && rupees(p) <= 2000
        }),
    ];
    let mut failures = Vec::new();
    for (query, mode, check) in table {
        let found = d.find(query, *mode, 10);
        let meant: Vec<bool> = found.iter().map(|p| check(d, p)).collect();
        let names: Vec<&str> = found.iter().map(|p| p.name.as_str()).collect();
        let first_miss = meant.iter().position(|m| !m).unwrap_or(meant.len());
        if found.is_empty() || !meant[0] || meant[first_miss..].iter().any(|m| *m) {
            failures.push(format!("{query:?} ({mode:?}): {names:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Forgiving stays guarded: short catalogue words are never "corrected", nonsense finds
/// nothing, and a price bound nothing meets finds nothing.
#[test]
fn forgiving_does_not_match_everything() {
    let d = demo();
    let table: &[(&str, Mode, Check)] = &[
        ("bag", Mode::Search, |d, p| in_sub(d, p, &["Handbags"])),
        ("bags", Mode::Suggest, |d, p| in_sub(d, p, &["Handbags"])),
        ("cap", Mode::Search, |d, p| in_sub(d, p, &["Caps"])),
        ("top", Mode::Search, |d, p| {
            in_sub(d, p, &["Tops"]) || p.name.contains("Top")
        }),
        ("shirt", Mode::Search, |d, p| {
            in_sub(d, p, &["Shirt"]) || p.name.contains("Shirt")
        }),
    ];
    for (query, mode, check) in table {
        let found = d.find(query, *mode, 10);
        assert!(!found.is_empty(), "{query:?}");
        assert!(
            found.iter().all(|p| check(d, p)),
            "{query:?}: {:?}",
            found.iter().map(|p| &p.name).collect::<Vec<_>>()
        );
    }
    for nothing in [
        "xqzv",
        "qqq",
        "zzzz",
        "jeans under 1",
        "saree above 9000000",
        "under 0",
    ] {
        for mode in [Mode::Search, Mode::Suggest] {
            let found = d.find(nothing, mode, 10);
            assert!(
                found.is_empty(),
                "{nothing:?} ({mode:?}): {:?}",
                found.iter().map(|p| &p.name).collect::<Vec<_>>()
            );
        }
    }
}

/// A word the catalogue uses is never corrected: its own products are the answer, before and
/// instead of those a correction would find.
#[test]
fn exact_words_rank_above_corrections() {
    let doc = |id: &str, name: &str| SearchDoc {
        id: id.to_owned(),
        name: name.to_owned(),
        brand: "Test".to_owned(),
        categories: vec![],
        tags: vec![],
        colour: "black".to_owned(),
        gender: "female".to_owned(),
        recency: 0,
        price_paise: 99_900,
    };
    let search = |index: &SearchIndex, text: &str| {
        index.search(text, None, Mode::Search, 10).expect("search")
    };
    let spelt_by_sound =
        SearchIndex::build([doc("1", "Kurti Cotton"), doc("2", "Printed Kurti")]).expect("build");
    assert_eq!(search(&spelt_by_sound, "kurthi").len(), 2);
    let exact = SearchIndex::build([
        doc("1", "Kurti Cotton"),
        doc("2", "Printed Kurti"),
        doc("3", "Kurthi Wrap"),
    ])
    .expect("build");
    assert_eq!(search(&exact, "kurthi")[0], "3");
    let short =
        SearchIndex::build([doc("1", "Silk Tops"), doc("2", "Tpos Lounge")]).expect("build");
    assert_eq!(search(&short, "tpos"), vec!["2".to_owned()]);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever is typed, search and suggestions answer (possibly nothing) and never fail, and
    /// a price bound in the text holds for every answer.
    #[test]
    fn any_text_is_answered(
        text in "(\\PC{0,12} ?){0,4}",
        bound in proptest::option::of(1u64..5_000),
    ) {
        let d = demo();
        let text = match bound {
            Some(rupees) => format!("{text} under {rupees}"),
            None => text,
        };
        for mode in [Mode::Search, Mode::Suggest] {
            let found = d.index.search(&text, None, mode, 10);
            proptest::prop_assert!(found.is_ok(), "{:?}", text);
            if let Some(rupees) = bound {
                for id in found.unwrap_or_default() {
                    proptest::prop_assert!(d.products[&id].price_paise <= i64::try_from(rupees * 100).unwrap_or(i64::MAX));
                }
            }
        }
    }
}
