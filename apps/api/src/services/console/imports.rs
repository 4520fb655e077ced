//! The brand console's CSV import and export (docs/http-api.md, "Console import and export").
//!
//! A file has the header [`COLUMNS`] (any order; `id` and `images` may be left out), one
//! product a row. Lists are `|`-separated; stock is `S:4|M:10`. Each row is read into the
//! product body the console's `POST /api/brand/products` takes and checked by the same rules,
//! so a row's errors say what the product editor would say, under the CSV column's name. A row
//! with an `id` of the brand's updates that product; without one it creates a product.
//!
//! An import is all or nothing unless `partial`: any invalid row refuses the whole file and
//! nothing is written. The valid rows are written in batches of [`BATCH_ROWS`], one transaction
//! each with every product's change-feed row and one audit row naming the batch's products.
//! Imports are last-writer-wins: a row updates the product as it is when the row is written,
//! whatever edits were made since the file was exported (no `version` is asked).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use utoipa::{IntoParams, ToSchema};

use chrono::{DateTime, Utc};
use store::ids::{BrandId, ProductId};
use validation::{ProductGender, ProductRule};

use super::products::content_of;
use super::products::input::{ProductDraft, ProductInput};
use super::{Change, ConsoleError, Manager};
use crate::auth::Caller;
use crate::state::AppState;

/// The columns of a file, in the order an export writes them.
pub const COLUMNS: [&str; 19] = [
    "id",
    "name",
    "description",
    "price",
    "gender",
    "categories",
    "tags",
    "color",
    "sizes",
    "stock",
    "offerPercentage",
    "isActive",
    "pattern",
    "length",
    "fabric",
    "sleeveLength",
    "fit",
    "distress",
    "images",
];

/// The columns a file may leave out: `id` (every row creates) and `images` (written by an
/// export for reference, never read: images are uploaded).
const OPTIONAL: [&str; 2] = ["id", "images"];

/// The largest file read, in bytes.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// The most data rows a file may have.
pub const MAX_ROWS: usize = 20_000;
/// Rows written per transaction.
pub const BATCH_ROWS: usize = 500;
/// The most row errors an answer lists (the count in `failed` is complete).
pub const MAX_REPORTED: usize = 1_000;

/// Why an import or an export is refused.
#[derive(Debug, thiserror::Error)]
pub enum ImportsError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    /// No file was sent.
    #[error("Send the CSV file as the `file` field (or as a text/csv body).")]
    FileRequired,
    /// Over [`MAX_FILE_BYTES`].
    #[error("The file is larger than 10 MB. Split it into smaller files.")]
    FileTooLarge,
    /// Over [`MAX_ROWS`] data rows.
    #[error("The file has more than 20,000 rows. Split it into smaller files.")]
    TooManyRows,
    /// Not UTF-8 text, or not CSV at all.
    #[error("The file is not a UTF-8 CSV file: {0}")]
    NotCsv(String),
    /// Some rows (or the header) are invalid and the import was not partial: nothing was
    /// written.
    #[error("{} rows of the file are invalid: nothing was imported.", .0.failed)]
    Invalid(ImportReport),
    /// `status` is not one of active, archived, all.
    #[error("status must be active, archived or all.")]
    BadStatus,
}

impl From<store::StoreError> for ImportsError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(e.into())
    }
}

/// `?partial=&brandId=&format=&commit=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ImportQuery {
    /// `true`: write the valid rows and report the others (default: all or nothing).
    pub partial: Option<bool>,
    /// `csv` (the default: the shop's own columns) or `shopify` (Shopify's product export,
    /// previewed first: see "Shopify import").
    #[param(pattern = "^(csv|shopify)$")]
    pub format: Option<String>,
    /// With `format=shopify`: the token of the preview to import (no file is sent).
    #[param(max_length = 64)]
    pub commit: Option<String>,
    /// The brand (admins).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// `?brandId=&status=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ExportQuery {
    /// The brand (admins).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
    /// `active` (the default: not archived), `archived` or `all`.
    #[param(pattern = "^(active|archived|all)$")]
    pub status: Option<String>,
}

