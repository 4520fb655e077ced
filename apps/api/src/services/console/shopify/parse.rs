//! Shopify's product CSV export read into products: one product per `Handle`, its first row
//! carrying the product's fields, each row with an `Option1 Value` a variant (a size), and rows
//! with only `Handle` and `Image Src` more images.

use std::collections::{BTreeMap, HashMap};

use pricing::Money;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use validation::Size;

use super::html;
use crate::services::console::images::MAX_PRODUCT_IMAGES;
use crate::services::console::imports::{ImportsError, MAX_ROWS, RowError};

/// The columns a file must have.
pub const REQUIRED: [&str; 4] = ["Handle", "Title", "Option1 Value", "Variant Price"];

/// The most an offer may take off (the product rules' limit).
pub const MAX_OFFER: i64 = 90;

/// One product of the file, as read (before its category is looked up).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShopifyProduct {
    pub handle: String,
    /// Its first row.
    pub row: usize,
    pub name: String,
    /// `Body (HTML)` as plain text.
    pub description: String,
    /// `Type`: the category's name.
    pub product_type: String,
    pub tags: Vec<String>,
    /// `Option2 Value` of the first variant when `Option2 Name` is Color or Colour.
    pub colour: String,
    /// The shop's size labels, in the file's order.
    pub sizes: Vec<String>,
    /// Units per size label.
    pub stock: BTreeMap<String, i64>,
    /// `Variant Price` of the first variant, in paise.
    pub price_paise: Option<i64>,
    /// `Variant Compare At Price` of the first variant, in paise.
    pub compare_at_paise: Option<i64>,
    /// `Status` is active (or absent).
    pub is_active: bool,
    /// `(url, row)`, in `Image Position` order.
    pub images: Vec<(String, usize)>,
    /// What is wrong with its rows.
    pub errors: Vec<RowError>,
}

impl ShopifyProduct {
    /// The whole percent the compare-at price takes off the price (rounded down, at most
    /// [`MAX_OFFER`]); 0 without one, or when it is not higher.
    pub fn offer_percentage(&self) -> i64 {
        match (self.price_paise, self.compare_at_paise) {
            (Some(price), Some(compare)) if compare > price && compare > 0 => {
                ((compare - price) * 100 / compare).min(MAX_OFFER)
            }
            _ => 0,
        }
    }

    /// The shop's list price, in paise: with an offer, the price that the whole-percent offer
    /// brings down to exactly the variant's price (the shopper pays what the brand charged on
    /// Shopify, to the paisa), which lies within 1% under the compare-at price; without one,
    /// the variant's price.
    ///
    /// It is `price × 100 / (100 − offer)` rounded to the paisa: off by at most half a paisa,
    /// which the offer shrinks below half a paisa again, so the shop's rounding of
    /// `list × (100 − offer) / 100` gives back `price` exactly.
    pub fn list_price_paise(&self) -> Option<i64> {
        let price = self.price_paise?;
        let offer = self.offer_percentage();
        if offer == 0 {
            return Some(price);
        }
        let kept = 100 - offer;
        Some((price * 100 + kept / 2) / kept)
    }

    fn error(&mut self, row: usize, field: &str, message: impl Into<String>) {
        self.errors.push(RowError {
            row,
            field: field.to_owned(),
            message: message.into(),
        });
    }
}

/// The shop's size for a Shopify option value: the size list's labels in any case, the
/// words (Small, Medium, Extra Large, 2XL...) and waist sizes (`32`, `W32`).
pub fn shop_size(raw: &str) -> Option<Size> {
    let squashed: String = raw
        .trim()
        .to_ascii_uppercase()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
        .collect();
    let label = match squashed.as_str() {
        "XS" | "XSMALL" | "EXTRASMALL" => "XS",
        "S" | "SM" | "SMALL" => "S",
        "M" | "MED" | "MEDIUM" => "M",
        "L" | "LG" | "LARGE" => "L",
        "XL" | "XLARGE" | "EXTRALARGE" => "XL",
        "XXL" | "2XL" | "XXLARGE" | "2XLARGE" | "EXTRAEXTRALARGE" => "XXL",
        other => match other.strip_prefix('W') {
            Some(waist) if !waist.is_empty() && waist.bytes().all(|b| b.is_ascii_digit()) => waist,
            _ => other,
        },
    };
    Size::parse(label).ok()
}

