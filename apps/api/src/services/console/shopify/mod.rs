//! The Shopify import (docs/http-api.md, "Shopify import"): Shopify's product CSV export
//! previewed (read, checked and kept by a token for an hour, nothing written), then committed
//! by its token.
//!
//! Each Shopify product (a `Handle`) becomes one product of the brand: its variants' sizes,
//! units and price, its `Type` as the category of that name among the brand's gender's
//! categories, `Body (HTML)` as plain text ([`html`]). `Vendor` is ignored: the products are
//! the importing brand's. A handle imported before updates the product it made. The commit
//! follows the CSV import's rule (all or nothing unless `partial`) and writes through its
//! writer: batches of [`BATCH_ROWS`] products, each one transaction with the products'
//! change-feed rows, the handles, the images and one audit row. Images are fetched at commit by
//! the guarded fetcher ([`crate::services::media::fetch`]), a few at a time, and stored as
//! uploads are; an image that fails is a warning of its row, and a product whose images all
//! fail keeps the images it had.

pub mod html;
pub mod parse;

use std::collections::{BTreeMap, HashMap};

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::imports::{self, BATCH_ROWS, Checked, ImportsError, ReadRow, RowError};
use super::products::content_of;
use super::{Change, ConsoleError, Manager};
use crate::auth::Caller;
use crate::services::media::Purpose;
use crate::services::media::fetch::Fetcher;
use crate::state::AppState;
use crate::wire::Decimal;
use parse::ShopifyProduct;

/// How long a preview is kept.
pub const PREVIEW_TTL: chrono::TimeDelta = chrono::TimeDelta::hours(1);
/// Images fetched at once.
pub const FETCHES_AT_ONCE: usize = 4;
/// Images fetched by one commit at most (the rest are warnings: import the file in parts).
pub const MAX_FETCHES: usize = 1_000;

/// Why a Shopify import is refused.
#[derive(Debug, thiserror::Error)]
pub enum ShopifyError {
    #[error(transparent)]
    Imports(#[from] ImportsError),
    /// No preview of the brand's by that token (unknown, expired, committed or another
    /// brand's).
    #[error(
        "No preview with this token: it expired (after an hour) or was imported already. Upload the file again."
    )]
    PreviewNotFound,
}

impl From<ConsoleError> for ShopifyError {
    fn from(e: ConsoleError) -> Self {
        Self::Imports(e.into())
    }
}

impl From<store::StoreError> for ShopifyError {
    fn from(e: store::StoreError) -> Self {
        Self::Imports(e.into())
    }
}

/// One product of a preview.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewProduct {
    pub handle: String,
    pub name: String,
    /// `Body (HTML)` as plain text.
    pub description: String,
    /// Shopify's `Variant Price` (what the shopper pays).
    #[schema(required = true)]
    pub price: Option<Decimal>,
    /// Shopify's `Variant Compare At Price`.
    #[schema(required = true)]
    pub compare_at_price: Option<Decimal>,
    /// The shop's list price: the compare-at price when it is higher, else the price.
    #[schema(required = true)]
    pub list_price: Option<Decimal>,
    /// Whole percent off the list price (rounded down, at most 90).
    pub offer_percentage: i64,
    /// The category `Type` names, when one does.
    #[schema(required = true)]
    pub category: Option<String>,
    pub sizes: Vec<String>,
    /// Units per size.
    pub stock: BTreeMap<String, i64>,
    pub tags: Vec<String>,
    /// Image URLs, fetched at commit.
    pub images: Vec<String>,
    /// `Status` is active.
    pub is_active: bool,
    /// A product of the brand was imported from this handle before: the commit updates it.
    pub update: bool,
    pub errors: Vec<RowError>,
}

/// `{success, preview: true, token, products, errors}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ShopifyPreview {
    pub success: bool,
    pub preview: bool,
    /// Commits this preview (`?format=shopify&commit=<token>`) within the hour.
    pub token: String,
    pub products: Vec<PreviewProduct>,
    /// Every problem of the file, by row: the products' and rows of no product.
    pub errors: Vec<RowError>,
}

/// `{fetched, failed}`: the images of a commit.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImageCounts {
    pub fetched: usize,
    pub failed: usize,
}

/// What a commit did.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ShopifyReport {
    pub success: bool,
    pub created: usize,
    pub updated: usize,
    /// Products not imported (partial).
    pub failed: usize,
    /// Why they were not, by row.
    pub errors: Vec<RowError>,
    pub images: ImageCounts,
    /// Images not fetched or not accepted (the product was imported without them).
    pub warnings: Vec<RowError>,
}