/// One problem of one row: `row` counts data rows from 1 (0: the header), `field` is the CSV
/// column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RowError {
    pub row: usize,
    pub field: String,
    pub message: String,
}

/// What an import did (or, refused, would have failed on).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImportReport {
    pub success: bool,
    /// Products created.
    pub created: usize,
    /// Products updated.
    pub updated: usize,
    /// Rows not imported.
    pub failed: usize,
    /// The problems, by row (at most 1,000 listed).
    pub errors: Vec<RowError>,
}

/// A file's row read into a product body.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadRow {
    /// 1-based data row number.
    pub row: usize,
    /// The product it updates, when it names one.
    pub id: Option<String>,
    /// The body `POST /api/brand/products` takes.
    pub body: Value,
}

/// The rows of `text` read into product bodies, and every problem found reading them. Header
/// problems (a missing or unknown column) are row 0 and leave no rows.
pub fn read_rows(text: &str) -> Result<(Vec<ReadRow>, Vec<RowError>), ImportsError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::Headers)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| ImportsError::NotCsv(e.to_string()))?
        .iter()
        .map(str::to_owned)
        .collect();
    let problems = header_errors(&header);
    if !problems.is_empty() {
        return Ok((Vec::new(), problems));
    }
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let row = index + 1;
        if row > MAX_ROWS {
            return Err(ImportsError::TooManyRows);
        }
        let record = record.map_err(|e| ImportsError::NotCsv(e.to_string()))?;
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        if record.len() != header.len() {
            errors.push(RowError {
                row,
                field: "row".into(),
                message: format!(
                    "The row has {} cells; the header has {} columns.",
                    record.len(),
                    header.len()
                ),
            });
            continue;
        }
        let cells: Cells<'_> = header
            .iter()
            .map(String::as_str)
            .zip(record.iter().map(|cell| unguarded(cell.trim())))
            .collect();
        let cell = |name: &str| cells.get(name).copied().unwrap_or("");
        match row_body(&cells) {
            Ok(body) => rows.push(ReadRow {
                row,
                id: Some(cell("id"))
                    .filter(|id| !id.is_empty())
                    .map(str::to_owned),
                body,
            }),
            Err((field, message)) => errors.push(RowError {
                row,
                field: field.into(),
                message,
            }),
        }
    }
    Ok((rows, errors))
}

fn header_errors(header: &[String]) -> Vec<RowError> {
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    let expected = COLUMNS.join(",");
    for name in header {
        if !COLUMNS.contains(&name.as_str()) {
            errors.push(RowError {
                row: 0,
                field: name.clone(),
                message: format!("Unknown column '{name}'. The header is: {expected}"),
            });
        } else if !seen.insert(name.as_str()) {
            errors.push(RowError {
                row: 0,
                field: name.clone(),
                message: format!("The column '{name}' is there twice."),
            });
        }
    }
    for column in COLUMNS {
        if !OPTIONAL.contains(&column) && !seen.contains(column) {
            errors.push(RowError {
                row: 0,
                field: column.into(),
                message: format!("The column '{column}' is missing. The header is: {expected}"),
            });
        }
    }
    errors
}

/// `a|b|c` as a list, blanks left out.
fn list(cell: &str) -> Vec<Value> {
    cell.split('|')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Value::String(s.to_owned()))
        .collect()
}

/// A number cell as a JSON number when it is one (the product rules then judge it), else the
/// text (refused by them with their message).
fn number(cell: &str) -> Value {
    cell.parse::<i64>()
        .map(Value::from)
        .unwrap_or_else(|_| Value::String(cell.to_owned()))
}

/// A row's cells by column, trimmed.
type Cells<'a> = HashMap<&'a str, &'a str>;