/// A price cell in paise, or the product rule's message.
fn price_of(cell: &str) -> Result<i64, String> {
    validation::price(&Value::String(cell.to_owned()))
        .map(Money::paise)
        .map_err(|rule| rule.to_string())
}

/// The header's column positions by name, and its problems (row 0).
fn columns(header: &[String]) -> (HashMap<String, usize>, Vec<RowError>) {
    let mut at = HashMap::new();
    for (i, name) in header.iter().enumerate() {
        at.entry(name.trim().to_ascii_lowercase()).or_insert(i);
    }
    let errors = REQUIRED
        .iter()
        .filter(|name| !at.contains_key(&name.to_ascii_lowercase()))
        .map(|name| RowError {
            row: 0,
            field: (*name).to_owned(),
            message: format!(
                "The column '{name}' is missing: this does not look like Shopify's product export."
            ),
        })
        .collect();
    (at, errors)
}

/// Reads a Shopify product export: its products, in the order of their first rows, and the
/// problems that belong to no product (the header, a row without a handle).
pub fn read(text: &str) -> Result<(Vec<ShopifyProduct>, Vec<RowError>), ImportsError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| ImportsError::NotCsv(e.to_string()))?
        .iter()
        .map(str::to_owned)
        .collect();
    let (at, problems) = columns(&header);
    if !problems.is_empty() {
        return Ok((Vec::new(), problems));
    }
    let mut products: Vec<ShopifyProduct> = Vec::new();
    let mut by_handle: HashMap<String, usize> = HashMap::new();
    let mut loose = Vec::new();
    // Per product: the image positions, and whether its option names were checked.
    let mut positions: HashMap<usize, Vec<i64>> = HashMap::new();
    let mut option_names: HashMap<usize, (String, String)> = HashMap::new();
    for (index, record) in reader.records().enumerate() {
        let row = index + 1;
        if row > MAX_ROWS {
            return Err(ImportsError::TooManyRows);
        }
        let record = record.map_err(|e| ImportsError::NotCsv(e.to_string()))?;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let cells = Cells {
            at: &at,
            record: &record,
        };
        let cell = |name: &str| cells.get(name);
        let handle = cell("Handle");
        if handle.is_empty() {
            loose.push(RowError {
                row,
                field: "Handle".into(),
                message: "Every row needs its product's Handle.".into(),
            });
            continue;
        }
        let index = match by_handle.get(handle) {
            Some(i) => *i,
            None => {
                let i = products.len();
                by_handle.insert(handle.to_owned(), i);
                products.push(first_row(handle, row, &cells));
                option_names.insert(
                    i,
                    (
                        cell("Option1 Name").to_owned(),
                        cell("Option2 Name").to_owned(),
                    ),
                );
                i
            }
        };
        let product = &mut products[index];
        let (option1, option2) = option_names.get(&index).cloned().unwrap_or_default();
        let value = cell("Option1 Value");
        if !value.is_empty() {
            variant(product, row, &cells, &option1, &option2);
        }
        let src = cell("Image Src");
        if !src.is_empty() {
            let url_ok = reqwest::Url::parse(src)
                .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some());
            if !url_ok {
                product.error(row, "Image Src", "Not an http(s) URL.");
            } else if !product.images.iter().any(|(u, _)| u == src) {
                let position = cell("Image Position").parse::<i64>().unwrap_or(i64::MAX);
                product.images.push((src.to_owned(), row));
                positions.entry(index).or_default().push(position);
            }
        }
    }
    for (index, product) in products.iter_mut().enumerate() {
        finish(product, positions.remove(&index).unwrap_or_default());
    }
    Ok((products, loose))
}

/// A row's cells by column name (any case), trimmed; "" for a column the file lacks.
struct Cells<'a> {
    at: &'a HashMap<String, usize>,
    record: &'a csv::StringRecord,
}

