//! A product as a brand sends it (a request body, or a CSV row made into one): a lenient
//! [`ProductInput`], and the typed [`ProductDraft`] (a whole product, to create) and
//! [`ProductPatch`] (the fields an edit changes) it turns into. Every broken rule is reported
//! at once, each by its field's wire name (`name`, `price`, `stock.M`, `specifications.fit`).
//! Whether the categories and the coupon exist is checked against the database by the service.

use std::collections::BTreeMap;

use pricing::Money;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use validation::{
    MAX_DESCRIPTION_CHARS, MAX_DETAIL_CHARS, ProductGender, ProductRule, Size, bounded,
};

use crate::services::console::ConsoleError;
use crate::wire::Specifications;

/// Each broken field's message, by its wire name.
pub type FieldErrors = BTreeMap<String, String>;

/// A product's fields as sent: every field optional here, checked by the conversions.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductInput {
    /// Required on creation; at most 120 characters.
    pub name: Option<String>,
    /// At most 5000 characters.
    pub description: Option<String>,
    /// Rupees: a number, a decimal string or `{"$numberDecimal": "1299.00"}`; more than zero,
    /// at most two decimals, at most 1000000.
    #[schema(value_type = Option<Object>, example = "1299.00")]
    pub price: Option<Value>,
    /// "male", "female" or "unisex".
    pub gender: Option<String>,
    /// Category ids (1 to 5), of the product's gender.
    #[schema(value_type = Option<Vec<String>>)]
    pub category: Option<Value>,
    /// At most 20, each at most 40 characters.
    #[schema(value_type = Option<Vec<String>>)]
    pub tags: Option<Value>,
    /// The colour (`colour` is accepted too).
    #[serde(alias = "colour")]
    pub color: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub specifications: Option<Value>,
    /// Sizes from the size list (XS ... XXL, 28 ... 42), none twice.
    #[schema(value_type = Option<Vec<String>>)]
    pub sizes: Option<Value>,
    /// Units on sale per size: whole numbers from 0 to 100000.
    #[schema(value_type = Option<BTreeMap<String, u32>>)]
    pub stock: Option<Value>,
    /// A whole percentage from 0 to 90.
    #[schema(value_type = Option<u32>)]
    pub offer_percentage: Option<Value>,
    /// A coupon id of the product's brand, or null for none.
    #[schema(value_type = Option<String>)]
    pub assigned_coupon: Option<Value>,
    /// Whether shoppers see it (default true).
    #[schema(value_type = Option<bool>)]
    pub is_active: Option<Value>,
    /// On an edit: `false` restores an archived product.
    #[schema(value_type = Option<bool>)]
    pub archived: Option<Value>,
    /// On an edit: the version the editor read (or send `If-Match`).
    #[serde(default, deserialize_with = "crate::services::input::whole_version")]
    pub version: Option<i64>,
    /// An admin's: the brand the product is for.
    pub brand_id: Option<String>,
}

/// A whole product, checked: what a creation writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductDraft {
    pub name: String,
    pub description: String,
    pub price: Money,
    pub gender: ProductGender,
    pub category_ids: Vec<String>,
    pub tags: Vec<String>,
    pub colour: String,
    pub specifications: Specifications,
    /// In the size list's order.
    pub sizes: Vec<Size>,
    /// Units per size, for every size (0 where none was sent).
    pub stock: Vec<(Size, u32)>,
    pub offer_percentage: u8,
    pub assigned_coupon: Option<String>,
    pub is_active: bool,
    /// The brand an admin named.
    pub brand_id: Option<String>,
}

/// The fields an edit changes, each checked; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductPatch {
    pub name: Option<String>,
    pub description: Option<String>,
    pub price: Option<Money>,
    pub gender: Option<ProductGender>,
    pub category_ids: Option<Vec<String>>,
    pub tags: Option<Vec<String>>,
    pub colour: Option<String>,
    pub specifications: Option<Specifications>,
    pub sizes: Option<Vec<Size>>,
    /// Units to set for these sizes (checked against the sizes after the edit by the service).
    pub stock: Option<Vec<(Size, u32)>>,
    pub offer_percentage: Option<u8>,
    /// `Some(None)` takes the coupon off.
    pub assigned_coupon: Option<Option<String>>,
    pub is_active: Option<bool>,
    /// `Some(false)` restores, `Some(true)` archives.
    pub archived: Option<bool>,
    /// The version the editor read, from the body.
    pub version: Option<i64>,
}

