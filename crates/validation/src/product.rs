//! What a brand may write about a product (ours: the consoles, issue 21). Each function reads
//! one field as a request or a CSV row carries it and answers the typed value or the rule it
//! breaks ([`ProductRule`], whose `Display` is the message shown at the field). Whether a
//! category or a coupon exists is the caller's question (it owns the data); whether an existing
//! category suits the product is [`category_fits`].

use std::collections::HashSet;

use pricing::{Money, PriceError};
use serde_json::Value;

use crate::{ProductGender, Size, ValidationError};

/// A product's name.
pub const MAX_PRODUCT_NAME_CHARS: usize = 120;
/// A product's description.
pub const MAX_DESCRIPTION_CHARS: usize = 5000;
/// A product's colour, and each of its specifications.
pub const MAX_DETAIL_CHARS: usize = 100;
/// Tags on one product.
pub const MAX_TAGS: usize = 20;
/// One tag.
pub const MAX_TAG_CHARS: usize = 40;
/// Categories one product is listed in.
pub const MAX_CATEGORIES: usize = 5;
/// Units of one size on sale.
pub const MAX_STOCK_UNITS: u32 = 100_000;
/// The highest offer a product may carry; above it the shop would sell for almost nothing.
pub const MAX_OFFER_PERCENT: u8 = 90;
/// The highest price, ₹10,00,000: a typo guard (the dearest demo product is far below it).
pub const MAX_PRICE: Money = Money::from_paise(100_000_000);

/// A broken rule of a product field (ours).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProductRule {
    #[error("Name is required")]
    NameRequired,
    #[error("Must be at most {0} characters")]
    TooLong(usize),
    #[error("Price is required")]
    PriceRequired,
    #[error("Price must be a number of rupees, such as 1299 or \"1299.50\"")]
    PriceNotANumber,
    #[error("Price must be more than zero")]
    PriceNotPositive,
    #[error("Price must be at most ₹10,00,000")]
    PriceTooHigh,
    #[error("Price can have at most two decimals (whole paise)")]
    PriceFraction,
    #[error("Gender is required: male, female or unisex")]
    GenderRequired,
    #[error("Add at least one size")]
    SizesRequired,
    #[error("Size '{0}' is listed twice")]
    DuplicateSize(String),
    #[error("Stock must be a whole number from 0 to {MAX_STOCK_UNITS}")]
    StockUnits,
    #[error("'{0}' is not one of the product's sizes")]
    StockForUnknownSize(String),
    #[error("Offer must be a whole percentage from 0 to {MAX_OFFER_PERCENT}")]
    OfferPercentage,
    #[error("At most {MAX_TAGS} tags")]
    TooManyTags,
    #[error("Each tag must be at most {MAX_TAG_CHARS} characters")]
    TagTooLong,
    #[error("Choose at least one category")]
    CategoriesRequired,
    #[error("At most {MAX_CATEGORIES} categories")]
    TooManyCategories,
    #[error("Category '{0}' does not exist")]
    UnknownCategory(String),
    #[error("Category '{category}' is for {category_gender}; this product is {product_gender}")]
    CategoryGender {
        category: String,
        category_gender: &'static str,
        product_gender: &'static str,
    },
    #[error("Must be true or false")]
    NotABoolean,
    #[error(transparent)]
    Field(#[from] ValidationError),
}

/// A product's name: trimmed, required, at most [`MAX_PRODUCT_NAME_CHARS`].
pub fn product_name(raw: &str) -> Result<String, ProductRule> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(ProductRule::NameRequired);
    }
    bounded(name, MAX_PRODUCT_NAME_CHARS)
}

/// Free text of a product (a description: [`MAX_DESCRIPTION_CHARS`]; a colour or a
/// specification: [`MAX_DETAIL_CHARS`]): trimmed, may be empty.
pub fn bounded(raw: &str, max: usize) -> Result<String, ProductRule> {
    let text = raw.trim();
    if text.chars().count() > max {
        Err(ProductRule::TooLong(max))
    } else {
        Ok(text.to_owned())
    }
}

