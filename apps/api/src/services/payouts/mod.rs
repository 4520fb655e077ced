//! Payouts (docs/http-api.md, "Payouts"; the rule in docs/requirements.md, "Payouts"): a
//! brand's month (its orders, refunds, commission and what it is paid), its CSV, every brand's
//! month for admins, and an admin recording a month paid, which freezes it.
//!
//! The arithmetic is the `payouts` crate's; this module reads what it needs from the store: the
//! brand's rate, its latest paid month before the one asked (whose frozen carry starts the
//! fold) and its orders and refunds since.

pub mod wire;

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use payouts::{Month, Rate, Statement, Status};
use serde::{Deserialize, Serialize};
use store::ids::BrandId;

use crate::auth::Caller;
use crate::services::console::{Change, ConsoleError, Manager};
use crate::state::AppState;
pub use wire::{
    CsvFile, MonthQuery, PaidBody, Payout, PayoutAnswer, PayoutList, PayoutOrder, PayoutQuery,
};

/// The longest payment reference.
pub const MAX_REFERENCE: usize = 100;

/// Why a payouts call is refused.
#[derive(Debug, thiserror::Error)]
pub enum PayoutsError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    /// The month has not ended: nothing is due yet (409).
    #[error("{0} has not ended yet: its payout is recorded once the month is over.")]
    MonthOpen(String),
    /// The month is paid already (409).
    #[error("The payout of {0} is recorded already.")]
    AlreadyPaid(String),
}

impl From<store::StoreError> for PayoutsError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(ConsoleError::Store(e))
    }
}

impl From<diesel::result::Error> for PayoutsError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Console(ConsoleError::Store(e.into()))
    }
}

fn invalid(field: &str, message: impl ToString) -> PayoutsError {
    ConsoleError::Invalid(BTreeMap::from([(field.to_owned(), message.to_string())])).into()
}

/// The month asked (`YYYY-MM`, exactly as the documented pattern says), this IST month when
/// none is.
fn month_of(raw: Option<&str>, now: DateTime<Utc>) -> Result<Month, PayoutsError> {
    match raw.filter(|m| !m.is_empty()) {
        None => Ok(Month::of(now)),
        Some(text) => text.parse().map_err(|e| invalid("month", e)),
    }
}

/// A frozen line, as the payouts table keeps it.
#[derive(Debug, Serialize, Deserialize)]
struct FrozenLine {
    #[serde(rename = "orderId")]
    order_id: String,
    #[serde(rename = "placedAt")]
    placed_at: DateTime<Utc>,
    total: i64,
    refunded: i64,
    commission: i64,
}

/// A month computed or as paid.
struct Computed {
    brand_id: String,
    brand_name: String,
    statement: Statement,
    status: Status,
    paid_at: Option<DateTime<Utc>>,
    reference: Option<String>,
}

impl Computed {
    fn frozen(record: &store::PayoutRecord, month: Month) -> Self {
        let lines: Vec<FrozenLine> = serde_json::from_str(&record.lines).unwrap_or_default();
        Self {
            brand_id: record.brand_id.clone(),
            brand_name: record.brand_name.clone(),
            statement: Statement {
                month,
                rate: Rate::from_bp(record.commission_rate_bp).unwrap_or_default(),
                gross: record.gross_paise,
                refunds: record.refunds_paise,
                commission: record.commission_paise,
                carried_in: record.carried_in_paise,
                payout: record.payout_paise,
                carried_out: record.carried_out_paise,
                lines: lines
                    .into_iter()
                    .map(|l| payouts::Line {
                        order_id: l.order_id,
                        placed_at: l.placed_at,
                        total: l.total,
                        refunded: l.refunded,
                        commission: l.commission,
                    })
                    .collect(),
            },
            status: Status::Paid,
            paid_at: Some(record.paid_at.and_utc()),
            reference: Some(record.reference.clone()),
        }
    }

