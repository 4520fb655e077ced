//! Checks every vector of `testdata/vectors/listing.json`, the file the browser's
//! `frontend/src/lib/listing.ts` is tested against too (000 §2.9, §5).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use listing::{
    DEFAULT_OFFER_TITLE, DealsFilter, OfferName, PriceBounds, brand_matches, special_offer_bound,
};
use serde::Deserialize;

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/vectors/listing.json"
);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Vectors {
    offers: Vec<OfferVector>,
    deals: Vec<DealsVector>,
    special_offer_bound: Vec<BoundVector>,
    brand_search: Vec<BrandVector>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OfferVector {
    spec: String,
    name: String,
    offer: Option<String>,
    title: String,
    min_paise: Option<i64>,
    max_paise: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Filter {
    Exactly(u8),
    Any(String),
}

#[derive(Debug, Deserialize)]
struct DealsVector {
    spec: String,
    name: String,
    discount: Option<String>,
    filter: Filter,
    matches: Vec<i32>,
    misses: Vec<i32>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Bound {
    min_paise: Option<i64>,
    max_paise: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct BoundVector {
    spec: String,
    name: String,
    min_paise: Option<i64>,
    max_paise: Option<i64>,
    bound: Bound,
}

#[derive(Debug, Deserialize)]
struct BrandVector {
    spec: String,
    name: String,
    brand: String,
    search: String,
    matches: bool,
}

fn vectors() -> Vectors {
    serde_json::from_str(&std::fs::read_to_string(VECTORS).expect("read vectors")).expect("parse")
}

#[test]
fn offers() {
    for v in vectors().offers {
        let offer = v.offer.as_deref().and_then(|o| OfferName::parse(o).ok());
        let title = offer.map_or(DEFAULT_OFFER_TITLE, OfferName::title);
        assert_eq!(title, v.title, "{} {}", v.spec, v.name);
        let bounds = offer.map(OfferName::price_bounds).unwrap_or_default();
        assert_eq!(
            bounds,
            PriceBounds {
                min_paise: v.min_paise,
                max_paise: v.max_paise
            },
            "{} {}",
            v.spec,
            v.name
        );
    }
}

#[test]
fn deals() {
    for v in vectors().deals {
        let filter = DealsFilter::for_page(v.discount.as_deref());
        let expected = match v.filter {
            Filter::Exactly(n) => DealsFilter::Exactly(n),
            Filter::Any(ref any) if any == "any" => DealsFilter::AnyOffer,
            Filter::Any(other) => panic!("{}: unknown filter {other}", v.name),
        };
        assert_eq!(filter, expected, "{} {}", v.spec, v.name);
        assert!(
            v.matches.iter().all(|&o| filter.matches(o)),
            "{} {}",
            v.spec,
            v.name
        );
        assert!(
            v.misses.iter().all(|&o| !filter.matches(o)),
            "{} {}",
            v.spec,
            v.name
        );
    }
}

#[test]
fn special_offer_bounds() {
    for v in vectors().special_offer_bound {
        assert_eq!(
            special_offer_bound(v.min_paise, v.max_paise),
            PriceBounds {
                min_paise: v.bound.min_paise,
                max_paise: v.bound.max_paise
            },
            "{} {}",
            v.spec,
            v.name
        );
    }
}

#[test]
fn brand_search() {
    for v in vectors().brand_search {
        assert_eq!(
            brand_matches(&v.brand, &v.search),
            v.matches,
            "{} {}",
            v.spec,
            v.name
        );
    }
}