/// A price in rupees as a request sends it: a JSON number, a decimal string (`"1,299.50"`,
/// `"₹1299"`) or `{"$numberDecimal": "1299.00"}`, read exactly by [`Money::parse_strict`].
/// It must be whole paise (at most two decimals: a third would be silently rounded), above
/// zero and at most [`MAX_PRICE`].
pub fn price(value: &Value) -> Result<Money, ProductRule> {
    let money = Money::parse_strict(value).map_err(|e| match e {
        PriceError::Missing => ProductRule::PriceRequired,
        PriceError::NotANumber => ProductRule::PriceNotANumber,
        PriceError::Negative => ProductRule::PriceNotPositive,
        PriceError::TooLarge => ProductRule::PriceTooHigh,
    })?;
    if fraction_digits(value) > 2 {
        return Err(ProductRule::PriceFraction);
    }
    if !money.is_positive() {
        return Err(ProductRule::PriceNotPositive);
    }
    if money > MAX_PRICE {
        return Err(ProductRule::PriceTooHigh);
    }
    Ok(money)
}

/// Significant digits after the decimal point of a numeric value's text (trailing zeros do
/// not count; an exponent shifts the point). Text that is not numeric counts 0: parsing it
/// has already failed or will.
fn fraction_digits(value: &Value) -> i64 {
    let text = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Object(map) => match map.values().next() {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            _ => return 0,
        },
        _ => return 0,
    };
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], text[at + 1..].parse::<i64>().unwrap_or(0)),
        None => (text.as_str(), 0),
    };
    let fraction = mantissa.split_once('.').map_or("", |(_, f)| f);
    let digits = fraction.trim().trim_end_matches('0').len();
    i64::try_from(digits)
        .unwrap_or(i64::MAX)
        .saturating_sub(exponent)
}

/// A product gender: `male`, `female` or `unisex`; blank is [`ProductRule::GenderRequired`].
pub fn gender(raw: &str) -> Result<ProductGender, ProductRule> {
    if raw.trim().is_empty() {
        return Err(ProductRule::GenderRequired);
    }
    Ok(ProductGender::parse(raw)?)
}

/// The sizes a product comes in: at least one, each from the size list, none twice; answered
/// in the size list's order (XS ... XXL, 28 ... 42).
pub fn sizes(raw: &[String]) -> Result<Vec<Size>, ProductRule> {
    if raw.iter().all(|s| s.trim().is_empty()) {
        return Err(ProductRule::SizesRequired);
    }
    let mut seen = HashSet::new();
    let mut sizes = Vec::with_capacity(raw.len().min(Size::ALL.len()));
    for label in raw {
        let size = Size::parse(label)?;
        if !seen.insert(size) {
            return Err(ProductRule::DuplicateSize(size.as_str().to_owned()));
        }
        sizes.push(size);
    }
    sizes.sort_unstable();
    Ok(sizes)
}

/// Units of one size on sale: a whole number from 0 to [`MAX_STOCK_UNITS`], sent as a JSON
/// number (`4` or `4.0`) or as digits (`"4"`, as a CSV cell is).
pub fn stock_units(value: &Value) -> Result<u32, ProductRule> {
    let units = match value {
        Value::Number(n) => n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && (0.0..=f64::from(MAX_STOCK_UNITS)).contains(f))
                .map(|f| f as u64)
        }),
        Value::String(s) => s.trim().parse::<u64>().ok(),
        _ => None,
    };
    units
        .and_then(|u| u32::try_from(u).ok())
        .filter(|u| *u <= MAX_STOCK_UNITS)
        .ok_or(ProductRule::StockUnits)
}

/// An offer: a whole percentage from 0 to [`MAX_OFFER_PERCENT`] (a number, or digits).
pub fn offer_percentage(value: &Value) -> Result<u8, ProductRule> {
    let whole = match value {
        Value::Number(n) => n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && (0.0..=100.0).contains(f))
                .map(|f| f as u64)
        }),
        Value::String(s) => s.trim().parse::<u64>().ok(),
        _ => None,
    };
    whole
        .and_then(|w| u8::try_from(w).ok())
        .filter(|w| *w <= MAX_OFFER_PERCENT)
        .ok_or(ProductRule::OfferPercentage)
}

