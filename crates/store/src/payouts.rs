//! Payouts: a brand's sales and completed refunds over a period (what a month's figures are
//! computed from), the months paid (frozen: never updated nor deleted), and the note of when
//! each refund completed, written in the transaction that records it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::{BrandId, OrderId};
use crate::schema::{brands, orders, payout_refunds, payouts};
use crate::{Store, StoreError};

/// A placed order of the brand: when, and its total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoutSale {
    pub order_id: String,
    pub placed_at: NaiveDateTime,
    pub total_paise: i64,
}

/// A completed refund of one of the brand's placed orders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoutRefund {
    pub order_id: String,
    pub placed_at: NaiveDateTime,
    pub completed_at: NaiveDateTime,
    pub amount_paise: i64,
}

/// A month paid, as it was paid.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = payouts)]
pub struct PayoutRecord {
    pub brand_id: String,
    /// `YYYY-MM`, in IST.
    pub month: String,
    pub brand_name: String,
    pub commission_rate_bp: i64,
    pub gross_paise: i64,
    pub refunds_paise: i64,
    pub commission_paise: i64,
    pub carried_in_paise: i64,
    pub payout_paise: i64,
    pub carried_out_paise: i64,
    /// The order lines as paid, JSON.
    pub lines: String,
    pub reference: String,
    pub paid_at: NaiveDateTime,
    pub paid_by: String,
    pub paid_by_email: Option<String>,
}

