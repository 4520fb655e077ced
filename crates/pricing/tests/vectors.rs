//! The shared vectors of `testdata/vectors/` (README there): the browser's `money.ts` checks
//! the same files, so the two implementations cannot drift.

use pricing::{Money, PriceSource, ProductPricing, Style, format_inr};
use serde::Deserialize;
use serde_json::Value;

fn load<T: for<'de> Deserialize<'de>>(file: &str) -> Vec<T> {
    let path = format!(
        "{}/../../testdata/vectors/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// Every vector names the spec line it checks (`"001 §5"`) and is described.
fn check_header(file: &str, spec: &str, name: &str) {
    let well_formed = spec.len() >= 6
        && spec[..3].bytes().all(|b| b.is_ascii_digit())
        && spec[3..].starts_with(" §");
    assert!(well_formed, "{file}: bad spec {spec:?} in {name:?}");
    assert!(!name.trim().is_empty(), "{file}: vector without a name");
}

#[derive(Deserialize)]
struct ParseVector {
    spec: String,
    name: String,
    input: Value,
    paise: i64,
}

#[test]
fn price_parse_vectors() {
    let vectors: Vec<ParseVector> = load("price_parse.json");
    assert!(
        vectors.len() >= 20,
        "price_parse.json has only {}",
        vectors.len()
    );
    let mut failures = Vec::new();
    for vector in &vectors {
        check_header("price_parse.json", &vector.spec, &vector.name);
        let parsed = Money::parse_lenient(&vector.input);
        if parsed.paise() != vector.paise {
            failures.push(format!(
                "{} ({}): {} -> {} paise, expected {}",
                vector.name,
                vector.spec,
                vector.input,
                parsed.paise(),
                vector.paise
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[derive(Deserialize)]
struct FormatVector {
    spec: String,
    name: String,
    paise: i64,
    style: Style,
    text: String,
}

#[test]
fn inr_format_vectors() {
    let vectors: Vec<FormatVector> = load("inr_format.json");
    assert!(
        vectors.len() >= 20,
        "inr_format.json has only {}",
        vectors.len()
    );
    let mut failures = Vec::new();
    for vector in &vectors {
        check_header("inr_format.json", &vector.spec, &vector.name);
        let text = format_inr(Money::from_paise(vector.paise), vector.style);
        if text != vector.text {
            failures.push(format!(
                "{} ({}): {} {:?} -> {text}, expected {}",
                vector.name, vector.spec, vector.paise, vector.style, vector.text
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[derive(Deserialize)]
struct DisplayVector {
    spec: String,
    name: String,
    product: Value,
    expected: ExpectedDisplay,
}

#[derive(Debug, PartialEq, Deserialize)]
struct ExpectedDisplay {
    source: PriceSource,
    original_paise: i64,
    final_paise: i64,
    discount_paise: i64,
    percent_off: u32,
}

#[test]
fn price_display_vectors() {
    let vectors: Vec<DisplayVector> = load("price_display.json");
    assert!(
        vectors.len() >= 20,
        "price_display.json has only {}",
        vectors.len()
    );
    let mut failures = Vec::new();
    for vector in &vectors {
        check_header("price_display.json", &vector.spec, &vector.name);
        let shown = ProductPricing::from_json(&vector.product).display();
        let actual = ExpectedDisplay {
            source: shown.source,
            original_paise: shown.original.paise(),
            final_paise: shown.final_price.paise(),
            discount_paise: shown.discount.paise(),
            percent_off: shown.percent_off,
        };
        if actual != vector.expected {
            failures.push(format!(
                "{} ({}): got {actual:?}, expected {:?}",
                vector.name, vector.spec, vector.expected
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[derive(Deserialize)]
struct DeliveryPolicyVector {
    spec: String,
    name: String,
    free_delivery_above_paise: i64,
    standard_delivery_days: i64,
    express_fee_paise: i64,
}

/// The delivery facts the browser shows before any quote (the swipe screen's policy tab, the
/// order confirmation) are the server's: the browser's config checks the same file.
#[test]
fn delivery_policy_vectors() {
    let vectors: Vec<DeliveryPolicyVector> = load("delivery_policy.json");
    assert_eq!(vectors.len(), 1, "delivery_policy.json holds one policy");
    for vector in &vectors {
        check_header("delivery_policy.json", &vector.spec, &vector.name);
        assert_eq!(
            pricing::FREE_DELIVERY_THRESHOLD_CHECKOUT.paise(),
            vector.free_delivery_above_paise
        );
        assert_eq!(
            delivery::STANDARD_LEAD_TIME.num_days(),
            vector.standard_delivery_days
        );
        assert_eq!(
            pricing::EXPRESS_DELIVERY_FEE.paise(),
            vector.express_fee_paise
        );
    }
}
