//! The brand console's CSV import and export: which products a brand has (for an export, in
//! creation order), whose the products an import names are, and an import's batch of writes in
//! one transaction.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::console_products::{
    NewProduct, ProductContent, ProductEdit, edit_product, insert_product,
};
use crate::ids::ProductId;
use crate::schema::products;
use crate::{DbConnection, NewAudit, Store, StoreError, write_audit};

/// A row of an import that updates a product of the brand: its content (the product's
/// assigned coupon is kept whatever `content` says: a file has no coupon column) and its units
/// per size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportUpdate {
    /// The data row, for the report.
    pub row: usize,
    pub id: String,
    pub content: ProductContent,
    pub stock: Vec<(String, u32)>,
}

/// One transaction's worth of an import.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportBatch {
    pub creates: Vec<NewProduct>,
    pub updates: Vec<ImportUpdate>,
}

/// What a batch wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportedBatch {
    /// The ids of the products created, in row order.
    pub created: Vec<String>,
    /// The ids of the products updated, in row order.
    pub updated: Vec<String>,
    /// The rows whose product is no longer the brand's (deleted or moved since the file was
    /// checked): not written.
    pub gone: Vec<usize>,
}

/// Which of a brand's products an export lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportStatus {
    /// Not archived (active or switched off).
    Current,
    /// Archived only.
    Archived,
    /// Every product.
    All,
}

/// Ids per `IN (...)` list, far under both backends' limits on bound parameters.
const IDS_PER_QUERY: usize = 1000;

impl Store {
    /// The ids of `brand`'s products with `status`, oldest first.
    pub fn brand_product_ids(
        &self,
        brand: &str,
        status: ExportStatus,
    ) -> Result<Vec<ProductId>, StoreError> {
        let mut conn = self.conn()?;
        let mut q = products::table
            .filter(products::brand_id.eq(brand))
            .select(products::id)
            .order((products::created_at, products::id))
            .into_boxed();
        q = match status {
            ExportStatus::Current => q.filter(products::archived_at.is_null()),
            ExportStatus::Archived => q.filter(products::archived_at.is_not_null()),
            ExportStatus::All => q,
        };
        Ok(q.load(&mut conn)?)
    }

    /// The brand of each of `ids` that is a product (ids of no product are absent).
    pub fn product_brands(&self, ids: &[String]) -> Result<HashMap<String, String>, StoreError> {
        let mut conn = self.conn()?;
        let mut brands = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(IDS_PER_QUERY) {
            let rows: Vec<(String, String)> = products::table
                .filter(products::id.eq_any(chunk))
                .select((products::id, products::brand_id))
                .load(&mut conn)?;
            brands.extend(rows);
        }
        Ok(brands)
    }

    /// Writes one batch of an import in one transaction: its creations and updates, each with
    /// its change-feed entry, and the audit row `audit` makes of what was written. An update
    /// replaces the product's content and sets the units of its sizes whatever version it is
    /// at (imports are last-writer-wins); its rows are locked first, so no edit lands between
    /// the read of its version and the write.
    pub fn import_products(
        &self,
        brand: &str,
        batch: &ImportBatch,
        now: NaiveDateTime,
        audit: impl FnOnce(&ImportedBatch) -> NewAudit,
    ) -> Result<ImportedBatch, StoreError> {
        self.in_transaction(|conn| {
            let done = import_batch(conn, brand, batch, now)?;
            write_audit(conn, &audit(&done))?;
            Ok(done)
        })
    }
}

/// The writes of [`Store::import_products`] without the audit row, in the caller's
/// transaction (the Shopify import adds its handles and images to the same transaction).
pub fn import_batch(
    conn: &mut DbConnection,
    brand: &str,
    batch: &ImportBatch,
    now: NaiveDateTime,
) -> Result<ImportedBatch, StoreError> {
    let ids: Vec<&str> = batch.updates.iter().map(|u| u.id.as_str()).collect();
    let mut current: HashMap<String, (i64, Option<String>)> = HashMap::new();
    for chunk in ids.chunks(IDS_PER_QUERY) {
        let mine = products::table
            .filter(products::id.eq_any(chunk))
            .filter(products::brand_id.eq(brand));
        // The first statement writes: it takes SQLite's write lock (a transaction that
        // read first could fail to take it) and PostgreSQL's row locks.
        diesel::update(mine.clone())
            .set(products::version.eq(products::version))
            .execute(conn)?;
        let rows: Vec<(String, i64, Option<String>)> = mine
            .select((
                products::id,
                products::version,
                products::assigned_coupon_id,
            ))
            .load(conn)?;
        current.extend(rows.into_iter().map(|(id, v, c)| (id, (v, c))));
    }
    let mut done = ImportedBatch::default();
    for new in &batch.creates {
        insert_product(conn, new, now)?;
        done.created.push(new.id.to_string());
    }
    for update in &batch.updates {
        let Some((version, coupon)) = current.get(&update.id) else {
            done.gone.push(update.row);
            continue;
        };
        let edit = ProductEdit {
            content: ProductContent {
                assigned_coupon_id: coupon.clone(),
                ..update.content.clone()
            },
            stock: update.stock.clone(),
            archived_at: None,
        };
        if edit_product(conn, &update.id, *version, &edit, now)? {
            done.updated.push(update.id.clone());
        } else {
            done.gone.push(update.row);
        }
    }
    Ok(done)
}