/// Records a month as paid, in the caller's transaction: `false` (nothing written) when the
/// month is paid already.
pub fn insert_payout(conn: &mut DbConnection, record: &PayoutRecord) -> QueryResult<bool> {
    let written = per_backend!(conn, |c| diesel::insert_into(payouts::table)
        .values(record)
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(written == 1)
}

/// The brand's paid `month`, read in the caller's transaction.
pub fn payout_of(
    conn: &mut DbConnection,
    brand_id: &BrandId,
    month: &str,
) -> QueryResult<Option<PayoutRecord>> {
    payouts::table
        .filter(payouts::brand_id.eq(brand_id.as_str()))
        .filter(payouts::month.eq(month))
        .select(PayoutRecord::as_select())
        .first(conn)
        .optional()
}

/// Notes when the refund of `order_id` completed, once, when the order is placed and its
/// refund is completed (called by the writes that record a refund's progress).
pub(crate) fn note_refund(
    conn: &mut DbConnection,
    order_id: &OrderId,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let Some((brand, stage, refund, total)) = orders::table
        .filter(orders::id.eq(order_id))
        .select((
            orders::brand_id,
            orders::stage,
            orders::refund_status,
            orders::total_paise,
        ))
        .first::<(String, String, String, i64)>(conn)
        .optional()?
    else {
        return Ok(());
    };
    if stage != "placed" || refund != ::orders::RefundStatus::Completed.as_str() {
        return Ok(());
    }
    per_backend!(conn, |c| diesel::insert_into(payout_refunds::table)
        .values((
            payout_refunds::order_id.eq(order_id.as_str()),
            payout_refunds::brand_id.eq(&brand),
            payout_refunds::completed_at.eq(now),
            payout_refunds::amount_paise.eq(total),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(())
}

impl Store {
    /// The brand's name and commission rate (basis points); `None` for no such brand.
    pub fn brand_commission(
        &self,
        brand_id: &BrandId,
    ) -> Result<Option<(String, i64)>, StoreError> {
        let mut conn = self.conn()?;
        Ok(brands::table
            .filter(brands::id.eq(brand_id))
            .select((brands::name, brands::commission_rate_bp))
            .first(&mut conn)
            .optional()?)
    }

    /// When the brand's first order was placed, if ever.
    pub fn first_sale_at(&self, brand_id: &BrandId) -> Result<Option<NaiveDateTime>, StoreError> {
        let mut conn = self.conn()?;
        Ok(orders::table
            .filter(orders::brand_id.eq(brand_id))
            .filter(orders::stage.eq("placed"))
            .select(diesel::dsl::min(orders::placed_at))
            .first::<Option<NaiveDateTime>>(&mut conn)?)
    }

    /// The brand's orders placed in `[from, to)` and its refunds completed in `[from, to)`.
    pub fn payout_history(
        &self,
        brand_id: &BrandId,
        from: NaiveDateTime,
        to: NaiveDateTime,
    ) -> Result<(Vec<PayoutSale>, Vec<PayoutRefund>), StoreError> {
        let mut conn = self.conn()?;
        let sales = orders::table
            .filter(orders::brand_id.eq(brand_id))
            .filter(orders::stage.eq("placed"))
            .filter(orders::placed_at.ge(from))
            .filter(orders::placed_at.lt(to))
            .select((orders::id, orders::placed_at, orders::total_paise))
            .load::<(String, Option<NaiveDateTime>, i64)>(&mut conn)?
            .into_iter()
            .filter_map(|(order_id, placed_at, total_paise)| {
                Some(PayoutSale {
                    order_id,
                    placed_at: placed_at?,
                    total_paise,
                })
            })
            .collect();
        let refunds = payout_refunds::table
            .inner_join(orders::table.on(orders::id.eq(payout_refunds::order_id)))
            .filter(payout_refunds::brand_id.eq(brand_id.as_str()))
            .filter(payout_refunds::completed_at.ge(from))
            .filter(payout_refunds::completed_at.lt(to))
            .select((
                payout_refunds::order_id,
                orders::placed_at,
                payout_refunds::completed_at,
                payout_refunds::amount_paise,
            ))
            .load::<(String, Option<NaiveDateTime>, NaiveDateTime, i64)>(&mut conn)?
            .into_iter()
            .map(
                |(order_id, placed_at, completed_at, amount_paise)| PayoutRefund {
                    order_id,
                    placed_at: placed_at.unwrap_or(completed_at),
                    completed_at,
                    amount_paise,
                },
            )
            .collect();
        Ok((sales, refunds))
    }

    /// The brand's paid `month`, if it is.
    pub fn payout(
        &self,
        brand_id: &BrandId,
        month: &str,
    ) -> Result<Option<PayoutRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(payout_of(&mut conn, brand_id, month)?)
    }

    /// The brand's latest paid month before `month`.
    pub fn payout_before(
        &self,
        brand_id: &BrandId,
        month: &str,
    ) -> Result<Option<PayoutRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(payouts::table
            .filter(payouts::brand_id.eq(brand_id.as_str()))
            .filter(payouts::month.lt(month))
            .order(payouts::month.desc())
            .select(PayoutRecord::as_select())
            .first(&mut conn)
            .optional()?)
    }

    /// The brands with anything in a month: orders placed or refunds completed in
    /// `[from, to)`, or the month (`month`) paid; by id.
    pub fn payout_brands(
        &self,
        month: &str,
        from: NaiveDateTime,
        to: NaiveDateTime,
    ) -> Result<Vec<BrandId>, StoreError> {
        let mut conn = self.conn()?;
        let mut found: Vec<String> = orders::table
            .filter(orders::stage.eq("placed"))
            .filter(orders::placed_at.ge(from))
            .filter(orders::placed_at.lt(to))
            .select(orders::brand_id)
            .distinct()
            .load(&mut conn)?;
        found.extend(
            payout_refunds::table
                .filter(payout_refunds::completed_at.ge(from))
                .filter(payout_refunds::completed_at.lt(to))
                .select(payout_refunds::brand_id)
                .distinct()
                .load::<String>(&mut conn)?,
        );
        found.extend(
            payouts::table
                .filter(payouts::month.eq(month))
                .select(payouts::brand_id)
                .load::<String>(&mut conn)?,
        );
        found.sort();
        found.dedup();
        Ok(found.into_iter().map(BrandId::new).collect())
    }
}
