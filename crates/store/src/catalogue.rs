//! The whole catalogue in one read (API processes keep it in memory), and the change feed that
//! tells them what to reload since.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::ids::{BrandId, CategoryId, ProductId};
use crate::products::{CouponRecord, ProductRecord};
use crate::schema::{brands, catalogue_changes, categories, coupons, products, static_images};
use crate::{Store, StoreError};

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = brands)]
pub struct BrandRecord {
    pub id: BrandId,
    pub name: String,
    pub description: String,
    pub logo_url: Option<String>,
    pub is_active: bool,
    /// "male", "female" or "unisex".
    pub gender: String,
    pub created_at: NaiveDateTime,
    /// Counts the brand's edits; a console edit names the version it read.
    pub version: i64,
    /// The share of the brand's sales the shop keeps, in basis points (0 to 5,000: 50%).
    pub commission_rate_bp: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = categories)]
pub struct CategoryRecord {
    pub id: CategoryId,
    pub name: String,
    /// "male", "female" or "unisex".
    pub gender: String,
    /// `None` on a top-level category.
    pub parent_id: Option<CategoryId>,
    pub image: String,
    /// Display order within the gender: top-level categories 1, 2, 3...; subcategories of
    /// top-level `n` from `n * 100 + 1`.
    pub position: i32,
    /// Counts the category's edits; a console edit names the version it read.
    pub version: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = static_images)]
pub struct StaticImageRecord {
    pub id: String,
    pub category: String,
    pub device: String,
    pub title: String,
    pub url: String,
    pub is_active: bool,
    /// Lower-case tags, comma-separated (empty: none).
    pub tags: String,
    pub campaign: Option<String>,
    /// The display period, either end open.
    pub start_date: Option<NaiveDateTime>,
    pub end_date: Option<NaiveDateTime>,
    /// The highest wins where one image is shown.
    pub priority: i32,
    /// The width variants of an uploaded image (`url 320w, ...`); `None` for generated art.
    pub srcset: Option<String>,
    /// Counts the image's edits.
    pub version: i64,
}

/// Everything the shop's catalogue screens read, as of change `last_change`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueData {
    pub rows: CatalogueRows,
    /// Ordered by id (creation).
    pub products: Vec<ProductRecord>,
}

/// The catalogue but its products, which a large catalogue reads in pages
/// ([`Store::products_page`]) so that their rows never are all in memory at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueRows {
    /// Ordered by id (creation).
    pub brands: Vec<BrandRecord>,
    /// Ordered by gender, then position.
    pub categories: Vec<CategoryRecord>,
    /// Ordered by id.
    pub coupons: Vec<CouponRecord>,
    /// Ordered by id.
    pub static_images: Vec<StaticImageRecord>,
    /// The newest entry of the change feed when the load began (0 when the feed is empty):
    /// changes after it may or may not be in this data, and are applied again.
    pub last_change: i64,
}

/// Products per page of a whole load: a page's rows and maps are a few tens of megabytes at
/// most, and each of its queries reads one range of the tables' primary keys.
pub const PRODUCTS_PAGE: usize = 20_000;

/// A run of the products in id order: those after `after` (from the first when `None`)
/// through `through` (to the last when `None`). The default is every product.
/// [`Store::product_runs`] cuts the catalogue into runs that can be read at once on several
/// connections.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductRun {
    pub after: Option<ProductId>,
    pub through: Option<ProductId>,
}

/// One entry of the change feed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueChange {
    pub seq: i64,
    /// The product that changed; `None` when something else in the catalogue did.
    pub product_id: Option<ProductId>,
}

/// Adds an entry to the change feed inside the caller's transaction: `Some(product)` when one
/// product changed (every process reloads that product only), `None` when anything else did
/// (a brand, a category, a coupon, a banner: every process reloads everything). Every write
/// to the catalogue calls this in its own transaction.
pub fn note_catalogue_change(
    conn: &mut crate::DbConnection,
    product: Option<&str>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(catalogue_changes::table)
        .values((
            catalogue_changes::product_id.eq(product),
            catalogue_changes::changed_at.eq(now),
        ))
        .execute(conn)
        .map(drop)
}

impl Store {
    /// The whole catalogue, read after noting the change feed's newest entry, so a reader that
    /// then follows the feed from `last_change` misses nothing.
    pub fn load_catalogue(&self) -> Result<CatalogueData, StoreError> {
        let rows = self.catalogue_rows()?;
        let mut products = Vec::new();
        self.each_products_page(&ProductRun::default(), |page| {
            products.extend(page);
            true
        })?;
        Ok(CatalogueData { rows, products })
    }