/// Collects each field's outcome, keeping the first error of each field.
#[derive(Default)]
struct Checker {
    errors: FieldErrors,
}

impl Checker {
    fn take<T>(&mut self, field: &str, result: Result<T, ProductRule>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(rule) => {
                self.errors
                    .entry(field.to_owned())
                    .or_insert_with(|| rule.to_string());
                None
            }
        }
    }

    fn missing(&mut self, field: &str, rule: ProductRule) {
        self.errors
            .entry(field.to_owned())
            .or_insert_with(|| rule.to_string());
    }

    fn fail(&mut self, field: &str, message: &str) {
        self.errors
            .entry(field.to_owned())
            .or_insert_with(|| message.to_owned());
    }

    fn finish<T>(self, value: impl FnOnce() -> Option<T>) -> Result<T, ConsoleError> {
        if self.errors.is_empty()
            && let Some(value) = value()
        {
            return Ok(value);
        }
        Err(ConsoleError::Invalid(self.errors))
    }
}

/// A JSON list of strings, or a `|`- or comma-free single string as a one-element list.
fn strings(c: &mut Checker, field: &str, value: &Value) -> Option<Vec<String>> {
    match value {
        Value::Array(items) if items.len() <= 100 => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                match item {
                    Value::String(s) => out.push(s.clone()),
                    _ => {
                        c.fail(field, "Must be a list of text values");
                        return None;
                    }
                }
            }
            Some(out)
        }
        Value::Array(_) => {
            c.fail(field, "Too many values");
            None
        }
        Value::Null => Some(Vec::new()),
        _ => {
            c.fail(field, "Must be a list of text values");
            None
        }
    }
}

fn boolean(c: &mut Checker, field: &str, value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::String(s) if s.eq_ignore_ascii_case("true") => Some(true),
        Value::String(s) if s.eq_ignore_ascii_case("false") => Some(false),
        _ => c.take(field, Err(ProductRule::NotABoolean)),
    }
}

fn text(c: &mut Checker, field: &str, value: &str, max: usize) -> Option<String> {
    c.take(field, bounded(value, max))
}

fn specifications(c: &mut Checker, value: &Value) -> Option<Specifications> {
    let Value::Object(map) = value else {
        c.fail("specifications", "Must be an object of text values");
        return None;
    };
    let mut read = |key: &str| -> Option<String> {
        let field = format!("specifications.{key}");
        match map.get(key) {
            None | Some(Value::Null) => Some(String::new()),
            Some(Value::String(s)) => text(c, &field, s, MAX_DETAIL_CHARS),
            Some(_) => {
                c.fail(&field, "Must be text");
                None
            }
        }
    };
    Some(Specifications {
        pattern: read("pattern")?,
        length: read("length")?,
        fabric: read("fabric")?,
        sleeve_length: read("sleeveLength")?,
        fit: read("fit")?,
        distress: read("distress")?,
    })
}

/// Units per size as sent (`{"M": 4}`); each key must be a size from the list, each value a
/// whole number of units in range. Whether the product comes in the size is checked later.
fn stock(c: &mut Checker, value: &Value) -> Option<Vec<(Size, u32)>> {
    let Value::Object(map) = value else {
        c.fail(
            "stock",
            "Must be an object of units by size, such as {\"M\": 4}",
        );
        return None;
    };
    if map.len() > Size::ALL.len() {
        c.fail("stock", "Too many sizes");
        return None;
    }
    let mut out = Vec::with_capacity(map.len());
    let mut ok = true;
    for (label, units) in map {
        let field = format!("stock.{label}");
        let size = c.take(&field, Size::parse(label).map_err(ProductRule::from));
        let units = c.take(&field, validation::stock_units(units));
        match (size, units) {
            (Some(size), Some(units)) if !out.iter().any(|(s, _)| *s == size) => {
                out.push((size, units));
            }
            (Some(_), Some(_)) => c.fail(&field, "This size is listed twice"),
            _ => ok = false,
        }
    }
    ok.then_some(out)
}

