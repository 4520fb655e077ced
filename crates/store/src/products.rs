//! Products and what a product answer is built from: its brand, categories, images, per-size
//! stock, tags and assigned coupon. Loading products costs seven queries whatever their number
//! (the products, then one query per related table), never one per product.

use std::collections::HashMap;

use rustc_hash::FxHashMap;
use std::sync::Arc;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::ids::{BrandId, CategoryId, ProductId};
use crate::schema::{
    brands, categories, coupons, product_categories, product_images, product_stock, product_tags,
    products,
};
use crate::{Store, StoreError};

/// A product row's specifications are the catalogue's one shape of them.
pub use catalogue::Specifications;

/// A brand as a product carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrandRef {
    pub id: BrandId,
    pub name: String,
    pub logo_url: Option<String>,
}

/// A category as a product carries it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CategoryRef {
    pub id: CategoryId,
    pub name: String,
}

/// A coupon as stored, read and written; whether it is valid now is the caller's question (it
/// owns the clock). Its terms as the pricing rules read them: [`CouponRecord::terms`].
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = coupons)]
#[diesel(treat_none_as_default_value = false)]
pub struct CouponRecord {
    pub id: String,
    pub title: String,
    pub code: String,
    pub discount_type: String,
    pub discount_value: i64,
    pub max_discount_paise: Option<i64>,
    pub min_order_paise: i64,
    pub is_active: bool,
    pub valid_from: NaiveDateTime,
    pub valid_until: NaiveDateTime,
    pub brand_id: Option<BrandId>,
    /// Orders that may use it in all; `None` for no limit.
    pub usage_limit: Option<i64>,
    /// Orders of one shopper that may use it; `None` for no limit.
    pub usage_limit_per_user: Option<i64>,
    /// Orders that have used it, when this was read: a hint for answers, never the check
    /// that keeps the limit (that is [`crate::claim_coupon_use`]).
    pub times_used: i64,
    /// Counts the coupon's edits; a console edit names the version it read.
    pub version: i64,
}

/// Everything a product answer needs, loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductRecord {
    pub id: ProductId,
    pub name: String,
    pub description: String,
    /// Shared by the brand's products (one copy per brand in memory, not per product).
    pub brand: Arc<BrandRef>,
    /// Shared by the category's products.
    pub categories: Vec<Arc<CategoryRef>>,
    pub gender: String,
    pub price_paise: i64,
    pub offer_percentage: i32,
    pub currency: String,
    pub colour: String,
    pub specifications: Specifications,
    pub images: Vec<String>,
    /// The same images with their ids and `srcset`s, in the same order.
    pub image_refs: Vec<crate::ImageRef>,
    /// Sizes in display order with their stock.
    pub stock: Vec<(String, i32)>,
    pub tags: Vec<String>,
    /// Boxed: few products carry one, and inline it would be a third of every record.
    pub assigned_coupon: Option<Box<CouponRecord>>,
    pub created_at: NaiveDateTime,
    /// Counts the product's edits; a console edit names the version it read.
    pub version: i64,
    /// The brand's own switch: an inactive product is hidden from shoppers.
    pub is_active: bool,
    /// Set when the product was archived: hidden from shoppers, kept by orders and bags.
    pub archived_at: Option<NaiveDateTime>,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
struct ProductRow {
    id: ProductId,
    name: String,
    description: String,
    brand_id: BrandId,
    gender: String,
    price_paise: i64,
    offer_percentage: i32,
    currency: String,
    colour: String,
    pattern: String,
    length: String,
    fabric: String,
    sleeve_length: String,
    fit: String,
    distress: String,
    assigned_coupon_id: Option<String>,
    created_at: NaiveDateTime,
    version: i64,
    is_active: bool,
    archived_at: Option<NaiveDateTime>,
}

/// Which products [`assemble`] loads the related rows of.
enum Scope<'a> {
    /// The products with ids from the first to the last, both included: a page of a whole
    /// load, whose related rows are one range of each table's primary key, never an `IN` list
    /// (a page's ids would pass both backends' limits on bound parameters).
    Range(&'a str, &'a str),
    /// A few products (at most [`IDS_PER_QUERY`]).
    Ids(&'a [&'a str]),
}

