//! Products and what a product answer is built from: its brand, categories, images, per-size
//! stock, tags and assigned coupon. A page of products costs six queries whatever its size
//! (the page, then one `IN (...)` query per related table), never one per product.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::schema::{
    brands, categories, coupons, product_categories, product_images, product_stock, product_tags,
    products,
};
use crate::{Store, StoreError};

/// Filters of a product listing. Prices are paise and compare with the plain price.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductFilter {
    pub gender: Option<validation::ProductGender>,
    pub min_price_paise: Option<i64>,
    pub max_price_paise: Option<i64>,
    pub limit: i64,
    pub offset: i64,
}

/// A brand as a product carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrandRef {
    pub id: String,
    pub name: String,
    pub logo_url: Option<String>,
}

/// A category as a product carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CategoryRef {
    pub id: String,
    pub name: String,
}

/// A coupon as stored; whether it is valid now is the caller's question (it owns the clock).
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = coupons)]
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
    pub brand_id: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Specifications {
    pub pattern: String,
    pub length: String,
    pub fabric: String,
    pub sleeve_length: String,
    pub fit: String,
    pub distress: String,
}

/// Everything a product answer needs, loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductRecord {
    pub id: String,
    pub name: String,
    pub description: String,
    pub brand: BrandRef,
    pub categories: Vec<CategoryRef>,
    pub gender: String,
    pub price_paise: i64,
    pub offer_percentage: i32,
    pub currency: String,
    pub colour: String,
    pub specifications: Specifications,
    pub images: Vec<String>,
    /// Sizes in display order with their stock.
    pub stock: Vec<(String, i32)>,
    pub tags: Vec<String>,
    pub assigned_coupon: Option<CouponRecord>,
    pub created_at: NaiveDateTime,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = products)]
struct ProductRow {
    id: String,
    name: String,
    description: String,
    brand_id: String,
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
}

