//! The admin console's view of people and their roles. A role change runs in a transaction
//! whose first statement locks the admins ([`lock_admins`]), so two admins demoting each other
//! at the same moment run one after the other and the second sees the first's change.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::admin_brands::lower;
use crate::db::DbConnection;
use crate::ids::{BrandId, UserId};
use crate::schema::{brands, users};
use crate::{Store, StoreError};

/// A user as the admin console lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffRecord {
    pub id: UserId,
    pub email: Option<String>,
    pub display_name: String,
    pub is_admin: bool,
    pub is_brand_user: bool,
    /// The brand of a brand user, with its name.
    pub brand: Option<(BrandId, String)>,
    pub created_at: NaiveDateTime,
}

/// Which users a page of the admin list shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StaffQuery {
    /// Kept when the e-mail or the display name contains this, ignoring letter case.
    pub search: Option<String>,
    pub offset: i64,
    pub limit: i64,
}

type StaffRow = (
    UserId,
    Option<String>,
    String,
    bool,
    bool,
    Option<BrandId>,
    NaiveDateTime,
    Option<String>,
);

fn staff(row: StaffRow) -> StaffRecord {
    let (id, email, display_name, is_admin, is_brand_user, brand_id, created_at, brand_name) = row;
    StaffRecord {
        id,
        email,
        display_name,
        is_admin,
        is_brand_user,
        brand: brand_id.map(|b| (b, brand_name.unwrap_or_default())),
        created_at,
    }
}

/// `%text%` for LIKE, with LIKE's own characters escaped by `\`.
fn contains_pattern(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

macro_rules! staff_select {
    () => {
        users::table
            .left_join(brands::table.on(users::brand_id.eq(brands::id.nullable())))
            .filter(users::deleted_at.is_null())
            .select((
                users::id,
                users::email,
                users::display_name,
                users::is_admin,
                users::is_brand_user,
                users::brand_id,
                users::created_at,
                brands::name.nullable(),
            ))
    };
}

/// Takes the lock a role change needs before it reads anything: every live admin's row is
/// written (with what it holds), which on PostgreSQL locks those rows until the transaction
/// ends (a concurrent change waits, then reads the rows as committed), and on SQLite takes the
/// database's write lock at the transaction's first statement.
pub fn lock_admins(conn: &mut DbConnection) -> QueryResult<()> {
    diesel::update(
        users::table
            .filter(users::is_admin.eq(true))
            .filter(users::deleted_at.is_null()),
    )
    .set(users::is_admin.eq(true))
    .execute(conn)
    .map(drop)
}

/// How many live users are admins.
pub fn admin_count(conn: &mut DbConnection) -> QueryResult<i64> {
    users::table
        .filter(users::is_admin.eq(true))
        .filter(users::deleted_at.is_null())
        .count()
        .get_result(conn)
}

/// The live user with this id, as the admin console shows them.
pub fn staff_by_id(conn: &mut DbConnection, id: &UserId) -> QueryResult<Option<StaffRecord>> {
    Ok(staff_select!()
        .filter(users::id.eq(id))
        .first::<StaffRow>(conn)
        .optional()?
        .map(staff))
}

/// Sets a live user's role flags and brand, noting the change in the sessions' feed so every
/// process drops its cached copy. `false` when no live user has that id.
pub fn write_role(
    conn: &mut DbConnection,
    id: &UserId,
    is_admin: bool,
    is_brand_user: bool,
    brand_id: Option<&BrandId>,
) -> QueryResult<bool> {
    let rows = diesel::update(
        users::table
            .filter(users::id.eq(id))
            .filter(users::deleted_at.is_null()),
    )
    .set((
        users::is_admin.eq(is_admin),
        users::is_brand_user.eq(is_brand_user),
        users::brand_id.eq(brand_id),
    ))
    .execute(conn)?;
    if rows == 1 {
        crate::note_session_change(conn, id)?;
    }
    Ok(rows == 1)
}

impl Store {
    /// A page of live users, newest first, with the number matching in all.
    pub fn staff(&self, query: &StaffQuery) -> Result<(Vec<StaffRecord>, i64), StoreError> {
        let mut conn = self.conn()?;
        let pattern = query
            .search
            .as_deref()
            .map(|s| contains_pattern(&s.to_lowercase()));
        let total = {
            let mut q = users::table
                .filter(users::deleted_at.is_null())
                .into_boxed();
            if let Some(p) = &pattern {
                q = q.filter(
                    lower(users::email.assume_not_null())
                        .like(p.clone())
                        .escape('\\')
                        .or(lower(users::display_name).like(p.clone()).escape('\\')),
                );
            }
            q.count().get_result::<i64>(&mut conn)?
        };
        let mut q = staff_select!().into_boxed();
        if let Some(p) = &pattern {
            q = q.filter(
                lower(users::email.assume_not_null())
                    .like(p.clone())
                    .escape('\\')
                    .or(lower(users::display_name).like(p.clone()).escape('\\')),
            );
        }
        let rows = q
            .order((users::created_at.desc(), users::id.desc()))
            .offset(query.offset)
            .limit(query.limit)
            .load::<StaffRow>(&mut conn)?;
        Ok((rows.into_iter().map(staff).collect(), total))
    }
}
