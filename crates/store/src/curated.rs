//! The curated list (wishlist): which products a shopper keeps, and since when.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use crate::ids::{ProductId, UserId};
use crate::schema::curated_list;
use crate::{Store, StoreError};

impl Store {
    /// The shopper's list, newest first: (product, added at).
    pub fn curated_list(
        &self,
        user_id: &UserId,
    ) -> Result<Vec<(ProductId, NaiveDateTime)>, StoreError> {
        let mut conn = self.conn()?;
        Ok(curated_list::table
            .filter(curated_list::user_id.eq(user_id))
            .order((
                curated_list::added_at.desc(),
                curated_list::product_id.desc(),
            ))
            .select((curated_list::product_id, curated_list::added_at))
            .load(&mut conn)?)
    }

    /// Adds a product; `false` when it was in the list already (nothing changes then).
    pub fn add_to_curated_list(
        &self,
        user_id: &UserId,
        product_id: &ProductId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        let row = (
            curated_list::user_id.eq(user_id),
            curated_list::product_id.eq(product_id),
            curated_list::added_at.eq(now.naive_utc()),
        );
        let added = per_backend!(conn, |c| diesel::insert_into(curated_list::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c))?;
        Ok(added == 1)
    }

    /// Removes a product; `false` when it was not in the list.
    pub fn remove_from_curated_list(
        &self,
        user_id: &UserId,
        product_id: &ProductId,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        let removed =
            diesel::delete(curated_list::table.find((user_id, product_id))).execute(&mut conn)?;
        Ok(removed == 1)
    }
}
