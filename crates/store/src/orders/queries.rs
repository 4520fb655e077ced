//! Reading orders: by id, by payment, a shopper's and a brand's.

use diesel::prelude::*;

use super::{OrderRecord, Stage, StoredOrder, assemble, load_order};
use crate::columns::Stored;
use crate::ids::{BrandId, OrderId, UserId};
use crate::schema::orders;
use crate::{Store, StoreError};

impl Store {
    /// The order with that id, any stage.
    pub fn order(&self, order_id: &OrderId) -> Result<Option<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        Ok(load_order(&mut conn, order_id)?)
    }

    /// The order paid through the payment service's order `provider_order_id`.
    pub fn order_by_provider_order(
        &self,
        provider_order_id: &str,
    ) -> Result<Option<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let id: Option<OrderId> = orders::table
            .filter(orders::provider_order_id.eq(provider_order_id))
            .select(orders::id)
            .first(&mut conn)
            .optional()?;
        match id {
            Some(id) => Ok(load_order(&mut conn, &id)?),
            None => Ok(None),
        }
    }

    /// The placed order of `user_id` paid by `payment_id`.
    pub fn order_by_payment(
        &self,
        user_id: &UserId,
        payment_id: &str,
    ) -> Result<Option<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let id: Option<OrderId> = orders::table
            .filter(orders::payment_id.eq(payment_id))
            .filter(orders::user_id.eq(user_id))
            .filter(orders::stage.eq(Stored(Stage::Placed)))
            .select(orders::id)
            .first(&mut conn)
            .optional()?;
        match id {
            Some(id) => Ok(load_order(&mut conn, &id)?),
            None => Ok(None),
        }
    }

    /// The shopper's placed orders, newest first.
    pub fn orders_of_user(&self, user_id: &UserId) -> Result<Vec<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let records = orders::table
            .filter(orders::user_id.eq(user_id))
            .filter(orders::stage.eq(Stored(Stage::Placed)))
            .order((orders::created_at.desc(), orders::id.desc()))
            .select(OrderRecord::as_select())
            .load(&mut conn)?;
        Ok(assemble(&mut conn, records)?)
    }

    /// Placed orders of one brand (every brand's for `None`), newest first, at most `limit`,
    /// only those in `delivery_status` when given.
    pub fn orders_of_brand(
        &self,
        brand_id: Option<&BrandId>,
        delivery_status: Option<&str>,
        limit: i64,
    ) -> Result<Vec<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = orders::table
            .filter(orders::stage.eq(Stored(Stage::Placed)))
            .into_boxed();
        if let Some(brand) = brand_id {
            query = query.filter(orders::brand_id.eq(brand.clone()));
        }
        if let Some(status) = delivery_status {
            query = query.filter(orders::delivery_status.eq(status.to_owned()));
        }
        let records = query
            .order((orders::created_at.desc(), orders::id.desc()))
            .limit(limit)
            .select(OrderRecord::as_select())
            .load(&mut conn)?;
        Ok(assemble(&mut conn, records)?)
    }
}
