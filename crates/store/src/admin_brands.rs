//! The admin console's brand writes and reads: every function that writes takes the caller's
//! connection, so the write, its change-feed row and its audit row share one transaction.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::catalogue::BrandRecord;
use crate::db::DbConnection;
use crate::ids::BrandId;
use crate::schema::{brands, products};
use crate::{Store, StoreError};

diesel::define_sql_function!(
    /// SQL `lower(text)`, the same on both backends (ASCII letters on SQLite).
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text
);

/// A brand to add.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewBrand {
    pub id: BrandId,
    pub name: String,
    pub description: String,
    pub gender: String,
    pub is_active: bool,
    pub created_at: NaiveDateTime,
}

/// The fields of a brand an admin edits, all at once (the service merges a partial edit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrandEdit {
    pub name: String,
    pub description: String,
    pub gender: String,
    pub is_active: bool,
    /// Basis points, 0 to 5,000.
    pub commission_rate_bp: i64,
}

/// The brand with this id.
pub fn brand_by_id(conn: &mut DbConnection, id: &BrandId) -> QueryResult<Option<BrandRecord>> {
    brands::table
        .filter(brands::id.eq(id))
        .select(BrandRecord::as_select())
        .first(conn)
        .optional()
}

/// Whether a brand other than `except` has this name, ignoring letter case (compared here, as
/// SQLite's `lower` folds ASCII letters only; brands are few).
pub fn brand_name_taken(
    conn: &mut DbConnection,
    name: &str,
    except: Option<&BrandId>,
) -> QueryResult<bool> {
    let wanted = name.to_lowercase();
    Ok(brands::table
        .select((brands::id, brands::name))
        .load::<(BrandId, String)>(conn)?
        .iter()
        .any(|(id, other)| Some(id) != except && other.to_lowercase() == wanted))
}

/// Adds a brand (version 1, no logo).
pub fn insert_brand(conn: &mut DbConnection, brand: &NewBrand) -> QueryResult<()> {
    diesel::insert_into(brands::table)
        .values((
            brands::id.eq(&brand.id),
            brands::name.eq(&brand.name),
            brands::description.eq(&brand.description),
            brands::logo_url.eq(None::<String>),
            brands::is_active.eq(brand.is_active),
            brands::gender.eq(&brand.gender),
            brands::created_at.eq(brand.created_at),
            brands::version.eq(1_i64),
        ))
        .execute(conn)
        .map(drop)
}

/// Writes `edit` over the brand when it is still at `version`, and counts the edit. `false`
/// when the brand is missing or at another version.
pub fn update_brand(
    conn: &mut DbConnection,
    id: &BrandId,
    version: i64,
    edit: &BrandEdit,
) -> QueryResult<bool> {
    let rows = diesel::update(
        brands::table
            .filter(brands::id.eq(id))
            .filter(brands::version.eq(version)),
    )
    .set((
        brands::name.eq(&edit.name),
        brands::description.eq(&edit.description),
        brands::gender.eq(&edit.gender),
        brands::is_active.eq(edit.is_active),
        brands::commission_rate_bp.eq(edit.commission_rate_bp),
        brands::version.eq(brands::version + 1),
    ))
    .execute(conn)?;
    Ok(rows == 1)
}

/// How many products of the brand are not archived.
pub fn brand_product_count(conn: &mut DbConnection, id: &BrandId) -> QueryResult<i64> {
    products::table
        .filter(products::brand_id.eq(id))
        .filter(products::archived_at.is_null())
        .count()
        .get_result(conn)
}

impl Store {
    /// Every brand, active or not, ordered by name (letter case ignored), each with the number
    /// of its products that are not archived; only those whose name contains `search`
    /// (lower case) when it is given.
    pub fn admin_brands(
        &self,
        search: Option<&str>,
    ) -> Result<Vec<(BrandRecord, i64)>, StoreError> {
        let mut conn = self.conn()?;
        let mut all = brands::table
            .select(BrandRecord::as_select())
            .load(&mut conn)?;
        if let Some(search) = search {
            all.retain(|b| b.name.to_lowercase().contains(search));
        }
        all.sort_by(|a, b| (a.name.to_lowercase(), &a.id).cmp(&(b.name.to_lowercase(), &b.id)));
        let counts: std::collections::HashMap<BrandId, i64> = products::table
            .filter(products::archived_at.is_null())
            .group_by(products::brand_id)
            .select((products::brand_id, diesel::dsl::count_star()))
            .load::<(BrandId, i64)>(&mut conn)?
            .into_iter()
            .collect();
        Ok(all
            .into_iter()
            .map(|b| {
                let count = counts.get(&b.id).copied().unwrap_or(0);
                (b, count)
            })
            .collect())
    }
}

/// Makes the caller's transaction a writer from its first statement. On SQLite a transaction
/// that reads first and writes later cannot take the write lock when another one wrote
/// meanwhile (`SQLITE_BUSY`, answered 503); a write first takes the lock (waiting for it) so
/// two admin edits run one after the other. It changes no row; on PostgreSQL it is an index
/// lookup, and the unique index and versions settle races there.
pub fn write_first(conn: &mut DbConnection) -> QueryResult<()> {
    diesel::update(brands::table.filter(brands::id.eq("")))
        .set(brands::version.eq(brands::version))
        .execute(conn)
        .map(drop)
}