/// One row's cells as the product body, or the first cell that cannot be read at all.
fn row_body(cells: &Cells<'_>) -> Result<Value, (&'static str, String)> {
    let cell = |name: &str| cells.get(name).copied().unwrap_or("");
    let mut stock = Map::new();
    for part in cell("stock")
        .split('|')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let Some((size, units)) = part.split_once(':') else {
            return Err((
                "stock",
                format!("'{part}' is not SIZE:UNITS. Write stock like S:4|M:10."),
            ));
        };
        stock.insert(size.trim().to_owned(), number(units.trim()));
    }
    let mut body = json!({
        "name": cell("name"),
        "description": cell("description"),
        "price": cell("price"),
        "gender": cell("gender"),
        "category": list(cell("categories")),
        "tags": list(cell("tags")),
        "color": cell("color"),
        "sizes": list(cell("sizes")),
        "stock": stock,
        "specifications": {
            "pattern": cell("pattern"),
            "length": cell("length"),
            "fabric": cell("fabric"),
            "sleeveLength": cell("sleeveLength"),
            "fit": cell("fit"),
            "distress": cell("distress"),
        },
    });
    let offer = cell("offerPercentage");
    if !offer.is_empty() {
        body["offerPercentage"] = number(offer);
    }
    let active = cell("isActive");
    if !active.is_empty() {
        body["isActive"] = Value::Bool(match active.to_ascii_lowercase().as_str() {
            "true" | "yes" | "1" => true,
            "false" | "no" | "0" => false,
            _ => {
                return Err(("isActive", format!("'{active}' is not true or false.")));
            }
        });
    }
    Ok(body)
}

/// The CSV column of a product body's field (`category` → `categories`,
/// `specifications.fit` → `fit`, `stock.M` → `stock`), and the message, naming the size for
/// a stock field.
pub fn column_of(field: &str, message: &str) -> (String, String) {
    if let Some(size) = field.strip_prefix("stock.") {
        return ("stock".into(), format!("{size}: {message}"));
    }
    let column = match field {
        "category" => "categories",
        other => other.strip_prefix("specifications.").unwrap_or(other),
    };
    (column.to_owned(), message.to_owned())
}

/// A CSV file to download.
#[derive(Debug)]
pub struct CsvFile {
    pub filename: String,
    pub body: Vec<u8>,
}

fn export_status(status: Option<&str>) -> Result<store::ExportStatus, ImportsError> {
    match status.map(str::trim).unwrap_or("") {
        "" | "active" => Ok(store::ExportStatus::Current),
        "archived" => Ok(store::ExportStatus::Archived),
        "all" => Ok(store::ExportStatus::All),
        _ => Err(ImportsError::BadStatus),
    }
}

/// The characters a spreadsheet program reads as the start of a formula.
const FORMULA_STARTS: [char; 4] = ['=', '+', '-', '@'];

/// A cell as an export writes it: one a spreadsheet would run as a formula (`=HYPERLINK(...)`
/// in a product name) gets a `'` before it, so it is shown as text.
fn guarded(cell: String) -> String {
    if cell.starts_with(FORMULA_STARTS) {
        format!("'{cell}")
    } else {
        cell
    }
}

/// A cell as an import reads it: the `'` an export put before a formula-like cell is taken off.
fn unguarded(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => cell,
    }
}

/// One product as a row of [`COLUMNS`].
fn export_row(p: &store::ProductRecord) -> [String; 19] {
    let joined = |items: &mut dyn Iterator<Item = &str>| items.collect::<Vec<_>>().join("|");
    let s = &p.specifications;
    [
        p.id.to_string(),
        p.name.clone(),
        p.description.clone(),
        pricing::Money::from_paise(p.price_paise).to_decimal_string(),
        p.gender.clone(),
        joined(&mut p.categories.iter().map(|c| c.id.as_str())),
        joined(&mut p.tags.iter().map(String::as_str)),
        p.colour.clone(),
        joined(&mut p.stock.iter().map(|(size, _)| size.as_str())),
        p.stock
            .iter()
            .map(|(size, units)| format!("{size}:{units}"))
            .collect::<Vec<_>>()
            .join("|"),
        p.offer_percentage.to_string(),
        p.is_active.to_string(),
        s.pattern.clone(),
        s.length.clone(),
        s.fabric.clone(),
        s.sleeve_length.clone(),
        s.fit.clone(),
        s.distress.clone(),
        joined(&mut p.images.iter().map(String::as_str)),
    ]
}