/// Tags: trimmed, blanks dropped, repeats (ignoring case) kept once, at most [`MAX_TAGS`] of at
/// most [`MAX_TAG_CHARS`] each.
pub fn tags(raw: &[String]) -> Result<Vec<String>, ProductRule> {
    let mut seen = HashSet::new();
    let mut tags = Vec::new();
    for tag in raw.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
        if tag.chars().count() > MAX_TAG_CHARS {
            return Err(ProductRule::TagTooLong);
        }
        if seen.insert(tag.to_lowercase()) {
            tags.push(tag.to_owned());
        }
    }
    if tags.len() > MAX_TAGS {
        return Err(ProductRule::TooManyTags);
    }
    Ok(tags)
}

/// Category ids: trimmed, blanks dropped, repeats kept once; one to [`MAX_CATEGORIES`].
pub fn category_ids(raw: &[String]) -> Result<Vec<String>, ProductRule> {
    let mut ids: Vec<String> = Vec::new();
    for id in raw.iter().map(|c| c.trim()).filter(|c| !c.is_empty()) {
        if !ids.iter().any(|seen| seen == id) {
            ids.push(id.to_owned());
        }
    }
    match ids.len() {
        0 => Err(ProductRule::CategoriesRequired),
        n if n > MAX_CATEGORIES => Err(ProductRule::TooManyCategories),
        _ => Ok(ids),
    }
}

/// Whether a product of `product` gender may be listed in a category of `category` gender.
/// The category tree is one per gender (men's Topwear is not women's), and a category's list
/// shows its products to that gender's shoppers: so the genders must be the same.
pub fn category_fits(product: ProductGender, category: ProductGender) -> bool {
    product == category
}