fn coupon(c: &mut Checker, value: &Value) -> Option<Option<String>> {
    match value {
        Value::Null => Some(None),
        Value::String(s) if s.trim().is_empty() => Some(None),
        Value::String(s) if s.len() <= 100 => Some(Some(s.trim().to_owned())),
        _ => {
            c.fail(
                "assignedCoupon",
                "Must be a coupon id of this brand, or null",
            );
            None
        }
    }
}

/// Whether each size of `stock` is among `sizes`; the rest are reported as `stock.<size>`.
pub fn stock_within(stock: &[(Size, u32)], sizes: &[Size]) -> Result<(), FieldErrors> {
    let errors: FieldErrors = stock
        .iter()
        .filter(|(size, _)| !sizes.contains(size))
        .map(|(size, _)| {
            (
                format!("stock.{size}"),
                ProductRule::StockForUnknownSize(size.to_string()).to_string(),
            )
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

impl TryFrom<ProductInput> for ProductPatch {
    type Error = ConsoleError;

    fn try_from(body: ProductInput) -> Result<Self, ConsoleError> {
        let mut c = Checker::default();
        let mut patch = ProductPatch {
            version: body.version,
            ..ProductPatch::default()
        };
        if let Some(name) = &body.name {
            patch.name = c.take("name", validation::product_name(name));
        }
        if let Some(description) = &body.description {
            patch.description = text(&mut c, "description", description, MAX_DESCRIPTION_CHARS);
        }
        if let Some(price) = &body.price {
            patch.price = c.take("price", validation::price(price));
        }
        if let Some(gender) = &body.gender {
            patch.gender = c.take("gender", validation::product_gender(gender));
        }
        if let Some(category) = &body.category {
            patch.category_ids = strings(&mut c, "category", category)
                .and_then(|ids| c.take("category", validation::category_ids(&ids)));
        }
        if let Some(tags) = &body.tags {
            patch.tags =
                strings(&mut c, "tags", tags).and_then(|t| c.take("tags", validation::tags(&t)));
        }
        if let Some(color) = &body.color {
            patch.colour = text(&mut c, "color", color, MAX_DETAIL_CHARS);
        }
        if let Some(specs) = &body.specifications {
            patch.specifications = specifications(&mut c, specs);
        }
        if let Some(sizes) = &body.sizes {
            patch.sizes = strings(&mut c, "sizes", sizes)
                .and_then(|s| c.take("sizes", validation::sizes(&s)));
        }
        if let Some(units) = &body.stock {
            patch.stock = stock(&mut c, units);
        }
        if let Some(offer) = &body.offer_percentage {
            patch.offer_percentage = c.take("offerPercentage", validation::offer_percentage(offer));
        }
        if let Some(assigned) = &body.assigned_coupon {
            patch.assigned_coupon = coupon(&mut c, assigned);
        }
        if let Some(active) = &body.is_active {
            patch.is_active = boolean(&mut c, "isActive", active);
        }
        if let Some(archived) = &body.archived {
            patch.archived = boolean(&mut c, "archived", archived);
        }
        if let (Some(stock), Some(sizes)) = (&patch.stock, &patch.sizes)
            && let Err(errors) = stock_within(stock, sizes)
        {
            c.errors.extend(errors);
        }
        c.finish(|| Some(patch))
    }
}

impl TryFrom<ProductInput> for ProductDraft {
    type Error = ConsoleError;

    fn try_from(body: ProductInput) -> Result<Self, ConsoleError> {
        let brand_id = body.brand_id.clone();
        let missing = [
            ("name", body.name.is_none(), ProductRule::NameRequired),
            ("price", body.price.is_none(), ProductRule::PriceRequired),
            ("gender", body.gender.is_none(), ProductRule::GenderRequired),
            (
                "category",
                body.category.is_none(),
                ProductRule::CategoriesRequired,
            ),
            ("sizes", body.sizes.is_none(), ProductRule::SizesRequired),
        ];
        let patch = ProductPatch::try_from(body);
        let mut c = Checker::default();
        for (field, absent, rule) in missing {
            if absent {
                c.missing(field, rule);
            }
        }
        let patch = match patch {
            Ok(patch) => patch,
            Err(ConsoleError::Invalid(errors)) => {
                for (field, message) in errors {
                    c.errors.entry(field).or_insert(message);
                }
                ProductPatch::default()
            }
            Err(other) => return Err(other),
        };
        c.finish(|| {
            let sizes = patch.sizes?;
            let given = patch.stock.unwrap_or_default();
            let stock = sizes
                .iter()
                .map(|size| {
                    let units = given.iter().find(|(s, _)| s == size).map_or(0, |(_, u)| *u);
                    (*size, units)
                })
                .collect();
            Some(ProductDraft {
                name: patch.name?,
                description: patch.description.unwrap_or_default(),
                price: patch.price?,
                gender: patch.gender?,
                category_ids: patch.category_ids?,
                tags: patch.tags.unwrap_or_default(),
                colour: patch.colour.unwrap_or_default(),
                specifications: patch.specifications.unwrap_or_else(empty_specifications),
                sizes,
                stock,
                offer_percentage: patch.offer_percentage.unwrap_or(0),
                assigned_coupon: patch.assigned_coupon.flatten(),
                is_active: patch.is_active.unwrap_or(true),
                brand_id,
            })
        })
    }
}

/// Specifications with nothing said.
pub fn empty_specifications() -> Specifications {
    Specifications {
        pattern: String::new(),
        length: String::new(),
        fabric: String::new(),
        sleeve_length: String::new(),
        fit: String::new(),
        distress: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn draft(body: Value) -> Result<ProductDraft, FieldErrors> {
        let input: ProductInput = serde_json::from_value(body).expect("a product body");
        ProductDraft::try_from(input).map_err(|e| match e {
            ConsoleError::Invalid(fields) => fields,
            other => panic!("{other}"),
        })
    }

    fn good() -> Value {
        json!({
            "name": " Linen shirt ", "price": "1299.50", "gender": "male",
            "category": ["c1"], "sizes": ["L", "M"], "stock": {"M": 3},
            "tags": ["linen"], "color": "white",
            "specifications": {"fit": "Regular"}
        })
    }

    #[test]
    fn a_whole_product_is_typed() {
        let d = draft(good()).expect("a good draft");
        assert_eq!(d.name, "Linen shirt");
        assert_eq!(d.price, Money::from_paise(129_950));
        assert_eq!(d.sizes, vec![Size::M, Size::L]);
        assert_eq!(d.stock, vec![(Size::M, 3), (Size::L, 0)]);
        assert_eq!(d.specifications.fit, "Regular");
        assert!(d.is_active);
    }

    #[test]
    fn every_broken_field_is_named() {
        let errors = draft(json!({
            "name": "", "price": "12.345", "gender": "other", "category": [],
            "sizes": ["M", "M"], "stock": {"XXXL": 1, "M": -1}, "offerPercentage": 95,
            "tags": "linen", "specifications": {"fit": 3}, "isActive": "maybe"
        }))
        .expect_err("a bad draft");
        for field in [
            "name",
            "price",
            "gender",
            "category",
            "sizes",
            "stock.XXXL",
            "stock.M",
            "offerPercentage",
            "tags",
            "specifications.fit",
            "isActive",
        ] {
            assert!(errors.contains_key(field), "{field} in {errors:?}");
        }
        let missing = draft(json!({})).expect_err("nothing sent");
        for field in ["name", "price", "gender", "category", "sizes"] {
            assert!(missing.contains_key(field), "{field} in {missing:?}");
        }
    }

    #[test]
    fn stock_of_a_size_not_sold_is_refused() {
        let mut body = good();
        body["stock"] = json!({"XL": 2});
        let errors = draft(body).expect_err("XL is not among the sizes");
        assert_eq!(
            errors.get("stock.XL").map(String::as_str),
            Some("'XL' is not one of the product's sizes")
        );
    }
}
