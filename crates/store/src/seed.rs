//! Loads a generated catalogue (the demo one at start, bigger ones for benchmarks) into an
//! empty database, in one transaction and in chunks that stay under both backends' limits on
//! bound parameters.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::products::CouponRecord;
use crate::schema::{
    brands, categories, coupons, product_categories, product_images, product_stock, product_tags,
    products, static_images,
};
use crate::{DbConnection, Store, StoreError};

/// Rows per INSERT: 500 rows of the widest table (17 columns) bind 8,500 parameters, well under
/// SQLite's 32,766 and PostgreSQL's 65,535.
const CHUNK: usize = 500;

/// The PostgreSQL advisory lock key held while a seed checks and writes ("shopseed" in ASCII).
const SEED_LOCK: i64 = 0x73686f7073656564;

/// What a seed run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedReport {
    /// The database already held a catalogue; nothing was written.
    AlreadySeeded,
    /// The catalogue was written.
    Seeded { brands: usize, products: usize },
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = brands)]
struct NewBrand<'a> {
    id: &'a str,
    name: &'a str,
    description: &'a str,
    logo_url: Option<&'a str>,
    is_active: bool,
    gender: &'a str,
    created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = categories)]
struct NewCategory<'a> {
    id: &'a str,
    name: &'a str,
    gender: &'a str,
    parent_id: Option<&'a str>,
    image: &'a str,
    position: i32,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = products)]
struct NewProduct<'a> {
    id: &'a str,
    name: &'a str,
    description: &'a str,
    brand_id: &'a str,
    gender: &'a str,
    price_paise: i64,
    offer_percentage: i32,
    currency: &'a str,
    colour: &'a str,
    pattern: &'a str,
    length: &'a str,
    fabric: &'a str,
    sleeve_length: &'a str,
    fit: &'a str,
    distress: &'a str,
    assigned_coupon_id: Option<&'a str>,
    created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = product_categories)]
struct NewProductCategory<'a> {
    product_id: &'a str,
    category_id: &'a str,
    position: i32,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = product_images)]
struct NewProductImage<'a> {
    product_id: &'a str,
    position: i32,
    url: &'a str,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = product_stock)]
struct NewStock<'a> {
    product_id: &'a str,
    size: &'a str,
    position: i32,
    quantity: i32,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = product_tags)]
struct NewTag<'a> {
    product_id: &'a str,
    position: i32,
    tag: &'a str,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = static_images)]
struct NewStaticImage<'a> {
    id: &'a str,
    category: &'a str,
    device: &'a str,
    title: &'a str,
    url: &'a str,
    is_active: bool,
}

fn position(index: usize) -> i32 {
    i32::try_from(index).unwrap_or(i32::MAX)
}

// backend difference: multi-row INSERT does not compile through the `MultiConnection` enum,
// so each chunk goes to the concrete connection.
macro_rules! insert_chunked {
    ($conn:expr, $table:expr, $rows:expr, $progress:expr) => {
        for chunk in $rows.chunks(CHUNK) {
            match &mut *$conn {
                DbConnection::Sqlite(c) => diesel::insert_into($table).values(chunk).execute(c)?,
                DbConnection::Postgres(c) => {
                    diesel::insert_into($table).values(chunk).execute(c)?
                }
            };
            $progress.wrote(chunk.len());
        }
    };
}

/// How far a seed has got, as it reports after every chunk of rows it writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedProgress {
    /// Rows written so far, of every table.
    pub rows: usize,
    /// Rows the seed writes in all.
    pub total: usize,
}

/// Counts the rows written and tells the caller's reporter.
struct Progress<'a> {
    rows: usize,
    total: usize,
    report: &'a mut dyn FnMut(SeedProgress),
}

impl Progress<'_> {
    fn wrote(&mut self, rows: usize) {
        self.rows += rows;
        (self.report)(SeedProgress {
            rows: self.rows,
            total: self.total,
        });
    }
}

impl Store {
    /// Writes the catalogue `generate` makes when the database holds no brand yet; otherwise
    /// leaves it alone (and never calls `generate`, which takes a while for big catalogues).
    /// Processes starting together on one database seed it once: exactly one answers
    /// [`SeedReport::Seeded`].
    pub fn seed_if_empty(
        &self,
        generate: impl FnOnce() -> catalogue::Catalogue,
    ) -> Result<SeedReport, StoreError> {
        self.seed_if_empty_reporting(generate, &mut |_| {})
    }

    /// [`Store::seed_if_empty`], telling `report` how far the writing has got after every chunk
    /// of rows (for a progress bar: a million products take minutes).
    pub fn seed_if_empty_reporting(
        &self,
        generate: impl FnOnce() -> catalogue::Catalogue,
        report: &mut dyn FnMut(SeedProgress),
    ) -> Result<SeedReport, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            // backend difference: SQLite's write lock already lets one seed in at a time; on
            // PostgreSQL two transactions would both find no brand and the second would fail on
            // the first's keys, so they queue on a lock held until commit, and the later ones
            // then find the brands.
            if let DbConnection::Postgres(c) = &mut **conn {
                diesel::sql_query(format!("SELECT pg_advisory_xact_lock({SEED_LOCK})"))
                    .execute(c)?;
            }
            let existing: i64 = brands::table.count().get_result(conn)?;
            if existing > 0 {
                return Ok(SeedReport::AlreadySeeded);
            }
            let catalogue = generate();
            write_catalogue(conn, &catalogue, report)?;
            Ok(SeedReport::Seeded {
                brands: catalogue.brands.len(),
                products: catalogue.products.len(),
            })
        })
    }
}