/// What `POST /api/brand/products/import` answers: the CSV import's report, or with
/// `format=shopify` a preview (no `commit`) or the commit's report. (For the API document:
/// each call answers one of them.)
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ImportAnswer {
    Csv(imports::ImportReport),
    ShopifyPreview(ShopifyPreview),
    ShopifyCommit(ShopifyReport),
}

/// A preview as kept between the two calls.
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    /// The brand's gender when previewed: its products'.
    gender: String,
    products: Vec<StoredProduct>,
    /// Problems of rows of no product.
    loose: Vec<RowError>,
}

#[derive(Debug, Serialize, Deserialize)]
struct StoredProduct {
    parsed: ShopifyProduct,
    /// The category `Type` names, after its parent when it has one (as the demo's products
    /// list `[top-level, sub]`).
    category_ids: Vec<String>,
    category_name: Option<String>,
}

/// The brand the caller imports into (an admin names it).
fn brand_of(caller: &Caller, brand_id: Option<&str>) -> Result<(Manager, String), ShopifyError> {
    let manager = Manager::of(caller)?;
    let brand = manager
        .scope
        .brand_for(brand_id)
        .map_err(ConsoleError::from)?
        .to_owned();
    Ok((manager, brand))
}

/// A category name as `Type` is matched against it: any case, a plural's `s` left off
/// (`T-Shirts` finds `T-shirts`, `Shirts` finds `Shirt`).
fn category_key(name: &str) -> String {
    let lower = name.trim().to_lowercase();
    lower.strip_suffix('s').unwrap_or(&lower).to_owned()
}

/// The product rules' fields as Shopify's columns.
fn shopify_column(field: &str) -> &str {
    match field {
        "name" => "Title",
        "description" => "Body (HTML)",
        "price" => "Variant Price",
        "categories" | "gender" => "Type",
        "tags" => "Tags",
        "color" => "Option2 Value",
        "sizes" => "Option1 Value",
        "stock" => "Variant Inventory Qty",
        "offerPercentage" => "Variant Compare At Price",
        "isActive" => "Status",
        other => other,
    }
}

/// The body `POST /api/brand/products` would take for `p`.
fn body_of(p: &StoredProduct, gender: &str) -> Value {
    let parsed = &p.parsed;
    json!({
        "name": parsed.name,
        "description": clip(&parsed.description, validation::MAX_DESCRIPTION_CHARS),
        "price": parsed.list_price_paise().map(|paise| pricing::Money::from_paise(paise).to_decimal_string()),
        "gender": gender,
        "category": p.category_ids,
        "tags": parsed.tags,
        "color": parsed.colour,
        "sizes": parsed.sizes,
        "stock": parsed.stock,
        "offerPercentage": parsed.offer_percentage(),
        "isActive": parsed.is_active,
    })
}

/// `text` cut to `max` characters (a long Shopify description is kept, shortened).
fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => text[..at].trim_end().to_owned(),
        None => text.to_owned(),
    }
}

/// Checks every product: the drafts of the valid ones (by product index), every product's
/// errors added to it.
fn check_all(stored: &mut Stored) -> Result<Vec<(usize, Checked)>, ImportsError> {
    let mut out = Vec::new();
    for (index, p) in stored.products.iter_mut().enumerate() {
        if !p.parsed.errors.is_empty() {
            continue;
        }
        let row = ReadRow {
            row: p.parsed.row,
            id: None,
            body: body_of(p, &stored.gender),
        };
        let mut errors = Vec::new();
        let mut checked = imports::drafts(vec![row], &mut errors)?;
        p.parsed.errors.extend(errors.into_iter().map(|e| RowError {
            field: shopify_column(&e.field).to_owned(),
            ..e
        }));
        if let Some(c) = checked.pop() {
            out.push((index, c));
        }
    }
    Ok(out)
}

/// Products not importable, and rows of no product with a problem.
fn failed_count(stored: &Stored) -> usize {
    let loose: std::collections::BTreeSet<usize> = stored.loose.iter().map(|e| e.row).collect();
    loose.len()
        + stored
            .products
            .iter()
            .filter(|p| !p.parsed.errors.is_empty())
            .count()
}

/// Every problem: rows of no product, then each product's, by row.
fn all_errors(stored: &Stored) -> Vec<RowError> {
    let mut errors: Vec<RowError> = stored.loose.clone();
    for p in &stored.products {
        errors.extend(p.parsed.errors.iter().cloned());
    }
    errors.sort_by(|a, b| (a.row, &a.field).cmp(&(b.row, &b.field)));
    errors
}

