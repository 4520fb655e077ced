//! A shopper's saved delivery addresses (the requirements' shipments).
//!
//! Every write is one transaction whose first statement writes the owner's user row without
//! changing it: SQLite then holds its write lock before anything is read, and PostgreSQL's row
//! lock on the user queues one shopper's address writes from every process, so the count a
//! limit is judged on, or the default being moved, cannot change under the write. The
//! `addresses_one_default` partial unique index refuses a second default whatever happens.
//! How many addresses a shopper may keep and which one is the default are the caller's rules,
//! passed in.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::{AddressId, UserId};
use crate::schema::{addresses, users};
use crate::{Store, StoreError};

/// A saved address.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = addresses)]
pub struct AddressRecord {
    pub id: AddressId,
    /// The shopper who saved it.
    pub user_id: UserId,
    pub customer_name: String,
    pub phone: String,
    pub email: String,
    /// Flat number and wing or building, joined.
    pub address: String,
    /// The street, or the searched address.
    pub address_2: String,
    pub city: String,
    /// Six digits.
    pub pincode: String,
    pub state: String,
    pub country: String,
    pub is_default: bool,
    pub created_at: NaiveDateTime,
}

/// Writes the live user's row without changing it (see the module's notes); `false` when no
/// live user has that id.
fn lock_owner(conn: &mut DbConnection, user_id: &UserId) -> QueryResult<bool> {
    let rows = diesel::update(
        users::table
            .filter(users::id.eq(user_id))
            .filter(users::deleted_at.is_null()),
    )
    .set(users::token_version.eq(users::token_version))
    .execute(conn)?;
    Ok(rows == 1)
}

/// The user's addresses: the default first, then the newest first.
fn load(conn: &mut DbConnection, user_id: &UserId) -> QueryResult<Vec<AddressRecord>> {
    addresses::table
        .filter(addresses::user_id.eq(user_id))
        .order((
            addresses::is_default.desc(),
            addresses::created_at.desc(),
            addresses::id.desc(),
        ))
        .select(AddressRecord::as_select())
        .load(conn)
}

/// Takes the default away from the user's default address, if any.
fn clear_default(conn: &mut DbConnection, user_id: &UserId) -> QueryResult<usize> {
    diesel::update(
        addresses::table
            .filter(addresses::user_id.eq(user_id))
            .filter(addresses::is_default.eq(true)),
    )
    .set(addresses::is_default.eq(false))
    .execute(conn)
}

/// Makes `address_id` the user's one default. The old default is cleared by a statement of its
/// own first, since the unique index is checked row by row.
fn make_default(
    conn: &mut DbConnection,
    user_id: &UserId,
    address_id: &AddressId,
) -> QueryResult<()> {
    clear_default(conn, user_id)?;
    diesel::update(
        addresses::table
            .filter(addresses::user_id.eq(user_id))
            .filter(addresses::id.eq(address_id)),
    )
    .set(addresses::is_default.eq(true))
    .execute(conn)?;
    Ok(())
}

impl Store {
    /// The user's addresses: the default first, then the newest first.
    pub fn addresses(&self, user_id: &UserId) -> Result<Vec<AddressRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(load(&mut conn, user_id)?)
    }

    /// Saves `address` for its user. `admit` is told how many addresses the user has saved
    /// and answers whether this one becomes the default (it then replaces
    /// `address.is_default`, and any other default stops being one), or why it may not be
    /// saved. Answers the saved address, or `admit`'s refusal (nothing is written then);
    /// `None` when no live user has the address's `user_id`.
    pub fn add_address<E>(
        &self,
        address: &AddressRecord,
        admit: impl FnOnce(usize) -> Result<bool, E>,
    ) -> Result<Option<Result<AddressRecord, E>>, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            if !lock_owner(conn, &address.user_id)? {
                return Ok(None);
            }
            let saved: i64 = addresses::table
                .filter(addresses::user_id.eq(&address.user_id))
                .count()
                .get_result(conn)?;
            let is_default = match admit(usize::try_from(saved).unwrap_or(usize::MAX)) {
                Ok(is_default) => is_default,
                Err(refusal) => return Ok(Some(Err(refusal))),
            };
            if is_default {
                clear_default(conn, &address.user_id)?;
            }
            let record = AddressRecord {
                is_default,
                ..address.clone()
            };
            diesel::insert_into(addresses::table)
                .values(&record)
                .execute(conn)?;
            Ok(Some(Ok(record)))
        })
    }

    /// Makes one of the user's addresses their default, and every other one not. `None` when
    /// the user has no address with that id (or no live user has that id).
    pub fn set_default_address(
        &self,
        user_id: &UserId,
        address_id: &AddressId,
    ) -> Result<Option<AddressRecord>, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            if !lock_owner(conn, user_id)? {
                return Ok(None);
            }
            let found: Option<AddressRecord> = addresses::table
                .filter(addresses::user_id.eq(user_id))
                .filter(addresses::id.eq(address_id))
                .select(AddressRecord::as_select())
                .first(conn)
                .optional()?;
            let Some(address) = found else {
                return Ok(None);
            };
            make_default(conn, user_id, address_id)?;
            Ok(Some(AddressRecord {
                is_default: true,
                ..address
            }))
        })
    }

    /// Deletes one of the user's addresses. When it was the default, `next_default` is given
    /// the addresses that remain and names the one to become the default. `false` when the
    /// user has no address with that id (or no live user has that id).
    pub fn delete_address(
        &self,
        user_id: &UserId,
        address_id: &AddressId,
        next_default: impl FnOnce(&[AddressRecord]) -> Option<AddressId>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            if !lock_owner(conn, user_id)? {
                return Ok(false);
            }
            let was_default: Option<bool> = addresses::table
                .filter(addresses::user_id.eq(user_id))
                .filter(addresses::id.eq(address_id))
                .select(addresses::is_default)
                .first(conn)
                .optional()?;
            let Some(was_default) = was_default else {
                return Ok(false);
            };
            diesel::delete(
                addresses::table
                    .filter(addresses::user_id.eq(user_id))
                    .filter(addresses::id.eq(address_id)),
            )
            .execute(conn)?;
            if was_default && let Some(next) = next_default(&load(conn, user_id)?) {
                make_default(conn, user_id, &next)?;
            }
            Ok(true)
        })
    }
}