/// The brand's products as CSV (`status`: active, the default, archived or all), oldest first.
pub async fn export(
    state: &AppState,
    caller: &Caller,
    brand_id: Option<String>,
    status: Option<String>,
) -> Result<CsvFile, ImportsError> {
    let manager = Manager::of(caller)?;
    let brand = manager
        .scope
        .brand_for(brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .to_owned();
    let status = export_status(status.as_deref())?;
    let filename = format!(
        "products-{}-{}.csv",
        brand,
        state.clock.now().format("%Y%m%d")
    );
    let body = state
        .db(move |store| {
            let ids = store.brand_product_ids(&brand, status)?;
            let mut writer = csv::Writer::from_writer(Vec::new());
            let write = |w: &mut csv::Writer<Vec<u8>>, row: &[String]| {
                w.write_record(row)
                    .map_err(|e| store::StoreError::Aborted(format!("csv: {e}")))
            };
            write(&mut writer, &COLUMNS.map(str::to_owned))?;
            for chunk in ids.chunks(1000) {
                let mut records = store.products_by_ids(chunk)?;
                let order: HashMap<&str, usize> = chunk
                    .iter()
                    .enumerate()
                    .map(|(i, id)| (id.as_str(), i))
                    .collect();
                records.sort_by_key(|r| order.get(r.id.as_str()).copied());
                for record in &records {
                    write(&mut writer, &export_row(record).map(guarded))?;
                }
            }
            writer
                .into_inner()
                .map_err(|e| store::StoreError::Aborted(format!("csv: {e}")))
        })
        .await?;
    Ok(CsvFile { filename, body })
}

/// The report of a refused import (or of a partial one), errors sorted by row and bounded.
pub(super) fn report(created: usize, updated: usize, mut errors: Vec<RowError>) -> ImportReport {
    errors.sort_by(|a, b| (a.row, &a.field).cmp(&(b.row, &b.field)));
    let failed = errors
        .iter()
        .map(|e| e.row)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    errors.truncate(MAX_REPORTED);
    ImportReport {
        success: true,
        created,
        updated,
        failed,
        errors,
    }
}

/// The row errors of `fields` (a product body's field errors) for data row `row`.
pub fn row_errors(row: usize, fields: &BTreeMap<String, String>) -> Vec<RowError> {
    fields
        .iter()
        .map(|(field, message)| {
            let (field, message) = column_of(field, message);
            RowError {
                row,
                field,
                message,
            }
        })
        .collect()
}

/// The file's text: at most [`MAX_FILE_BYTES`], UTF-8.
pub fn file_text(bytes: &[u8]) -> Result<&str, ImportsError> {
    if bytes.is_empty() {
        return Err(ImportsError::FileRequired);
    }
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ImportsError::FileTooLarge);
    }
    std::str::from_utf8(bytes).map_err(|e| ImportsError::NotCsv(e.to_string()))
}

/// Checks the rows' ids: each names a product of `brand`, once. The rows that pass, and an
/// error for each that does not.
fn owned_rows(
    rows: Vec<ReadRow>,
    brand: &str,
    owners: &HashMap<String, String>,
    errors: &mut Vec<RowError>,
) -> Vec<ReadRow> {
    let mut seen = HashSet::new();
    rows.into_iter()
        .filter(|row| {
            let Some(id) = &row.id else { return true };
            let message = if owners.get(id).is_none_or(|owner| owner != brand) {
                "No product of this brand has this id."
            } else if !seen.insert(id.clone()) {
                "This product is in the file more than once."
            } else {
                return true;
            };
            errors.push(RowError {
                row: row.row,
                field: "id".into(),
                message: message.into(),
            });
            false
        })
        .collect()
}

