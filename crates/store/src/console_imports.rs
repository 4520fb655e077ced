//! The brand console's CSV import and export: which products a brand has (for an export, in
//! creation order) and whose the products an import names are.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::ids::ProductId;
use crate::schema::products;
use crate::{Store, StoreError};

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
}