/// The refusal for a category of another gender.
pub fn category_gender_rule(
    name: &str,
    category: ProductGender,
    product: ProductGender,
) -> ProductRule {
    ProductRule::CategoryGender {
        category: name.to_owned(),
        category_gender: category.as_str(),
        product_gender: product.as_str(),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;

    #[test]
    fn prices_in_every_wire_form() {
        let table = [
            (json!(1299), Ok(129_900)),
            (json!(1299.5), Ok(129_950)),
            (json!("1299.50"), Ok(129_950)),
            (json!("₹1,299"), Ok(129_900)),
            (json!({"$numberDecimal": "1299.00"}), Ok(129_900)),
            (json!(1_000_000), Ok(100_000_000)),
            (json!("1299.505"), Err(ProductRule::PriceFraction)),
            (json!(12.345), Err(ProductRule::PriceFraction)),
            (json!("12.3400"), Ok(1234)),
            (json!(0), Err(ProductRule::PriceNotPositive)),
            (json!(-5), Err(ProductRule::PriceNotPositive)),
            (json!(1_000_000.01), Err(ProductRule::PriceTooHigh)),
            (json!("abc"), Err(ProductRule::PriceNotANumber)),
            (json!(true), Err(ProductRule::PriceNotANumber)),
            (json!(null), Err(ProductRule::PriceRequired)),
        ];
        for (value, expected) in table {
            assert_eq!(price(&value).map(Money::paise), expected, "{value}");
        }
    }

    proptest! {
        #[test]
        fn whole_paise_read_back_exactly(paise in 1_i64..=100_000_000) {
            let text = format!("{}.{:02}", paise / 100, paise % 100);
            prop_assert_eq!(price(&json!(text.clone())).map(Money::paise), Ok(paise));
            prop_assert_eq!(
                price(&json!({"$numberDecimal": text})).map(Money::paise),
                Ok(paise)
            );
        }

        #[test]
        fn a_third_decimal_is_refused(paise in 1_i64..=10_000_000, third in 1_u8..=9) {
            let text = format!("{}.{:02}{third}", paise / 100, paise % 100);
            prop_assert_eq!(price(&json!(text)), Err(ProductRule::PriceFraction));
        }
    }

    #[test]
    fn sizes_are_known_unique_and_ordered() {
        let s = |v: &[&str]| sizes(&v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>());
        assert_eq!(s(&["l", "S", "M"]), Ok(vec![Size::S, Size::M, Size::L]));
        assert_eq!(s(&[]), Err(ProductRule::SizesRequired));
        assert_eq!(s(&[" "]), Err(ProductRule::SizesRequired));
        assert_eq!(s(&["M", "m"]), Err(ProductRule::DuplicateSize("M".into())));
        assert!(matches!(
            s(&["M", "XXXL"]),
            Err(ProductRule::Field(ValidationError::UnknownSize(_)))
        ));
    }

    #[test]
    fn stock_is_whole_and_bounded() {
        let table = [
            (json!(0), Ok(0)),
            (json!(4), Ok(4)),
            (json!(4.0), Ok(4)),
            (json!("12"), Ok(12)),
            (json!(100_000), Ok(100_000)),
            (json!(100_001), Err(ProductRule::StockUnits)),
            (json!(-1), Err(ProductRule::StockUnits)),
            (json!(2.5), Err(ProductRule::StockUnits)),
            (json!("two"), Err(ProductRule::StockUnits)),
            (json!(null), Err(ProductRule::StockUnits)),
        ];
        for (value, expected) in table {
            assert_eq!(stock_units(&value), expected, "{value}");
        }
    }

    #[test]
    fn offers_are_whole_percentages_up_to_ninety() {
        let table = [
            (json!(0), Ok(0)),
            (json!(50), Ok(50)),
            (json!("20"), Ok(20)),
            (json!(90), Ok(90)),
            (json!(91), Err(ProductRule::OfferPercentage)),
            (json!(12.5), Err(ProductRule::OfferPercentage)),
            (json!(-10), Err(ProductRule::OfferPercentage)),
        ];
        for (value, expected) in table {
            assert_eq!(offer_percentage(&value), expected, "{value}");
        }
    }

    #[test]
    fn texts_are_trimmed_and_bounded() {
        assert_eq!(product_name("  Linen shirt "), Ok("Linen shirt".into()));
        assert_eq!(product_name("   "), Err(ProductRule::NameRequired));
        assert_eq!(
            product_name(&"x".repeat(MAX_PRODUCT_NAME_CHARS + 1)),
            Err(ProductRule::TooLong(MAX_PRODUCT_NAME_CHARS))
        );
        assert_eq!(bounded("é".repeat(4).as_str(), 4), Ok("éééé".into()));
        assert_eq!(gender(""), Err(ProductRule::GenderRequired));
        assert_eq!(gender("Female"), Ok(ProductGender::Female));
    }

    #[test]
    fn tags_and_categories_are_deduplicated_and_bounded() {
        let v = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            tags(&v(&["Linen", " linen ", "", "summer"])),
            Ok(v(&["Linen", "summer"]))
        );
        let many: Vec<String> = (0..=MAX_TAGS).map(|i| format!("t{i}")).collect();
        assert_eq!(tags(&many), Err(ProductRule::TooManyTags));
        assert_eq!(tags(&v(&[&"x".repeat(41)])), Err(ProductRule::TagTooLong));
        assert_eq!(category_ids(&v(&["c1", "c1 ", "c2"])), Ok(v(&["c1", "c2"])));
        assert_eq!(
            category_ids(&v(&[" "])),
            Err(ProductRule::CategoriesRequired)
        );
        let many: Vec<String> = (0..=MAX_CATEGORIES).map(|i| format!("c{i}")).collect();
        assert_eq!(category_ids(&many), Err(ProductRule::TooManyCategories));
        assert!(category_fits(ProductGender::Male, ProductGender::Male));
        assert!(!category_fits(ProductGender::Male, ProductGender::Female));
        assert!(!category_fits(ProductGender::Unisex, ProductGender::Male));
    }
}