impl Store {
    /// One page of products, newest first (ties broken by id, so pages never overlap).
    pub fn list_products(&self, filter: &ProductFilter) -> Result<Vec<ProductRecord>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = products::table.into_boxed();
        if let Some(gender) = filter.gender {
            query = query.filter(products::gender.eq(gender.as_str()));
        }
        if let Some(min) = filter.min_price_paise {
            query = query.filter(products::price_paise.ge(min));
        }
        if let Some(max) = filter.max_price_paise {
            query = query.filter(products::price_paise.le(max));
        }
        let rows = query
            .order((products::created_at.desc(), products::id.desc()))
            .limit(filter.limit)
            .offset(filter.offset)
            .select(ProductRow::as_select())
            .load(&mut conn)?;
        assemble(&mut conn, rows)
    }

    /// Products whose name, brand name or one of whose tags contains `text`, ignoring case,
    /// newest first.
    pub fn search_products(
        &self,
        text: &str,
        limit: i64,
    ) -> Result<Vec<ProductRecord>, StoreError> {
        let pattern = format!("%{}%", escape_like(&text.to_lowercase()));
        let mut conn = self.conn()?;
        let rows = products::table
            .filter(
                lower(products::name)
                    .like(&pattern)
                    .escape('\\')
                    .or(products::id.eq_any(
                        product_tags::table
                            .filter(lower(product_tags::tag).like(&pattern).escape('\\'))
                            .select(product_tags::product_id),
                    ))
                    .or(products::brand_id.eq_any(
                        brands::table
                            .filter(lower(brands::name).like(&pattern).escape('\\'))
                            .select(brands::id),
                    )),
            )
            .order((products::created_at.desc(), products::id.desc()))
            .limit(limit)
            .select(ProductRow::as_select())
            .load(&mut conn)?;
        assemble(&mut conn, rows)
    }

    /// One product by id, or `None`.
    pub fn product(&self, id: &str) -> Result<Option<ProductRecord>, StoreError> {
        let mut conn = self.conn()?;
        let rows = products::table
            .filter(products::id.eq(id))
            .select(ProductRow::as_select())
            .load(&mut conn)?;
        Ok(assemble(&mut conn, rows)?.into_iter().next())
    }
}

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// Makes `%`, `_` and `\\` in user text match themselves in a LIKE pattern.
fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn assemble(
    conn: &mut crate::DbConnection,
    rows: Vec<ProductRow>,
) -> Result<Vec<ProductRecord>, StoreError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<&str> = rows.iter().map(|r| r.id.as_str()).collect();
    let brand_ids: Vec<&str> = rows.iter().map(|r| r.brand_id.as_str()).collect();
    let coupon_ids: Vec<&str> = rows
        .iter()
        .filter_map(|r| r.assigned_coupon_id.as_deref())
        .collect();

    let brands: HashMap<String, BrandRef> = brands::table
        .filter(brands::id.eq_any(&brand_ids))
        .select((brands::id, brands::name, brands::logo_url))
        .load::<(String, String, Option<String>)>(conn)?
        .into_iter()
        .map(|(id, name, logo_url)| (id.clone(), BrandRef { id, name, logo_url }))
        .collect();

    let mut categories_by_product: HashMap<String, Vec<CategoryRef>> = HashMap::new();
    for (product_id, id, name) in product_categories::table
        .inner_join(categories::table)
        .filter(product_categories::product_id.eq_any(&ids))
        .order((product_categories::product_id, product_categories::position))
        .select((
            product_categories::product_id,
            categories::id,
            categories::name,
        ))
        .load::<(String, String, String)>(conn)?
    {
        categories_by_product
            .entry(product_id)
            .or_default()
            .push(CategoryRef { id, name });
    }

    let mut images_by_product: HashMap<String, Vec<String>> = HashMap::new();
    for (product_id, url) in product_images::table
        .filter(product_images::product_id.eq_any(&ids))
        .order((product_images::product_id, product_images::position))
        .select((product_images::product_id, product_images::url))
        .load::<(String, String)>(conn)?
    {
        images_by_product.entry(product_id).or_default().push(url);
    }

    let mut stock_by_product: HashMap<String, Vec<(String, i32)>> = HashMap::new();
    for (product_id, size, quantity) in product_stock::table
        .filter(product_stock::product_id.eq_any(&ids))
        .order((product_stock::product_id, product_stock::position))
        .select((
            product_stock::product_id,
            product_stock::size,
            product_stock::quantity,
        ))
        .load::<(String, String, i32)>(conn)?
    {
        stock_by_product
            .entry(product_id)
            .or_default()
            .push((size, quantity));
    }

    let mut tags_by_product: HashMap<String, Vec<String>> = HashMap::new();
    for (product_id, tag) in product_tags::table
        .filter(product_tags::product_id.eq_any(&ids))
        .order((product_tags::product_id, product_tags::position))
        .select((product_tags::product_id, product_tags::tag))
        .load::<(String, String)>(conn)?
    {
        tags_by_product.entry(product_id).or_default().push(tag);
    }

    let coupons: HashMap<String, CouponRecord> = if coupon_ids.is_empty() {
        HashMap::new()
    } else {
        coupons::table
            .filter(coupons::id.eq_any(&coupon_ids))
            .select(CouponRecord::as_select())
            .load(conn)?
            .into_iter()
            .map(|c| (c.id.clone(), c))
            .collect()
    };

    rows.into_iter()
        .map(|row| {
            let brand = brands
                .get(&row.brand_id)
                .cloned()
                .ok_or_else(|| StoreError::Query(diesel::result::Error::NotFound))?;
            Ok(ProductRecord {
                categories: categories_by_product.remove(&row.id).unwrap_or_default(),
                images: images_by_product.remove(&row.id).unwrap_or_default(),
                stock: stock_by_product.remove(&row.id).unwrap_or_default(),
                tags: tags_by_product.remove(&row.id).unwrap_or_default(),
                assigned_coupon: row
                    .assigned_coupon_id
                    .as_ref()
                    .and_then(|id| coupons.get(id).cloned()),
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
            })
        })
        .collect()
}