/// Reads the Shopify export `file` for the caller's brand and keeps it as a preview: its
/// products and problems, and the token that commits it. Nothing is written but the preview.
pub async fn preview(
    state: &AppState,
    caller: &Caller,
    brand_id: Option<String>,
    file: impl std::future::Future<Output = Result<Vec<u8>, ImportsError>>,
) -> Result<ShopifyPreview, ShopifyError> {
    let (_, brand) = brand_of(caller, brand_id.as_deref())?;
    let bytes = file.await?;
    let text = imports::file_text(&bytes)?;
    let (products, loose) = parse::read(text)?;
    if loose.iter().any(|e| e.row == 0) {
        return Err(ImportsError::Invalid(imports::report(0, 0, loose)).into());
    }
    let brand_key = brand.clone();
    let (brand_record, categories) = state
        .db(move |s| {
            let refs = s.product_references(&brand_key, &[], None)?;
            let gender = refs.brand.as_ref().map(|b| b.gender.clone());
            let categories = match &gender {
                Some(g) => s.categories_of_gender(g)?,
                None => Vec::new(),
            };
            Ok::<_, store::StoreError>((refs.brand, categories))
        })
        .await?;
    let gender = brand_record.ok_or(ConsoleError::NotFound("Brand"))?.gender;
    let mut by_name: HashMap<String, &store::CategoryRecord> = HashMap::new();
    for c in &categories {
        by_name.entry(category_key(&c.name)).or_insert(c);
    }
    let mut stored = Stored {
        gender: gender.clone(),
        products: products
            .into_iter()
            .map(|mut parsed| {
                let found = by_name.get(&category_key(&parsed.product_type));
                if found.is_none() && !parsed.product_type.is_empty() {
                    let row = parsed.row;
                    parsed.errors.push(RowError {
                        row,
                        field: "Type".into(),
                        message: format!(
                            "No {gender} category is named '{}': name one of the shop's categories.",
                            parsed.product_type
                        ),
                    });
                }
                let category_ids = found.map_or_else(Vec::new, |c| {
                    c.parent_id
                        .iter()
                        .map(ToString::to_string)
                        .chain([c.id.to_string()])
                        .collect()
                });
                StoredProduct {
                    parsed,
                    category_ids,
                    category_name: found.map(|c| c.name.clone()),
                }
            })
            .collect(),
        loose,
    };
    check_all(&mut stored)?;
    let handles: Vec<String> = stored
        .products
        .iter()
        .map(|p| p.parsed.handle.clone())
        .collect();
    let brand_key = brand.clone();
    let existing = state
        .db(move |s| s.products_by_handle(&brand_key, &handles))
        .await?;
    let token = new_token()?;
    let now = state.clock.now();
    let body = serde_json::to_string(&stored)
        .map_err(|e| ImportsError::NotCsv(format!("the preview could not be kept: {e}")))?;
    let (key, brand_key) = (token.clone(), brand.clone());
    state
        .db(move |s| {
            s.save_shopify_preview(
                &key,
                &brand_key,
                &body,
                now.naive_utc(),
                (now + PREVIEW_TTL).naive_utc(),
            )
        })
        .await?;
    let mut errors = all_errors(&stored);
    errors.truncate(imports::MAX_REPORTED);
    let products = stored
        .products
        .into_iter()
        .map(|p| preview_product(p, &existing))
        .collect();
    Ok(ShopifyPreview {
        success: true,
        preview: true,
        token,
        products,
        errors,
    })
}

fn preview_product(p: StoredProduct, existing: &HashMap<String, String>) -> PreviewProduct {
    let money = |paise: Option<i64>| paise.map(Decimal::from_paise);
    let offer = p.parsed.offer_percentage();
    let list = p.parsed.list_price_paise();
    let parsed = p.parsed;
    PreviewProduct {
        update: existing.contains_key(&parsed.handle),
        handle: parsed.handle,
        name: parsed.name,
        description: parsed.description,
        price: money(parsed.price_paise),
        compare_at_price: money(parsed.compare_at_paise),
        list_price: money(list),
        offer_percentage: offer,
        category: p.category_name,
        sizes: parsed.sizes,
        stock: parsed.stock,
        tags: parsed.tags,
        images: parsed.images.into_iter().map(|(url, _)| url).collect(),
        is_active: parsed.is_active,
        errors: parsed.errors,
    }
}