/// Reads `bytes` for an import into `brand`: the rows that can be written and every problem.
/// The ids rows name are checked against the store.
pub async fn checked_rows(
    state: &AppState,
    brand: &str,
    bytes: &[u8],
) -> Result<(Vec<ReadRow>, Vec<RowError>), ImportsError> {
    let text = file_text(bytes)?;
    let (rows, mut errors) = read_rows(text)?;
    let ids: Vec<String> = rows.iter().filter_map(|r| r.id.clone()).collect();
    let owners = if ids.is_empty() {
        HashMap::new()
    } else {
        state.db(move |store| store.product_brands(&ids)).await?
    };
    let rows = owned_rows(rows, brand, &owners, &mut errors);
    Ok((rows, errors))
}

/// A row read and checked: what it writes.
pub(super) struct Checked {
    pub(super) row: usize,
    pub(super) id: Option<String>,
    pub(super) draft: ProductDraft,
}

/// The rows' product drafts, by the product editor's rules; each broken rule a row error.
pub(super) fn drafts(
    rows: Vec<ReadRow>,
    errors: &mut Vec<RowError>,
) -> Result<Vec<Checked>, ImportsError> {
    let mut checked = Vec::with_capacity(rows.len());
    for row in rows {
        let input: ProductInput = match serde_json::from_value(row.body) {
            Ok(input) => input,
            Err(e) => {
                errors.push(RowError {
                    row: row.row,
                    field: "row".into(),
                    message: e.to_string(),
                });
                continue;
            }
        };
        match ProductDraft::try_from(input) {
            Ok(draft) => checked.push(Checked {
                row: row.row,
                id: row.id,
                draft,
            }),
            Err(ConsoleError::Invalid(fields)) => errors.extend(row_errors(row.row, &fields)),
            Err(other) => return Err(other.into()),
        }
    }
    Ok(checked)
}

/// Keeps the drafts whose categories exist and suit the product's gender (the product
/// editor's rule and message); a brand that does not exist is 404.
pub(super) async fn with_categories(
    state: &AppState,
    brand: &str,
    drafts: Vec<Checked>,
    errors: &mut Vec<RowError>,
) -> Result<Vec<Checked>, ImportsError> {
    let asked: Vec<String> = drafts
        .iter()
        .flat_map(|c| c.draft.category_ids.iter().cloned())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let brand_id = brand.to_owned();
    let refs = state
        .db(move |s| s.product_references(&brand_id, &asked, None))
        .await?;
    if refs.brand.is_none() {
        return Err(ConsoleError::NotFound("Brand").into());
    }
    let known: HashMap<&str, &store::CategoryRecord> =
        refs.categories.iter().map(|c| (c.id.as_str(), c)).collect();
    Ok(drafts
        .into_iter()
        .filter(|c| {
            let broken = c
                .draft
                .category_ids
                .iter()
                .find_map(|id| match known.get(id.as_str()) {
                    None => Some(ProductRule::UnknownCategory(id.clone())),
                    Some(category) => ProductGender::parse(&category.gender)
                        .ok()
                        .filter(|of| !validation::category_fits(c.draft.gender, *of))
                        .map(|of| {
                            validation::category_gender_rule(&category.name, of, c.draft.gender)
                        }),
                });
            let Some(rule) = broken else { return true };
            errors.push(RowError {
                row: c.row,
                field: "categories".into(),
                message: rule.to_string(),
            });
            false
        })
        .collect())
}

/// The store's batches of `checked` for `brand`, created at `now`.
fn batches(checked: &[Checked], brand: &str, now: DateTime<Utc>) -> Vec<store::ImportBatch> {
    checked
        .chunks(BATCH_ROWS)
        .map(|chunk| {
            let mut batch = store::ImportBatch::default();
            for c in chunk {
                let content = content_of(&c.draft);
                let stock: Vec<(String, u32)> = c
                    .draft
                    .stock
                    .iter()
                    .map(|(size, units)| (size.as_str().to_owned(), *units))
                    .collect();
                match &c.id {
                    Some(id) => batch.updates.push(store::ImportUpdate {
                        row: c.row,
                        id: id.clone(),
                        content,
                        stock,
                    }),
                    None => batch.creates.push(store::NewProduct {
                        id: ProductId::new(uuid::Uuid::now_v7().to_string()),
                        brand_id: BrandId::new(brand),
                        created_at: now.naive_utc(),
                        content,
                        stock,
                    }),
                }
            }
            batch
        })
        .collect()
}