    fn wire(&self, with_orders: bool) -> Payout {
        let s = &self.statement;
        Payout {
            brand_id: self.brand_id.clone(),
            brand_name: self.brand_name.clone(),
            month: s.month.to_string(),
            gross: wire::money(s.gross),
            refunds: wire::money(s.refunds),
            commission_rate: s.rate.percent(),
            commission: wire::money(s.commission),
            carried_in: wire::money(s.carried_in),
            payout: wire::money(s.payout),
            carried_out: wire::money(s.carried_out),
            status: self.status.as_str().to_owned(),
            paid_at: self.paid_at,
            reference: self.reference.clone(),
            orders: with_orders.then(|| {
                s.lines
                    .iter()
                    .map(|l| PayoutOrder {
                        order_id: l.order_id.clone(),
                        placed_at: l.placed_at,
                        total: wire::money(l.total),
                        refunded: wire::money(l.refunded),
                        commission: wire::money(l.commission),
                    })
                    .collect()
            }),
        }
    }
}

/// The brand's `month` at `now`: as paid when it is, else computed from the latest paid month
/// before it (or the brand's first sale) at the brand's rate. `None`: no such brand.
fn compute(
    store: &store::Store,
    brand_id: &BrandId,
    month: Month,
    now: DateTime<Utc>,
) -> Result<Option<Computed>, store::StoreError> {
    let Some((brand_name, bp)) = store.brand_commission(brand_id)? else {
        return Ok(None);
    };
    if let Some(paid) = store.payout(brand_id, &month.to_string())? {
        return Ok(Some(Computed::frozen(&paid, month)));
    }
    let (first, carried_in) = match store.payout_before(brand_id, &month.to_string())? {
        Some(paid) => (
            paid.month.parse::<Month>().map_or(month, Month::next),
            paid.carried_out_paise,
        ),
        None => (
            store
                .first_sale_at(brand_id)?
                .map_or(month, |at| Month::of(at.and_utc())),
            0,
        ),
    };
    let first = first.min(month);
    let (sales, refunds) = store.payout_history(
        brand_id,
        first.starts_at().naive_utc(),
        month.ends_at().naive_utc(),
    )?;
    let sales: Vec<payouts::Sale> = sales
        .into_iter()
        .map(|s| payouts::Sale {
            order_id: s.order_id,
            placed_at: s.placed_at.and_utc(),
            total: s.total_paise,
        })
        .collect();
    let refunds: Vec<payouts::Refund> = refunds
        .into_iter()
        .map(|r| payouts::Refund {
            order_id: r.order_id,
            placed_at: r.placed_at.and_utc(),
            completed_at: r.completed_at.and_utc(),
            amount: r.amount_paise,
        })
        .collect();
    let rate = Rate::from_bp(bp).unwrap_or_default();
    Ok(Some(Computed {
        brand_id: brand_id.to_string(),
        brand_name,
        statement: Statement::through(first, month, rate, carried_in, &sales, &refunds),
        status: Status::of(month, now, false),
        paid_at: None,
        reference: None,
    }))
}

/// The brand and month a brand call asks for.
fn asked(
    caller: &Caller,
    query: &PayoutQuery,
    now: DateTime<Utc>,
) -> Result<(BrandId, Month), PayoutsError> {
    let manager = Manager::of(caller)?;
    let brand = manager
        .scope
        .brand_for(query.brand_id.as_deref())
        .map_err(ConsoleError::from)?;
    let month = month_of(query.month.as_deref(), now)?;
    Ok((BrandId::new(brand), month))
}

async fn computed(
    state: &AppState,
    brand: BrandId,
    month: Month,
    now: DateTime<Utc>,
) -> Result<Computed, PayoutsError> {
    state
        .db(move |store| compute(store, &brand, month, now))
        .await?
        .ok_or_else(|| ConsoleError::NotFound("Brand").into())
}

/// The brand's month (a brand user's own; an admin names `brandId`), with its orders.
pub async fn brand_payout(
    state: &AppState,
    caller: &Caller,
    query: PayoutQuery,
) -> Result<Payout, PayoutsError> {
    let now = state.clock.now();
    let (brand, month) = asked(caller, &query, now)?;
    Ok(computed(state, brand, month, now).await?.wire(true))
}

/// The brand's month as CSV: one row per order, then the totals.
pub async fn brand_export(
    state: &AppState,
    caller: &Caller,
    query: PayoutQuery,
) -> Result<CsvFile, PayoutsError> {
    let now = state.clock.now();
    let (brand, month) = asked(caller, &query, now)?;
    let found = computed(state, brand, month, now).await?;
    Ok(CsvFile {
        filename: format!("payout-{month}.csv"),
        body: found.statement.to_csv(),
    })
}