impl<'a> Cells<'a> {
    fn get(&self, name: &str) -> &'a str {
        self.at
            .get(&name.to_ascii_lowercase())
            .and_then(|i| self.record.get(*i))
            .map_or("", str::trim)
    }
}

/// A product from its first row.
fn first_row(handle: &str, row: usize, cells: &Cells<'_>) -> ShopifyProduct {
    let cell = |name: &str| cells.get(name);
    let mut tags: Vec<String> = Vec::new();
    for tag in cell("Tags").split(',').map(str::trim) {
        if !tag.is_empty() && !tags.iter().any(|t| t.eq_ignore_ascii_case(tag)) {
            tags.push(tag.to_owned());
        }
    }
    let status = cell("Status").to_ascii_lowercase();
    let mut product = ShopifyProduct {
        handle: handle.to_owned(),
        row,
        name: cell("Title").to_owned(),
        description: html::to_text(cell("Body (HTML)")),
        product_type: cell("Type").to_owned(),
        tags,
        colour: String::new(),
        sizes: Vec::new(),
        stock: BTreeMap::new(),
        price_paise: None,
        compare_at_paise: None,
        is_active: status.is_empty() || status == "active",
        images: Vec::new(),
        errors: Vec::new(),
    };
    if product.name.is_empty() {
        product.error(row, "Title", "The first row of a product needs its Title.");
    }
    if product.product_type.is_empty() {
        product.error(
            row,
            "Type",
            "Give the product a Type: the name of one of the shop's categories.",
        );
    }
    let option1 = cell("Option1 Name");
    if !option1.is_empty() && !option1.eq_ignore_ascii_case("size") {
        product.error(
            row,
            "Option1 Name",
            format!("The first option must be Size (it is '{option1}'): the shop sells by size."),
        );
    }
    product
}

/// A variant row: its size, units and price.
fn variant(
    product: &mut ShopifyProduct,
    row: usize,
    cells: &Cells<'_>,
    option1: &str,
    option2: &str,
) {
    let cell = |name: &str| cells.get(name);
    if !option1.is_empty() && !option1.eq_ignore_ascii_case("size") {
        return; // Reported on the first row.
    }
    let value = cell("Option1 Value");
    let Some(size) = shop_size(value) else {
        product.error(
            row,
            "Option1 Value",
            format!("'{value}' is not one of the shop's sizes (XS, S, M, L, XL, XXL, 28 to 42)."),
        );
        return;
    };
    let label = size.as_str().to_owned();
    if product.sizes.contains(&label) {
        product.error(
            row,
            "Option1 Value",
            format!(
                "The size {label} is there twice: a product here has one colour, so import each \
                 colour as its own product (its own Handle)."
            ),
        );
        return;
    }
    let qty = cell("Variant Inventory Qty");
    let units = if qty.is_empty() {
        0
    } else {
        match qty.parse::<i64>() {
            // Shopify lets stock run below zero (oversold): none are on sale.
            Ok(n) => n.max(0),
            Err(_) => {
                product.error(
                    row,
                    "Variant Inventory Qty",
                    format!("'{qty}' is not a whole number."),
                );
                return;
            }
        }
    };
    let first = product.sizes.is_empty();
    match price_of(cell("Variant Price")) {
        Err(message) => {
            product.error(row, "Variant Price", message);
            return;
        }
        Ok(price) if first => product.price_paise = Some(price),
        Ok(price) if Some(price) != product.price_paise => {
            let first_price = product
                .price_paise
                .map_or(String::new(), |p| Money::from_paise(p).to_decimal_string());
            product.error(
                row,
                "Variant Price",
                format!(
                    "Every size of a product has one price here: this one is {} and the first \
                     is {first_price}.",
                    Money::from_paise(price).to_decimal_string()
                ),
            );
            return;
        }
        Ok(_) => {}
    }
    if first {
        let compare = cell("Variant Compare At Price");
        if !compare.is_empty() {
            match price_of(compare) {
                Ok(paise) => product.compare_at_paise = Some(paise),
                Err(message) => {
                    product.error(row, "Variant Compare At Price", message);
                    return;
                }
            }
        }
        if option2.eq_ignore_ascii_case("color") || option2.eq_ignore_ascii_case("colour") {
            product.colour = cell("Option2 Value").to_owned();
        }
    }
    product.sizes.push(label.clone());
    product.stock.insert(label, units);
}

