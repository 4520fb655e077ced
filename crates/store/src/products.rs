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
    /// At most `limit` products with ids after `after` (from the first without it) and up to
    /// `through` (to the last without it), in id order: a whole load reads the catalogue in
    /// such pages, each page after the last id of the one before.
    pub fn products_page(
        &self,
        after: Option<&ProductId>,
        through: Option<&ProductId>,
        limit: usize,
    ) -> Result<Vec<ProductRecord>, StoreError> {
        products_page(&mut *self.conn()?, after, through, limit)
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

/// [`Store::products_page`] on `conn`.
pub(crate) fn products_page(
    conn: &mut crate::DbConnection,
    after: Option<&ProductId>,
    through: Option<&ProductId>,
    limit: usize,
) -> Result<Vec<ProductRecord>, StoreError> {
    let mut query = products::table
        .order(products::id)
        .limit(i64::try_from(limit).unwrap_or(i64::MAX))
        .select(ProductRow::as_select())
        .into_boxed();
    if let Some(after) = after {
        query = query.filter(products::id.gt(after.as_str()));
    }
    if let Some(through) = through {
        query = query.filter(products::id.le(through.as_str()));
    }
    let rows = query.load(conn)?;
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Ok(Vec::new());
    };
    let (first, last) = (first.id.to_string(), last.id.to_string());
    assemble(conn, rows, Scope::Range(&first, &last))
}

/// The products with these ids that exist (at most [`IDS_PER_QUERY`]), read on `conn` (inside
/// the caller's transaction, when it has one), in id order.
pub(crate) fn products_in(
    conn: &mut crate::DbConnection,
    ids: &[&str],
) -> Result<Vec<ProductRecord>, StoreError> {
    let rows = products::table
        .filter(products::id.eq_any(ids))
        .order(products::id)
        .select(ProductRow::as_select())
        .load(conn)?;
    assemble(conn, rows, Scope::Ids(ids))
}

/// `rows` come in id order, so that each related table's rows, read in the same order, pair
/// with them in one walk ([`pair`]).
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
    let mut shared: FxHashMap<CategoryId, Arc<CategoryRef>> = FxHashMap::default();
    let categories = grouped(
        category_query
            .load::<(ProductId, CategoryId, String)>(conn)?
            .into_iter()
            .map(|(product_id, id, name)| {
                let category = shared
                    .entry(id.clone())
                    .or_insert_with(|| Arc::new(CategoryRef { id, name }));
                (product_id, Arc::clone(category))
            }),
    );

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
    let images = grouped(
        image_query
            .load::<(ProductId, String, Option<String>, Option<String>)>(conn)?
            .into_iter()
            .map(|(product_id, url, image_id, srcset)| {
                (product_id, crate::ImageRef::of_row(url, image_id, srcset))
            }),
    );

    let mut stock_query = product_stock::table
        .order((product_stock::product_id, product_stock::position))
        .select((
            product_stock::product_id,
            product_stock::size,
            product_stock::quantity,
        ))
        .into_boxed();
    stock_query = of_scope!(stock_query, product_stock::product_id);
    let stock = grouped(
        stock_query
            .load::<(ProductId, String, i32)>(conn)?
            .into_iter()
            .map(|(product_id, size, quantity)| (product_id, (size, quantity))),
    );

    let mut tag_query = product_tags::table
        .order((product_tags::product_id, product_tags::position))
        .select((product_tags::product_id, product_tags::tag))
        .into_boxed();
    tag_query = of_scope!(tag_query, product_tags::product_id);
    let tags = grouped(tag_query.load::<(ProductId, String)>(conn)?);

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

    let ids: Vec<&ProductId> = rows.iter().map(|row| &row.id).collect();
    let images = pair(&ids, images);
    let categories = pair(&ids, categories);
    let stock = pair(&ids, stock);
    let tags = pair(&ids, tags);
    rows.into_iter()
        .zip(images)
        .zip(categories)
        .zip(stock)
        .zip(tags)
        .map(|((((row, image_refs), categories), stock), tags)| {
            let brand = brands
                .get(&row.brand_id)
                .cloned()
                .ok_or_else(|| StoreError::Query(diesel::result::Error::NotFound))?;
            Ok(ProductRecord {
                images: image_refs.iter().map(|i| i.url.clone()).collect(),
                image_refs,
                categories,
                stock,
                tags,
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

/// Rows read in product id order, each product's together.
fn grouped<T>(rows: impl IntoIterator<Item = (ProductId, T)>) -> Vec<(ProductId, Vec<T>)> {
    let mut out: Vec<(ProductId, Vec<T>)> = Vec::new();
    for (id, row) in rows {
        match out.last_mut() {
            Some((last, rows)) if *last == id => rows.push(row),
            _ => out.push((id, vec![row])),
        }
    }
    out
}

/// Each of `ids`' related rows from `groups`, in the order of `ids`. Both come in the
/// database's order of product ids, so one walk pairs them (a product without rows has no
/// group); should the walk leave a group unpaired, the groups are looked up by id instead.
fn pair<T>(ids: &[&ProductId], mut groups: Vec<(ProductId, Vec<T>)>) -> Vec<Vec<T>> {
    let mut at: Vec<Option<usize>> = Vec::with_capacity(ids.len());
    let mut next = 0;
    for &id in ids {
        if groups.get(next).is_some_and(|(group, _)| group == id) {
            at.push(Some(next));
            next += 1;
        } else {
            at.push(None);
        }
    }
    if next < groups.len() {
        let index: FxHashMap<&ProductId, usize> = groups
            .iter()
            .enumerate()
            .map(|(i, (id, _))| (id, i))
            .collect();
        at = ids.iter().map(|id| index.get(id).copied()).collect();
    }
    at.into_iter()
        .map(|i| i.map_or_else(Vec::new, |i| std::mem::take(&mut groups[i].1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> ProductId {
        ProductId::new(s)
    }

    #[test]
    fn related_rows_pair_with_their_products() {
        let ids = [id("a"), id("b"), id("c"), id("d")];
        let ids: Vec<&ProductId> = ids.iter().collect();
        let rows = |pairs: &[(&str, i32)]| pairs.iter().map(|&(p, n)| (id(p), n)).collect();
        type Case = (&'static str, Vec<(ProductId, i32)>, [Vec<i32>; 4]);
        let cases: [Case; 5] = [
            (
                "in order",
                rows(&[("a", 1), ("a", 2), ("b", 3), ("c", 4), ("d", 5)]),
                [vec![1, 2], vec![3], vec![4], vec![5]],
            ),
            (
                "with gaps",
                rows(&[("b", 3), ("b", 4), ("d", 5)]),
                [vec![], vec![3, 4], vec![], vec![5]],
            ),
            ("none", rows(&[]), [vec![], vec![], vec![], vec![]]),
            (
                "in another order",
                rows(&[("c", 4), ("a", 1), ("a", 2), ("d", 5)]),
                [vec![1, 2], vec![], vec![4], vec![5]],
            ),
            (
                "of a product not asked for",
                rows(&[("a", 1), ("aa", 9), ("c", 4)]),
                [vec![1], vec![], vec![4], vec![]],
            ),
        ];
        for (case, rows, want) in cases {
            assert_eq!(pair(&ids, grouped(rows)), want, "{case}");
        }
    }
}