/// Ids per `IN (...)` list, far under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
pub(crate) const IDS_PER_QUERY: usize = 1000;

impl Store {
    /// At most `limit` products with ids after `after` (from the first without it), in id
    /// order: a whole load reads the catalogue in such pages, each page after the last id of
    /// the one before.
    pub fn products_page(
        &self,
        after: Option<&ProductId>,
        limit: usize,
    ) -> Result<Vec<ProductRecord>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = products::table
            .order(products::id)
            .limit(i64::try_from(limit).unwrap_or(i64::MAX))
            .select(ProductRow::as_select())
            .into_boxed();
        if let Some(after) = after {
            query = query.filter(products::id.gt(after.as_str()));
        }
        let rows = query.load(&mut conn)?;
        let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
            return Ok(Vec::new());
        };
        let (first, last) = (first.id.to_string(), last.id.to_string());
        assemble(&mut conn, rows, Scope::Range(&first, &last))
    }

    /// The products with these ids that exist (any brand, active or not), in no particular
    /// order.
    pub fn products_by_ids(&self, ids: &[ProductId]) -> Result<Vec<ProductRecord>, StoreError> {
        let mut conn = self.conn()?;
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(IDS_PER_QUERY) {
            let chunk: Vec<&str> = chunk.iter().map(ProductId::as_str).collect();
            out.extend(products_in(&mut conn, &chunk)?);
        }
        Ok(out)
    }
}

/// The products with these ids that exist (at most [`IDS_PER_QUERY`]), read on `conn` (inside
/// the caller's transaction, when it has one), in no particular order.
pub(crate) fn products_in(
    conn: &mut crate::DbConnection,
    ids: &[&str],
) -> Result<Vec<ProductRecord>, StoreError> {
    let rows = products::table
        .filter(products::id.eq_any(ids))
        .select(ProductRow::as_select())
        .load(conn)?;
    assemble(conn, rows, Scope::Ids(ids))
}