/// Orders the images by `Image Position` and checks what needs the whole product.
fn finish(product: &mut ShopifyProduct, positions: Vec<i64>) {
    let mut ordered: Vec<(i64, (String, usize))> = positions
        .into_iter()
        .zip(std::mem::take(&mut product.images))
        .collect();
    ordered.sort_by_key(|(position, _)| *position);
    product.images = ordered.into_iter().map(|(_, image)| image).collect();
    if let Some((_, row)) = product.images.get(MAX_PRODUCT_IMAGES) {
        let row = *row;
        product.error(row, "Image Src", "A product has at most 12 images.");
    }
    let has_size_errors = product.errors.iter().any(|e| {
        matches!(
            e.field.as_str(),
            "Option1 Name"
                | "Option1 Value"
                | "Variant Price"
                | "Variant Inventory Qty"
                | "Variant Compare At Price"
        )
    });
    if product.sizes.is_empty() && !has_size_errors {
        let row = product.row;
        product.error(
            row,
            "Option1 Value",
            "The product has no sizes: give each variant a size in Option1 Value.",
        );
    }
    product.errors.sort_by_key(|e| e.row);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_values_map_onto_the_size_list() {
        for (raw, size) in [
            ("S", "S"),
            ("small", "S"),
            ("Medium", "M"),
            ("L", "L"),
            ("X-Large", "XL"),
            ("Extra Large", "XL"),
            ("2XL", "XXL"),
            ("xxl", "XXL"),
            ("XS", "XS"),
            ("32", "32"),
            ("W34", "34"),
        ] {
            assert_eq!(shop_size(raw).map(Size::as_str), Some(size), "{raw}");
        }
        for raw in ["3XL", "Free Size", "44", "W", "Default Title", ""] {
            assert_eq!(shop_size(raw), None, "{raw}");
        }
    }

    fn product(price: i64, compare: Option<i64>) -> ShopifyProduct {
        ShopifyProduct {
            handle: "h".into(),
            row: 1,
            name: "n".into(),
            description: String::new(),
            product_type: "t".into(),
            tags: vec![],
            colour: String::new(),
            sizes: vec![],
            stock: BTreeMap::new(),
            price_paise: Some(price),
            compare_at_paise: compare,
            is_active: true,
            images: vec![],
            errors: vec![],
        }
    }

    #[test]
    fn a_higher_compare_at_price_is_the_list_price_with_an_offer() {
        for (price, compare, offer, list) in [
            (99_900, None, 0, 99_900),
            (99_900, Some(99_900), 0, 99_900),
            (99_900, Some(50_000), 0, 99_900),
            (75_000, Some(100_000), 25, 100_000),
            (79_900, Some(99_900), 20, 99_875), // 20.02% rounds down; 998.75 less 20% is 799
            (149_900, Some(199_900), 25, 199_867), // 1,998.67 less 25% is 1,499.0025
            (99_800, Some(99_900), 0, 99_800),  // under 1%: no offer, the price itself
            (5_000, Some(100_000), 90, 50_000), // 95% is capped at 90
        ] {
            let p = product(price, compare);
            assert_eq!(p.offer_percentage(), offer, "{price} {compare:?}");
            assert_eq!(p.list_price_paise(), Some(list), "{price} {compare:?}");
        }
    }

    proptest::proptest! {
        /// Whatever the two prices, the shopper pays the variant's price to the paisa, and the
        /// list price is never above the compare-at price.
        #[test]
        fn the_offer_price_is_the_variant_price(
            price in 1i64..10_000_000,
            compare in proptest::option::of(1i64..20_000_000),
        ) {
            let p = product(price, compare);
            let list = p.list_price_paise().expect("a price");
            let whole = u8::try_from(p.offer_percentage()).expect("at most 90");
            let offer = pricing::Percent::from_whole(whole).expect("a percent");
            let paid = pricing::offer_price(pricing::Money::from_paise(list), offer);
            proptest::prop_assert_eq!(paid.paise(), price);
            if p.offer_percentage() > 0 {
                proptest::prop_assert!(list <= compare.expect("a compare-at price"));
            }
        }
    }

    const HEADER: &str = "Handle,Title,Body (HTML),Vendor,Type,Tags,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Status";

    #[test]
    fn rows_group_by_handle() {
        let text = format!(
            "{HEADER}\n\
             tee,Linen Tee,\"<p>Soft</p>\n<p>Airy &amp; light</p>\",Acme,T-Shirts,\"summer, linen,Summer\",Size,S,Color,Blue,4,999.00,1299.00,https://cdn.example.com/b.jpg,2,active\n\
             tee,,,,,,,M,,Blue,-2,999.00,,https://cdn.example.com/a.jpg,1,\n\
             tee,,,,,,,,,,,,,https://cdn.example.com/c.jpg,3,\n\
             ,,,,,,,,,,,,,,,\n\
             jeans,Jeans,,Acme,Jeans,,Size,32,,,x,1999,,,,draft\n"
        );
        let (products, loose) = read(&text).expect("read");
        assert_eq!(loose, []);
        assert_eq!(products.len(), 2);
        let tee = &products[0];
        assert_eq!((tee.handle.as_str(), tee.row), ("tee", 1));
        assert_eq!(tee.name, "Linen Tee");
        assert_eq!(tee.description, "Soft\n\nAiry & light");
        assert_eq!(tee.tags, ["summer", "linen"]);
        assert_eq!(tee.colour, "Blue");
        assert_eq!(tee.sizes, ["S", "M"]);
        assert_eq!(
            tee.stock,
            BTreeMap::from([("S".into(), 4), ("M".into(), 0)])
        );
        assert_eq!(
            (tee.price_paise, tee.compare_at_paise),
            (Some(99_900), Some(129_900))
        );
        assert_eq!(tee.offer_percentage(), 23);
        let urls: Vec<&str> = tee.images.iter().map(|(u, _)| u.as_str()).collect();
        assert_eq!(
            urls,
            [
                "https://cdn.example.com/a.jpg",
                "https://cdn.example.com/b.jpg",
                "https://cdn.example.com/c.jpg"
            ]
        );
        assert!(tee.is_active && tee.errors.is_empty(), "{:?}", tee.errors);
        let jeans = &products[1];
        assert!(!jeans.is_active);
        let found: Vec<(usize, &str)> = jeans
            .errors
            .iter()
            .map(|e| (e.row, e.field.as_str()))
            .collect();
        assert_eq!(found, [(5, "Variant Inventory Qty")]);
    }

    #[test]
    fn bad_rows_are_reported_by_row_and_column() {
        let text = format!(
            "{HEADER}\n\
             a,,,,,,Size,S,,,1,100,,,,\n\
             a,,,,,,,Huge,,,1,100,,,,\n\
             a,,,,,,,S,,,1,100,,,,\n\
             a,,,,,,,M,,,1,120,,,,\n\
             a,,,,,,,L,,,1,abc,,ftp://x/y.png,,\n\
             b,B,,,Shirts,,Color,Red,,,1,100,,,,\n\
             ,B,,,,,,,,,,,,,,\n"
        );
        let (products, loose) = read(&text).expect("read");
        let a: Vec<(usize, &str)> = products[0]
            .errors
            .iter()
            .map(|e| (e.row, e.field.as_str()))
            .collect();
        assert_eq!(
            a,
            [
                (1, "Title"),
                (1, "Type"),
                (2, "Option1 Value"),
                (3, "Option1 Value"),
                (4, "Variant Price"),
                (5, "Variant Price"),
                (5, "Image Src"),
            ]
        );
        assert!(products[1].errors[0].message.contains("must be Size"));
        assert_eq!(products[1].errors.len(), 1);
        assert_eq!((loose[0].row, loose[0].field.as_str()), (7, "Handle"));
    }

    #[test]
    fn a_file_that_is_not_an_export_is_refused_by_its_header() {
        let (products, errors) = read("name,price\nx,1\n").expect("read");
        assert!(products.is_empty());
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, REQUIRED);
        assert!(errors.iter().all(|e| e.row == 0));
    }
}
