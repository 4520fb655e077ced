//! The Shopify import: previews kept by token (a brand's, for an hour, readable by any
//! process), the handles products were imported from, and the commit's batch written in one
//! transaction with its handles, its images, its change-feed rows and its audit row.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::console_imports::{ImportBatch, ImportedBatch, import_batch};
use crate::schema::{categories, product_handles, product_images, products, shopify_previews};
use crate::{CategoryRecord, ImageRef, NewAudit, Store, StoreError, write_audit};

/// Handles per `IN (...)` list.
const HANDLES_PER_QUERY: usize = 1000;

/// A Shopify batch: the import's batch, the handle of each product it creates (by id), and the
/// images to set on products (replacing theirs), by product id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShopifyBatch {
    pub batch: ImportBatch,
    /// `(product id, handle)` of each product created.
    pub handles: Vec<(String, String)>,
    /// `(product id, images)`: the product's images become these, in order.
    pub images: Vec<(String, Vec<ImageRef>)>,
}

impl Store {
    /// Keeps a preview `body` for `brand` under `token` until `expires_at`; expired previews
    /// (of any brand) are dropped on the way.
    pub fn save_shopify_preview(
        &self,
        token: &str,
        brand: &str,
        body: &str,
        now: NaiveDateTime,
        expires_at: NaiveDateTime,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        diesel::delete(shopify_previews::table.filter(shopify_previews::expires_at.le(now)))
            .execute(&mut conn)?;
        diesel::insert_into(shopify_previews::table)
            .values((
                shopify_previews::token.eq(token),
                shopify_previews::brand_id.eq(brand),
                shopify_previews::created_at.eq(now),
                shopify_previews::expires_at.eq(expires_at),
                shopify_previews::body.eq(body),
            ))
            .execute(&mut conn)?;
        Ok(())
    }

    /// The body of preview `token` if it is `brand`'s and has not expired at `now`.
    pub fn shopify_preview(
        &self,
        token: &str,
        brand: &str,
        now: NaiveDateTime,
    ) -> Result<Option<String>, StoreError> {
        let mut conn = self.conn()?;
        Ok(shopify_previews::table
            .filter(shopify_previews::token.eq(token))
            .filter(shopify_previews::brand_id.eq(brand))
            .filter(shopify_previews::expires_at.gt(now))
            .select(shopify_previews::body)
            .first(&mut conn)
            .optional()?)
    }

    /// Takes preview `token` of `brand` away (a commit uses it once): whether it was there
    /// and unexpired. Of two commits of one token, one gets `true`.
    pub fn claim_shopify_preview(
        &self,
        token: &str,
        brand: &str,
        now: NaiveDateTime,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        let taken = diesel::delete(
            shopify_previews::table
                .filter(shopify_previews::token.eq(token))
                .filter(shopify_previews::brand_id.eq(brand))
                .filter(shopify_previews::expires_at.gt(now)),
        )
        .execute(&mut conn)?;
        Ok(taken > 0)
    }

    /// The product each of `handles` of `brand` was imported into, where it still is one of
    /// the brand's products.
    pub fn products_by_handle(
        &self,
        brand: &str,
        handles: &[String],
    ) -> Result<HashMap<String, String>, StoreError> {
        let mut conn = self.conn()?;
        let mut found = HashMap::with_capacity(handles.len());
        for chunk in handles.chunks(HANDLES_PER_QUERY) {
            let rows: Vec<(String, String)> = product_handles::table
                .filter(product_handles::brand_id.eq(brand))
                .filter(product_handles::handle.eq_any(chunk))
                .select((product_handles::handle, product_handles::product_id))
                .load(&mut conn)?;
            let ids: Vec<&str> = rows.iter().map(|(_, id)| id.as_str()).collect();
            let live: std::collections::HashSet<String> = products::table
                .filter(products::id.eq_any(&ids))
                .filter(products::brand_id.eq(brand))
                .select(products::id)
                .load::<String>(&mut conn)?
                .into_iter()
                .collect();
            let rows = rows.into_iter().filter(|(_, id)| live.contains(id));
            found.extend(rows);
        }
        Ok(found)
    }

    /// The categories of `gender`, in display order.
    pub fn categories_of_gender(&self, gender: &str) -> Result<Vec<CategoryRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(categories::table
            .filter(categories::gender.eq(gender))
            .order((categories::position, categories::id))
            .select(CategoryRecord::as_select())
            .load(&mut conn)?)
    }

    /// Writes one batch of a Shopify import in one transaction: the import's products (as the
    /// CSV import writes them, with their change-feed rows), the handles of the products
    /// created (a handle already taken points at the new product), the images of products
    /// that had some fetched, and the audit row `audit` makes of what was written.
    pub fn import_shopify_batch(
        &self,
        brand: &str,
        batch: &ShopifyBatch,
        now: NaiveDateTime,
        audit: impl FnOnce(&ImportedBatch) -> NewAudit,
    ) -> Result<ImportedBatch, StoreError> {
        self.in_transaction(|conn| {
            let done = import_batch(conn, brand, &batch.batch, now)?;
            for (product, handle) in &batch.handles {
                if !done.created.contains(product) {
                    continue;
                }
                let mine = product_handles::table
                    .filter(product_handles::brand_id.eq(brand))
                    .filter(product_handles::handle.eq(handle));
                diesel::delete(mine).execute(conn)?;
                diesel::insert_into(product_handles::table)
                    .values((
                        product_handles::brand_id.eq(brand),
                        product_handles::handle.eq(handle),
                        product_handles::product_id.eq(product),
                    ))
                    .execute(conn)?;
            }
            for (product, images) in &batch.images {
                if !done.created.contains(product) && !done.updated.contains(product) {
                    continue;
                }
                diesel::delete(
                    product_images::table.filter(product_images::product_id.eq(product)),
                )
                .execute(conn)?;
                for (position, image) in images.iter().enumerate() {
                    diesel::insert_into(product_images::table)
                        .values((
                            product_images::product_id.eq(product),
                            product_images::position
                                .eq(i32::try_from(position).unwrap_or(i32::MAX)),
                            product_images::url.eq(&image.url),
                            product_images::image_id.eq(&image.id),
                            product_images::srcset.eq(&image.srcset),
                        ))
                        .execute(conn)?;
                }
            }
            write_audit(conn, &audit(&done))?;
            Ok(done)
        })
    }
}