fn write_catalogue(
    conn: &mut DbConnection,
    catalogue: &catalogue::Catalogue,
    report: &mut dyn FnMut(SeedProgress),
) -> Result<(), diesel::result::Error> {
    let products = &catalogue.products;
    let total = catalogue.brands.len()
        + catalogue.categories.len()
        + catalogue.coupons.len()
        + products.len()
        + products
            .iter()
            .map(|p| p.category_ids.len() + p.images.len() + p.stock.len() + p.tags.len())
            .sum::<usize>()
        + catalogue.static_images.len();
    let mut progress = Progress {
        rows: 0,
        total,
        report,
    };
    let new_brands: Vec<NewBrand<'_>> = catalogue
        .brands
        .iter()
        .map(|b| NewBrand {
            id: &b.id,
            name: &b.name,
            description: &b.description,
            logo_url: b.logo_url.as_deref(),
            is_active: b.is_active,
            gender: b.gender.as_str(),
            created_at: b.created_at,
        })
        .collect();
    insert_chunked!(conn, brands::table, new_brands, progress);

    // Parents first, so the self-reference holds at every insert.
    let mut ordered: Vec<&catalogue::Category> = catalogue.categories.iter().collect();
    ordered.sort_by_key(|c| c.parent_id.is_some());
    let new_categories: Vec<NewCategory<'_>> = ordered
        .iter()
        .map(|c| NewCategory {
            id: &c.id,
            name: &c.name,
            gender: c.gender.as_str(),
            parent_id: c.parent_id.as_deref(),
            image: &c.image,
            position: c.position,
        })
        .collect();
    insert_chunked!(conn, categories::table, new_categories, progress);

    let new_coupons: Vec<CouponRecord> = catalogue
        .coupons
        .iter()
        .map(|c| CouponRecord::new(&c.id, &c.title, &c.terms))
        .collect();
    insert_chunked!(conn, coupons::table, new_coupons, progress);

    let new_products: Vec<NewProduct<'_>> = catalogue
        .products
        .iter()
        .map(|p| NewProduct {
            id: &p.id,
            name: &p.name,
            description: &p.description,
            brand_id: &p.brand_id,
            gender: p.gender.as_str(),
            price_paise: p.price_paise,
            offer_percentage: p.offer_percentage,
            currency: &p.currency,
            colour: &p.colour,
            pattern: &p.specifications.pattern,
            length: &p.specifications.length,
            fabric: &p.specifications.fabric,
            sleeve_length: &p.specifications.sleeve_length,
            fit: &p.specifications.fit,
            distress: &p.specifications.distress,
            assigned_coupon_id: p.assigned_coupon_id.as_deref(),
            created_at: p.created_at,
        })
        .collect();
    insert_chunked!(conn, products::table, new_products, progress);

    let links: Vec<NewProductCategory<'_>> = catalogue
        .products
        .iter()
        .flat_map(|p| {
            p.category_ids
                .iter()
                .enumerate()
                .map(|(i, c)| NewProductCategory {
                    product_id: &p.id,
                    category_id: c,
                    position: position(i),
                })
        })
        .collect();
    insert_chunked!(conn, product_categories::table, links, progress);

    let images: Vec<NewProductImage<'_>> = catalogue
        .products
        .iter()
        .flat_map(|p| {
            p.images.iter().enumerate().map(|(i, url)| NewProductImage {
                product_id: &p.id,
                position: position(i),
                url,
            })
        })
        .collect();
    insert_chunked!(conn, product_images::table, images, progress);

    let stock: Vec<NewStock<'_>> = catalogue
        .products
        .iter()
        .flat_map(|p| {
            p.stock
                .iter()
                .enumerate()
                .map(|(i, (size, quantity))| NewStock {
                    product_id: &p.id,
                    size,
                    position: position(i),
                    quantity: *quantity,
                })
        })
        .collect();
    insert_chunked!(conn, product_stock::table, stock, progress);

    let tags: Vec<NewTag<'_>> = catalogue
        .products
        .iter()
        .flat_map(|p| {
            p.tags.iter().enumerate().map(|(i, tag)| NewTag {
                product_id: &p.id,
                position: position(i),
                tag,
            })
        })
        .collect();
    insert_chunked!(conn, product_tags::table, tags, progress);

    let statics: Vec<NewStaticImage<'_>> = catalogue
        .static_images
        .iter()
        .map(|s| NewStaticImage {
            id: &s.id,
            category: &s.category,
            device: &s.device,
            title: &s.title,
            url: &s.url,
            is_active: s.is_active,
        })
        .collect();
    insert_chunked!(conn, static_images::table, statics, progress);
    Ok(())
}