/// 32 random bytes in hex.
fn new_token() -> Result<String, ShopifyError> {
    use ring::rand::SecureRandom;
    let mut bytes = [0u8; 32];
    ring::rand::SystemRandom::new()
        .fill(&mut bytes)
        .map_err(|_| ImportsError::NotCsv("no randomness for the preview's token".into()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// One image fetched and stored, or why not.
async fn fetch_image(
    state: &AppState,
    fetcher: &Fetcher,
    url: &str,
) -> Result<store::ImageRef, String> {
    let bytes = fetcher.fetch(url).await.map_err(|e| e.to_string())?;
    let stored = state
        .media
        .put_image(bytes, Purpose::Product)
        .await
        .map_err(|e| e.to_string())?;
    Ok(store::ImageRef {
        id: stored.id,
        url: stored.url,
        srcset: Some(stored.srcset),
    })
}

/// The images of the products to write (by product index), fetched [`FETCHES_AT_ONCE`] at a
/// time; each failure a warning of its row.
async fn fetch_images(
    state: &AppState,
    stored: &Stored,
    indexes: &[usize],
    warnings: &mut Vec<RowError>,
) -> (HashMap<usize, Vec<store::ImageRef>>, ImageCounts) {
    let fetcher = Fetcher::new(state.media.fetch_allow());
    let mut jobs: Vec<(usize, String, usize)> = indexes
        .iter()
        .flat_map(|&i| {
            stored.products[i]
                .parsed
                .images
                .iter()
                .map(move |(url, row)| (i, url.clone(), *row))
        })
        .collect();
    let mut counts = ImageCounts::default();
    for (_, url, row) in jobs.split_off(jobs.len().min(MAX_FETCHES)) {
        counts.failed += 1;
        warnings.push(RowError {
            row,
            field: "Image Src".into(),
            message: format!(
                "{url}: not fetched: one import fetches at most 1,000 images (import the file in parts)."
            ),
        });
    }
    let fetcher = &fetcher;
    let results: Vec<_> = futures_util::stream::iter(jobs)
        .map(|(i, url, row)| async move {
            let result = fetch_image(state, fetcher, &url).await;
            (i, url, row, result)
        })
        .buffered(FETCHES_AT_ONCE)
        .collect()
        .await;
    let mut images: HashMap<usize, Vec<store::ImageRef>> = HashMap::new();
    for (i, url, row, result) in results {
        match result {
            Ok(image) => {
                counts.fetched += 1;
                let list = images.entry(i).or_default();
                if !list.iter().any(|known| known.id == image.id) {
                    list.push(image);
                }
            }
            Err(message) => {
                counts.failed += 1;
                warnings.push(RowError {
                    row,
                    field: "Image Src".into(),
                    message: format!("{url}: {message}"),
                });
            }
        }
    }
    (images, counts)
}

/// Imports preview `token` of the caller's brand: every product valid, or with `partial` the
/// valid ones; refused with the report (the preview kept) when one is invalid and the import
/// is not partial. The preview is used once.
pub async fn commit(
    state: &AppState,
    caller: &Caller,
    brand_id: Option<String>,
    token: &str,
    partial: bool,
) -> Result<ShopifyReport, ShopifyError> {
    let (manager, brand) = brand_of(caller, brand_id.as_deref())?;
    let now = state.clock.now();
    let (key, brand_key) = (token.to_owned(), brand.clone());
    let body = state
        .db(move |s| s.shopify_preview(&key, &brand_key, now.naive_utc()))
        .await?
        .ok_or(ShopifyError::PreviewNotFound)?;
    let mut stored: Stored =
        serde_json::from_str(&body).map_err(|_| ShopifyError::PreviewNotFound)?;
    let checked = check_all(&mut stored)?;
    let mut category_errors = Vec::new();
    let (indexes, drafts): (Vec<usize>, Vec<Checked>) = checked.into_iter().unzip();
    let rows: HashMap<usize, usize> = indexes
        .iter()
        .map(|&i| (stored.products[i].parsed.row, i))
        .collect();
    let drafts = imports::with_categories(state, &brand, drafts, &mut category_errors).await?;
    for e in category_errors {
        if let Some(&i) = rows.get(&e.row) {
            stored.products[i].parsed.errors.push(RowError {
                field: "Type".into(),
                ..e
            });
        }
    }
    let errors = all_errors(&stored);
    if !errors.is_empty() && !partial {
        return Err(ImportsError::Invalid(imports::ImportReport {
            success: false,
            failed: failed_count(&stored),
            ..imports::report(0, 0, errors)
        })
        .into());
    }
    let (key, brand_key) = (token.to_owned(), brand.clone());
    let claimed = state
        .db(move |s| s.claim_shopify_preview(&key, &brand_key, now.naive_utc()))
        .await?;
    if !claimed {
        return Err(ShopifyError::PreviewNotFound);
    }
    let mut drafts: Vec<(usize, Checked)> = drafts
        .into_iter()
        .filter_map(|c| rows.get(&c.row).map(|&i| (i, c)))
        .collect();
    let handles: Vec<String> = drafts
        .iter()
        .map(|(i, _)| stored.products[*i].parsed.handle.clone())
        .collect();
    let brand_key = brand.clone();
    let existing = state
        .db(move |s| s.products_by_handle(&brand_key, &handles))
        .await?;
    for (i, c) in &mut drafts {
        c.id = existing.get(&stored.products[*i].parsed.handle).cloned();
    }
    let mut warnings = Vec::new();
    let written: Vec<usize> = drafts.iter().map(|(i, _)| *i).collect();
    let (mut images, counts) = fetch_images(state, &stored, &written, &mut warnings).await;
    let import_id = uuid::Uuid::now_v7().to_string();
    let (mut created, mut updated) = (0, 0);
    let mut errors = errors;
    let mut failed = failed_count(&stored);
    for (n, chunk) in drafts.chunks(BATCH_ROWS).enumerate() {
        let mut batch = store::ShopifyBatch::default();
        for (i, c) in chunk {
            let content = content_of(&c.draft);
            let stock: Vec<(String, u32)> = c
                .draft
                .stock
                .iter()
                .map(|(size, units)| (size.as_str().to_owned(), *units))
                .collect();
            let id = match &c.id {
                Some(id) => {
                    batch.batch.updates.push(store::ImportUpdate {
                        row: c.row,
                        id: id.clone(),
                        content,
                        stock,
                    });
                    id.clone()
                }
                None => {
                    let id = uuid::Uuid::now_v7().to_string();
                    batch.batch.creates.push(store::NewProduct {
                        id: store::ids::ProductId::new(id.clone()),
                        brand_id: store::ids::BrandId::new(brand.clone()),
                        created_at: now.naive_utc(),
                        content,
                        stock,
                    });
                    batch
                        .handles
                        .push((id.clone(), stored.products[*i].parsed.handle.clone()));
                    id
                }
            };
            if let Some(list) = images.remove(i).filter(|l| !l.is_empty()) {
                batch.images.push((id, list));
            }
        }
        let (manager, brand, entity_id) = (
            manager.clone(),
            brand.clone(),
            format!("{import_id}/{}", n + 1),
        );
        let done = state
            .db(move |s| {
                s.import_shopify_batch(&brand, &batch, now.naive_utc(), |done| {
                    let change = Change {
                        action: "import",
                        entity: "product",
                        entity_id: &entity_id,
                        brand_id: Some(&brand),
                    };
                    let after = json!({"format": "shopify", "created": done.created, "updated": done.updated});
                    manager.audit(now, change, None::<&Value>, Some(&after))
                })
            })
            .await?;
        created += done.created.len();
        updated += done.updated.len();
        failed += done.gone.len();
        errors.extend(done.gone.into_iter().map(|row| RowError {
            row,
            field: "Handle".into(),
            message: "The product this handle was imported into is no longer the brand's.".into(),
        }));
    }
    let report = imports::report(created, updated, errors);
    warnings.sort_by_key(|w| w.row);
    Ok(ShopifyReport {
        success: true,
        created: report.created,
        updated: report.updated,
        failed,
        errors: report.errors,
        images: counts,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_find_categories_by_name_in_any_case_and_number() {
        for (a, b) in [
            ("T-Shirts", "T-shirts"),
            ("Shirts", "Shirt"),
            (" kurtas ", "Kurtas"),
            ("JEANS", "Jeans"),
        ] {
            assert_eq!(category_key(a), category_key(b), "{a} / {b}");
        }
        assert_ne!(category_key("Shirt"), category_key("T-shirts"));
    }

    #[test]
    fn long_descriptions_are_cut_at_a_character() {
        assert_eq!(clip("short", 10), "short");
        assert_eq!(clip("₹₹₹₹ ₹", 5), "₹₹₹₹");
        assert_eq!(clip(&"é".repeat(6000), 5000).chars().count(), 5000);
    }

    #[test]
    fn rule_fields_are_named_by_shopify_columns() {
        for (field, column) in [
            ("name", "Title"),
            ("description", "Body (HTML)"),
            ("price", "Variant Price"),
            ("categories", "Type"),
            ("sizes", "Option1 Value"),
            ("stock", "Variant Inventory Qty"),
            ("offerPercentage", "Variant Compare At Price"),
            ("tags", "Tags"),
            ("row", "row"),
        ] {
            assert_eq!(shopify_column(field), column);
        }
    }
}