/// Imports the CSV `file` (read once the caller may import) into the caller's brand (an admin names it): every row valid, or with
/// `partial` the valid ones. Refused with the report, nothing written, when a row is invalid
/// and the import is not partial (or the header is wrong). The rows are written in batches of
/// [`BATCH_ROWS`], each one transaction with its change-feed entries and one audit row (action
/// `import`) naming the products it created and updated.
pub async fn import(
    state: &AppState,
    caller: &Caller,
    brand_id: Option<String>,
    partial: bool,
    file: impl std::future::Future<Output = Result<Vec<u8>, ImportsError>>,
) -> Result<ImportReport, ImportsError> {
    let manager = Manager::of(caller)?;
    let brand = manager
        .scope
        .brand_for(brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .to_owned();
    // Who may import is settled before the file is read.
    let bytes = file.await?;
    let (rows, mut errors) = checked_rows(state, &brand, &bytes).await?;
    let header_broken = errors.iter().any(|e| e.row == 0);
    let checked = drafts(rows, &mut errors)?;
    let checked = if header_broken || checked.is_empty() {
        checked
    } else {
        with_categories(state, &brand, checked, &mut errors).await?
    };
    if header_broken || (!errors.is_empty() && !partial) {
        return Err(ImportsError::Invalid(ImportReport {
            success: false,
            ..report(0, 0, errors)
        }));
    }
    let now = state.clock.now();
    let import_id = uuid::Uuid::now_v7().to_string();
    let (mut created, mut updated) = (0, 0);
    for (n, batch) in batches(&checked, &brand, now).into_iter().enumerate() {
        let (manager, brand, entity_id) = (
            manager.clone(),
            brand.clone(),
            format!("{import_id}/{}", n + 1),
        );
        let done = state
            .db(move |s| {
                s.import_products(&brand, &batch, now.naive_utc(), |done| {
                    let change = Change {
                        action: "import",
                        entity: "product",
                        entity_id: &entity_id,
                        brand_id: Some(&brand),
                    };
                    let after = json!({"created": done.created, "updated": done.updated});
                    manager.audit(now, change, None::<&Value>, Some(&after))
                })
            })
            .await?;
        created += done.created.len();
        updated += done.updated.len();
        errors.extend(done.gone.into_iter().map(|row| RowError {
            row,
            field: "id".into(),
            message: "No product of this brand has this id.".into(),
        }));
    }
    Ok(report(created, updated, errors))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "id,name,description,price,gender,categories,tags,color,sizes,stock,offerPercentage,isActive,pattern,length,fabric,sleeveLength,fit,distress,images";

    #[test]
    fn a_row_reads_into_the_product_body() {
        let text = format!(
            "{HEADER}\n,Linen Shirt,\"Soft, airy\",1299.50,male,c1|c2,summer|linen,Blue,S|M,S:4|M:10,20,true,Solid,Regular,Linen,Full,Slim,None,\n"
        );
        let (rows, errors) = read_rows(&text).expect("read");
        assert_eq!(errors, []);
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].row, rows[0].id.clone()), (1, None));
        assert_eq!(
            rows[0].body,
            json!({"name": "Linen Shirt", "description": "Soft, airy", "price": "1299.50",
                   "gender": "male", "category": ["c1", "c2"], "tags": ["summer", "linen"],
                   "color": "Blue", "sizes": ["S", "M"], "stock": {"S": 4, "M": 10},
                   "offerPercentage": 20, "isActive": true,
                   "specifications": {"pattern": "Solid", "length": "Regular", "fabric": "Linen",
                                      "sleeveLength": "Full", "fit": "Slim", "distress": "None"}})
        );
    }

    #[test]
    fn header_problems_name_the_column() {
        let (rows, errors) = read_rows("name,price,colour\nx,1,red\n").expect("read");
        assert!(rows.is_empty());
        let named: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert!(named.contains(&"colour"), "{named:?}");
        assert!(
            named.contains(&"gender") && named.contains(&"stock"),
            "{named:?}"
        );
        assert!(!named.contains(&"id") && !named.contains(&"images"));
        assert!(errors.iter().all(|e| e.row == 0));
        let (_, errors) = read_rows(&format!("{HEADER},name\n")).expect("read");
        assert_eq!(errors[0].message, "The column 'name' is there twice.");
    }

    #[test]
    fn unreadable_cells_are_row_errors() {
        let text = format!(
            "{HEADER}\n,A,d,1,male,c,,x,S,S4,,,,,,,,,\n,B,d,1,male,c,,x,S,S:1,,maybe,,,,,,,\n,C\n"
        );
        let (rows, errors) = read_rows(&text).expect("read");
        assert!(rows.is_empty());
        let found: Vec<(usize, &str)> = errors.iter().map(|e| (e.row, e.field.as_str())).collect();
        assert_eq!(found, [(1, "stock"), (2, "isActive"), (3, "row")]);
    }

    #[test]
    fn formula_like_cells_are_guarded_and_read_back() {
        for cell in ["=HYPERLINK(\"x\")", "+91 tee", "-20% kurta", "@home"] {
            let written = guarded(cell.to_owned());
            assert_eq!(written, format!("'{cell}"));
            assert_eq!(unguarded(&written), cell);
        }
        assert_eq!(guarded("Linen shirt".into()), "Linen shirt");
        assert_eq!(unguarded("'quoted'"), "'quoted'");
    }

    #[test]
    fn fields_map_to_columns() {
        assert_eq!(
            column_of("category", "m"),
            ("categories".into(), "m".into())
        );
        assert_eq!(
            column_of("specifications.sleeveLength", "m").0,
            "sleeveLength"
        );
        assert_eq!(
            column_of("stock.M", "too many"),
            ("stock".into(), "M: too many".into())
        );
        assert_eq!(column_of("price", "m").0, "price");
    }

    #[test]
    fn files_are_bounded() {
        assert!(matches!(file_text(b""), Err(ImportsError::FileRequired)));
        assert!(matches!(
            file_text(&vec![b'a'; MAX_FILE_BYTES + 1]),
            Err(ImportsError::FileTooLarge)
        ));
        assert!(matches!(
            file_text(&[0xff, 0xfe]),
            Err(ImportsError::NotCsv(_))
        ));
        let mut many = format!("{HEADER}\n");
        for _ in 0..=MAX_ROWS {
            many.push_str(",a,b,1,male,c,,x,S,S:1,,,,,,,,,\n");
        }
        assert!(matches!(read_rows(&many), Err(ImportsError::TooManyRows)));
    }

    #[test]
    fn ids_must_be_the_brands_and_once() {
        let row = |n: usize, id: Option<&str>| ReadRow {
            row: n,
            id: id.map(str::to_owned),
            body: json!({}),
        };
        let owners = HashMap::from([
            ("mine".to_owned(), "b1".to_owned()),
            ("theirs".to_owned(), "b2".to_owned()),
        ]);
        let mut errors = Vec::new();
        let kept = owned_rows(
            vec![
                row(1, Some("mine")),
                row(2, Some("theirs")),
                row(3, Some("nobody")),
                row(4, Some("mine")),
                row(5, None),
            ],
            "b1",
            &owners,
            &mut errors,
        );
        assert_eq!(kept.iter().map(|r| r.row).collect::<Vec<_>>(), [1, 5]);
        assert_eq!(errors.iter().map(|e| e.row).collect::<Vec<_>>(), [2, 3, 4]);
    }
}
