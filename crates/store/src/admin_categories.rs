//! The admin console's category writes and reads. Positions follow the convention of
//! [`CategoryRecord::position`]: top-level categories 1, 2, 3... within their gender, the
//! subcategories of the top-level category at position `n` from `n * 100 + 1`. Every function
//! that writes takes the caller's connection, so the write, its change-feed row and its audit
//! row share one transaction.

use diesel::prelude::*;

use crate::catalogue::CategoryRecord;
use crate::db::DbConnection;
use crate::ids::CategoryId;
use crate::schema::{categories, product_categories};
use crate::{Store, StoreError};

/// The fields of a category an admin edits, all at once (the service merges a partial edit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CategoryEdit {
    pub name: String,
    pub parent_id: Option<CategoryId>,
    pub image: String,
    pub position: i32,
}

/// Every category, ordered by gender, then position.
pub fn all_categories(conn: &mut DbConnection) -> QueryResult<Vec<CategoryRecord>> {
    categories::table
        .order((categories::gender, categories::position, categories::id))
        .select(CategoryRecord::as_select())
        .load(conn)
}

/// The category with this id.
pub fn category_by_id(
    conn: &mut DbConnection,
    id: &CategoryId,
) -> QueryResult<Option<CategoryRecord>> {
    categories::table
        .filter(categories::id.eq(id))
        .select(CategoryRecord::as_select())
        .first(conn)
        .optional()
}

/// Adds a category (version 1).
pub fn insert_category(conn: &mut DbConnection, category: &CategoryRecord) -> QueryResult<()> {
    diesel::insert_into(categories::table)
        .values((
            categories::id.eq(&category.id),
            categories::name.eq(&category.name),
            categories::gender.eq(&category.gender),
            categories::parent_id.eq(&category.parent_id),
            categories::image.eq(&category.image),
            categories::position.eq(category.position),
            categories::version.eq(1_i64),
        ))
        .execute(conn)
        .map(drop)
}

/// Writes `edit` over the category when it is still at `version`, and counts the edit.
/// `false` when the category is missing or at another version.
pub fn update_category(
    conn: &mut DbConnection,
    id: &CategoryId,
    version: i64,
    edit: &CategoryEdit,
) -> QueryResult<bool> {
    let rows = diesel::update(
        categories::table
            .filter(categories::id.eq(id))
            .filter(categories::version.eq(version)),
    )
    .set((
        categories::name.eq(&edit.name),
        categories::parent_id.eq(&edit.parent_id),
        categories::image.eq(&edit.image),
        categories::position.eq(edit.position),
        categories::version.eq(categories::version + 1),
    ))
    .execute(conn)?;
    Ok(rows == 1)
}

/// Moves a category to `position` without counting an edit (reordering, or following its
/// parent's move).
pub fn set_category_position(
    conn: &mut DbConnection,
    id: &CategoryId,
    position: i32,
) -> QueryResult<()> {
    diesel::update(categories::table.filter(categories::id.eq(id)))
        .set(categories::position.eq(position))
        .execute(conn)
        .map(drop)
}

/// Deletes a category; `false` when there was none.
pub fn delete_category(conn: &mut DbConnection, id: &CategoryId) -> QueryResult<bool> {
    Ok(diesel::delete(categories::table.filter(categories::id.eq(id))).execute(conn)? == 1)
}

/// How many products (archived ones included: they keep their categories) are filed under
/// the category.
pub fn category_product_count(conn: &mut DbConnection, id: &CategoryId) -> QueryResult<i64> {
    product_categories::table
        .filter(product_categories::category_id.eq(id))
        .count()
        .get_result(conn)
}

/// How many categories have `id` as their parent.
pub fn child_category_count(conn: &mut DbConnection, id: &CategoryId) -> QueryResult<i64> {
    categories::table
        .filter(categories::parent_id.eq(id))
        .count()
        .get_result(conn)
}

impl Store {
    /// Every category (ordered by gender, then position) with the number of products filed
    /// under each, archived ones included.
    pub fn admin_categories(&self) -> Result<Vec<(CategoryRecord, i64)>, StoreError> {
        let mut conn = self.conn()?;
        let all = all_categories(&mut conn)?;
        let counts: std::collections::HashMap<CategoryId, i64> = product_categories::table
            .group_by(product_categories::category_id)
            .select((product_categories::category_id, diesel::dsl::count_star()))
            .load::<(CategoryId, i64)>(&mut conn)?
            .into_iter()
            .collect();
        Ok(all
            .into_iter()
            .map(|c| {
                let count = counts.get(&c.id).copied().unwrap_or(0);
                (c, count)
            })
            .collect())
    }
}

/// Locks the category tree for the caller's transaction before it reads it: every category
/// row is written with what it holds. On PostgreSQL that takes each row's lock until the
/// transaction ends, so two edits of the tree (which renumber positions) run one after the
/// other; on SQLite a write as the first statement takes the database's write lock.
pub fn lock_categories(conn: &mut DbConnection) -> QueryResult<()> {
    diesel::update(categories::table)
        .set(categories::version.eq(categories::version))
        .execute(conn)
        .map(drop)
}