/// Every brand with anything in the month (orders, refunds, or the month paid), by name.
pub async fn admin_list(
    state: &AppState,
    caller: &Caller,
    query: MonthQuery,
) -> Result<PayoutList, PayoutsError> {
    Manager::admin(caller)?;
    let now = state.clock.now();
    let month = month_of(query.month.as_deref(), now)?;
    let mut found = state
        .db(move |store| {
            let brands = store.payout_brands(
                &month.to_string(),
                month.starts_at().naive_utc(),
                month.ends_at().naive_utc(),
            )?;
            let mut all = Vec::with_capacity(brands.len());
            for brand in brands {
                all.extend(compute(store, &brand, month, now)?);
            }
            Ok::<_, store::StoreError>(all)
        })
        .await?;
    found.sort_by(|a, b| {
        (a.brand_name.to_lowercase(), &a.brand_id).cmp(&(b.brand_name.to_lowercase(), &b.brand_id))
    });
    Ok(PayoutList {
        success: true,
        month: month.to_string(),
        payouts: found.iter().map(|c| c.wire(false)).collect(),
    })
}

/// Records the brand's ended month as paid with the payment's `reference`: its figures and
/// lines are frozen, in one transaction with the audit row.
pub async fn record_paid(
    state: &AppState,
    caller: &Caller,
    brand_id: String,
    month: String,
    body: PaidBody,
) -> Result<Payout, PayoutsError> {
    let manager = Manager::admin(caller)?;
    let now = state.clock.now();
    let month: Month = month.parse().map_err(|e| invalid("month", e))?;
    let reference = body.reference.as_deref().map(str::trim).unwrap_or_default();
    if reference.is_empty() {
        return Err(invalid("reference", "Give the payment's reference."));
    }
    if reference.chars().count() > MAX_REFERENCE {
        return Err(invalid(
            "reference",
            format!("The reference has at most {MAX_REFERENCE} characters."),
        ));
    }
    if !month.ended(now) {
        return Err(PayoutsError::MonthOpen(month.to_string()));
    }
    let reference = reference.to_owned();
    let brand = BrandId::new(brand_id);
    let paid = state
        .db(move |store| {
            let found =
                compute(store, &brand, month, now)?.ok_or(ConsoleError::NotFound("Brand"))?;
            if found.status == Status::Paid {
                return Err(PayoutsError::AlreadyPaid(month.to_string()));
            }
            let s = &found.statement;
            let lines: Vec<FrozenLine> = s
                .lines
                .iter()
                .map(|l| FrozenLine {
                    order_id: l.order_id.clone(),
                    placed_at: l.placed_at,
                    total: l.total,
                    refunded: l.refunded,
                    commission: l.commission,
                })
                .collect();
            let record = store::PayoutRecord {
                brand_id: found.brand_id.clone(),
                month: month.to_string(),
                brand_name: found.brand_name.clone(),
                commission_rate_bp: i64::from(s.rate.bp()),
                gross_paise: s.gross,
                refunds_paise: s.refunds,
                commission_paise: s.commission,
                carried_in_paise: s.carried_in,
                payout_paise: s.payout,
                carried_out_paise: s.carried_out,
                lines: serde_json::to_string(&lines).unwrap_or_else(|_| "[]".to_owned()),
                reference,
                paid_at: now.naive_utc(),
                paid_by: manager.actor_id.clone(),
                paid_by_email: manager.actor_email.clone(),
            };
            let paid = Computed::frozen(&record, month);
            let after = paid.wire(false);
            let entity_id = format!("{}/{month}", record.brand_id);
            store.in_transaction(|conn| {
                if !store::insert_payout(conn, &record)? {
                    return Err(PayoutsError::AlreadyPaid(month.to_string()));
                }
                let change = Change {
                    action: "pay",
                    entity: "payout",
                    entity_id: &entity_id,
                    brand_id: Some(&record.brand_id),
                };
                store::write_audit(conn, &manager.audit(now, change, None::<&()>, Some(&after)))?;
                Ok(())
            })?;
            Ok(paid)
        })
        .await?;
    Ok(paid.wire(true))
}