    /// Every product of `run`, in id order, handed to `each` a page at a time (see
    /// [`PRODUCTS_PAGE`]); stops early when `each` answers false. The run is read on a
    /// connection of its own, closed at the end: on SQLite, the pages of the file a whole load
    /// reads would otherwise stay mapped, counted in the process's memory.
    pub fn each_products_page(
        &self,
        run: &ProductRun,
        mut each: impl FnMut(Vec<ProductRecord>) -> bool,
    ) -> Result<(), StoreError> {
        let mut conn = self.own_conn()?;
        let mut after = run.after.clone();
        loop {
            let page = crate::products::products_page(
                &mut conn,
                after.as_ref(),
                run.through.as_ref(),
                PRODUCTS_PAGE,
            )?;
            let Some(last) = page.last() else {
                return Ok(());
            };
            after = Some(last.id.clone());
            if !each(page) {
                return Ok(());
            }
        }
    }

    /// The products cut into at most `runs` runs of about equal size (one when there are
    /// fewer products than runs), together every product once, so that a load can read them
    /// on several connections at once. A product added meanwhile may fall in any run or none:
    /// a load follows the change feed afterwards.
    pub fn product_runs(&self, runs: usize) -> Result<Vec<ProductRun>, StoreError> {
        // Counting walks a whole index: a connection of its own lets go of its mapped pages.
        let mut conn = self.own_conn()?;
        let count: i64 = products::table.count().get_result(&mut conn)?;
        let runs = i64::try_from(runs.max(1)).unwrap_or(1);
        let mut cuts: Vec<ProductId> = Vec::new();
        for i in 1..runs {
            // The last id of the i-th run.
            let offset = count * i / runs - 1;
            if offset < 0 {
                continue;
            }
            let cut: Option<ProductId> = products::table
                .order(products::id)
                .select(products::id)
                .offset(offset)
                .first(&mut conn)
                .optional()?;
            cuts.extend(cut.filter(|cut| cuts.last() != Some(cut)));
        }
        let mut out = Vec::with_capacity(cuts.len() + 1);
        let mut after = None;
        for cut in cuts {
            out.push(ProductRun {
                after: after.replace(cut.clone()),
                through: Some(cut),
            });
        }
        out.push(ProductRun {
            after,
            through: None,
        });
        Ok(out)
    }

    /// The catalogue but its products, read after noting the change feed's newest entry: a
    /// reader that then reads the products ([`Store::products_page`]) and follows the feed from
    /// `last_change` misses nothing.
    pub fn catalogue_rows(&self) -> Result<CatalogueRows, StoreError> {
        let mut conn = self.conn()?;
        let last_change: Option<i64> = catalogue_changes::table
            .select(diesel::dsl::max(catalogue_changes::seq))
            .first(&mut conn)?;
        let brands = brands::table
            .order(brands::id)
            .select(BrandRecord::as_select())
            .load(&mut conn)?;
        let categories = categories::table
            .order((categories::gender, categories::position, categories::id))
            .select(CategoryRecord::as_select())
            .load(&mut conn)?;
        let coupons = coupons::table
            .order(coupons::id)
            .select(CouponRecord::as_select())
            .load(&mut conn)?;
        let static_images = static_images::table
            .order(static_images::id)
            .select(StaticImageRecord::as_select())
            .load(&mut conn)?;
        Ok(CatalogueRows {
            brands,
            categories,
            coupons,
            static_images,
            last_change: last_change.unwrap_or(0),
        })
    }

    /// Entries of the change feed after `seq`, oldest first, at most `limit`.
    pub fn catalogue_changes_since(
        &self,
        seq: i64,
        limit: i64,
    ) -> Result<Vec<CatalogueChange>, StoreError> {
        let mut conn = self.conn()?;
        Ok(catalogue_changes::table
            .filter(catalogue_changes::seq.gt(seq))
            .order(catalogue_changes::seq)
            .limit(limit)
            .select((catalogue_changes::seq, catalogue_changes::product_id))
            .load::<(i64, Option<ProductId>)>(&mut conn)?
            .into_iter()
            .map(|(seq, product_id)| CatalogueChange { seq, product_id })
            .collect())
    }

    /// Deletes feed entries recorded before `before`; every process has read them long since.
    pub fn prune_catalogue_changes(&self, before: NaiveDateTime) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        Ok(diesel::delete(
            catalogue_changes::table.filter(catalogue_changes::changed_at.lt(before)),
        )
        .execute(&mut conn)?)
    }
}