fn assemble(
    conn: &mut crate::DbConnection,
    rows: Vec<ProductRow>,
    scope: Scope<'_>,
) -> Result<Vec<ProductRecord>, StoreError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    // The related rows of the scope's products, by their `product_id` column.
    macro_rules! of_scope {
        ($query:expr, $column:expr) => {
            match scope {
                Scope::Range(first, last) => $query.filter($column.between(first, last)),
                Scope::Ids(ids) => $query.filter($column.eq_any(ids)),
            }
        };
    }

    // A page of a whole load reads every brand (a small table) rather than an `IN` list.
    let mut brand_query = brands::table
        .select((brands::id, brands::name, brands::logo_url))
        .into_boxed();
    if let Scope::Ids(_) = scope {
        let brand_ids: Vec<&str> = rows.iter().map(|r| r.brand_id.as_str()).collect();
        brand_query = brand_query.filter(brands::id.eq_any(brand_ids));
    }
    let brands: HashMap<BrandId, Arc<BrandRef>> = brand_query
        .load::<(BrandId, String, Option<String>)>(conn)?
        .into_iter()
        .map(|(id, name, logo_url)| (id.clone(), Arc::new(BrandRef { id, name, logo_url })))
        .collect();

    let mut category_query = product_categories::table
        .inner_join(categories::table)
        .order((product_categories::product_id, product_categories::position))
        .select((
            product_categories::product_id,
            categories::id,
            categories::name,
        ))
        .into_boxed();
    category_query = of_scope!(category_query, product_categories::product_id);
    let mut categories_by_product: FxHashMap<ProductId, Vec<Arc<CategoryRef>>> =
        FxHashMap::default();
    let mut shared: HashMap<CategoryId, Arc<CategoryRef>> = HashMap::new();
    for (product_id, id, name) in category_query.load::<(ProductId, CategoryId, String)>(conn)? {
        let category = shared
            .entry(id.clone())
            .or_insert_with(|| Arc::new(CategoryRef { id, name }));
        categories_by_product
            .entry(product_id)
            .or_default()
            .push(Arc::clone(category));
    }

    let mut image_query = product_images::table
        .order((product_images::product_id, product_images::position))
        .select((
            product_images::product_id,
            product_images::url,
            product_images::image_id,
            product_images::srcset,
        ))
        .into_boxed();
    image_query = of_scope!(image_query, product_images::product_id);
    let mut images_by_product: FxHashMap<ProductId, Vec<crate::ImageRef>> = FxHashMap::default();
    for (product_id, url, image_id, srcset) in
        image_query.load::<(ProductId, String, Option<String>, Option<String>)>(conn)?
    {
        images_by_product
            .entry(product_id)
            .or_default()
            .push(crate::ImageRef::of_row(url, image_id, srcset));
    }

    let mut stock_query = product_stock::table
        .order((product_stock::product_id, product_stock::position))
        .select((
            product_stock::product_id,
            product_stock::size,
            product_stock::quantity,
        ))
        .into_boxed();
    stock_query = of_scope!(stock_query, product_stock::product_id);
    let mut stock_by_product: FxHashMap<ProductId, Vec<(String, i32)>> = FxHashMap::default();
    for (product_id, size, quantity) in stock_query.load::<(ProductId, String, i32)>(conn)? {
        stock_by_product
            .entry(product_id)
            .or_default()
            .push((size, quantity));
    }

    let mut tag_query = product_tags::table
        .order((product_tags::product_id, product_tags::position))
        .select((product_tags::product_id, product_tags::tag))
        .into_boxed();
    tag_query = of_scope!(tag_query, product_tags::product_id);
    let mut tags_by_product: FxHashMap<ProductId, Vec<String>> = FxHashMap::default();
    for (product_id, tag) in tag_query.load::<(ProductId, String)>(conn)? {
        tags_by_product.entry(product_id).or_default().push(tag);
    }

    // The coupons the products carry: few, since a coupon is assigned to a brand's few.
    let mut coupon_ids: Vec<&str> = rows
        .iter()
        .filter_map(|r| r.assigned_coupon_id.as_deref())
        .collect();
    coupon_ids.sort_unstable();
    coupon_ids.dedup();
    let coupon_query = coupons::table
        .select(CouponRecord::as_select())
        .filter(coupons::id.eq_any(coupon_ids));
    let coupons: HashMap<String, CouponRecord> = coupon_query
        .load(conn)?
        .into_iter()
        .map(|c| (c.id.clone(), c))
        .collect();

    rows.into_iter()
        .map(|row| {
            let brand = brands
                .get(&row.brand_id)
                .cloned()
                .ok_or_else(|| StoreError::Query(diesel::result::Error::NotFound))?;
            let image_refs: Vec<crate::ImageRef> =
                images_by_product.remove(&row.id).unwrap_or_default();
            Ok(ProductRecord {
                images: image_refs.iter().map(|i| i.url.clone()).collect(),
                image_refs,
                categories: categories_by_product.remove(&row.id).unwrap_or_default(),
                stock: stock_by_product.remove(&row.id).unwrap_or_default(),
                tags: tags_by_product.remove(&row.id).unwrap_or_default(),
                assigned_coupon: row
                    .assigned_coupon_id
                    .as_ref()
                    .and_then(|id| coupons.get(id).cloned().map(Box::new)),
                brand,
                id: row.id,
                name: row.name,
                description: row.description,
                gender: row.gender,
                price_paise: row.price_paise,
                offer_percentage: row.offer_percentage,
                currency: row.currency,
                colour: row.colour,
                specifications: Specifications {
                    pattern: row.pattern,
                    length: row.length,
                    fabric: row.fabric,
                    sleeve_length: row.sleeve_length,
                    fit: row.fit,
                    distress: row.distress,
                },
                created_at: row.created_at,
                version: row.version,
                is_active: row.is_active,
                archived_at: row.archived_at,
            })
        })
        .collect()
}
