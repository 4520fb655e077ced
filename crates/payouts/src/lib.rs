//! A brand's payouts, pure: no I/O and no clock (the caller passes `now`).
//!
//! A payout covers one calendar month in India's time zone ([`Month`], IST, UTC+5:30). Money is
//! whole paise (`i64`) throughout.
//!
//! **The rule** (docs/requirements.md, "Payouts"):
//! - *gross*: the totals of the brand's orders placed in the month;
//! - *refunds*: the refunds completed in the month, whichever month their order was placed in
//!   (a refund completed after its order's month ended, paid or not, is carried into the month
//!   it completed: a month once ended never changes);
//! - *commission*, per order line of the month: `(total − refunded) × rate`, rounded to the
//!   paise half away from zero (so a refund carried into a later month at the same rate gives
//!   back exactly the commission its order was charged); the month's commission is the sum of
//!   its lines';
//! - *payout* = gross − refunds − commission − carried in, never below zero: a month whose
//!   refunds exceed its sales carries the difference (*carried out*) into the next month.
//!
//! A month is [`Status::Open`] until it ends, then [`Status::Due`] until an admin records its
//! payout, then [`Status::Paid`] (frozen by the caller, never recomputed).

use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, TimeZone, Utc};

/// India's offset from UTC in seconds (+5:30).
const IST_SECONDS: i32 = 5 * 3600 + 30 * 60;

fn ist() -> FixedOffset {
    FixedOffset::east_opt(IST_SECONDS).expect("a valid offset")
}

/// A calendar month in IST, from 1970-01 to 9999-12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    year: i32,
    month: u32,
}

/// A month that is not `YYYY-MM` (from 1970-01 to 9999-12).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Use a month as YYYY-MM, e.g. 2026-11.")]
pub struct BadMonth;

impl Month {
    /// The month of `year` (1970..=9999) and `month` (1..=12).
    pub fn new(year: i32, month: u32) -> Result<Self, BadMonth> {
        if (1970..=9999).contains(&year) && (1..=12).contains(&month) {
            Ok(Self { year, month })
        } else {
            Err(BadMonth)
        }
    }

    /// The IST month `at` falls in.
    pub fn of(at: DateTime<Utc>) -> Self {
        let local = at.with_timezone(&ist());
        Self {
            year: local.year().clamp(1970, 9999),
            month: local.month(),
        }
    }

    pub fn year(self) -> i32 {
        self.year
    }

    pub fn month(self) -> u32 {
        self.month
    }

    /// The month after this one (9999-12 stays itself).
    pub fn next(self) -> Self {
        match (self.year, self.month) {
            (9999, 12) => self,
            (y, 12) => Self {
                year: y + 1,
                month: 1,
            },
            (y, m) => Self {
                year: y,
                month: m + 1,
            },
        }
    }

    /// The month before this one (1970-01 stays itself).
    pub fn prev(self) -> Self {
        match (self.year, self.month) {
            (1970, 1) => self,
            (y, 1) => Self {
                year: y - 1,
                month: 12,
            },
            (y, m) => Self {
                year: y,
                month: m - 1,
            },
        }
    }

    /// The instant the month starts: midnight IST of its first day.
    pub fn starts_at(self) -> DateTime<Utc> {
        let day = NaiveDate::from_ymd_opt(self.year, self.month, 1).expect("a valid month");
        ist()
            .from_local_datetime(&day.and_hms_opt(0, 0, 0).expect("midnight"))
            .single()
            .expect("a fixed offset has one local time")
            .with_timezone(&Utc)
    }

    /// The instant the month ends (exclusive): the next month's start.
    pub fn ends_at(self) -> DateTime<Utc> {
        if (self.year, self.month) == (9999, 12) {
            return ist()
                .with_ymd_and_hms(10000, 1, 1, 0, 0, 0)
                .single()
                .expect("in range")
                .with_timezone(&Utc);
        }
        self.next().starts_at()
    }

    /// Whether `at` falls in the month.
    pub fn contains(self, at: DateTime<Utc>) -> bool {
        self.starts_at() <= at && at < self.ends_at()
    }

    /// Whether the month has ended by `now`.
    pub fn ended(self, now: DateTime<Utc>) -> bool {
        now >= self.ends_at()
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl FromStr for Month {
    type Err = BadMonth;

    /// Exactly `YYYY-MM`.
    fn from_str(text: &str) -> Result<Self, BadMonth> {
        let bytes = text.as_bytes();
        if bytes.len() != 7
            || bytes[4] != b'-'
            || !bytes
                .iter()
                .enumerate()
                .all(|(i, b)| i == 4 || b.is_ascii_digit())
        {
            return Err(BadMonth);
        }
        let year = text[..4].parse().map_err(|_| BadMonth)?;
        let month = text[5..].parse().map_err(|_| BadMonth)?;
        Self::new(year, month)
    }
}

/// A commission rate in basis points (1/100 of a percent), from 0 to 50%.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Rate(u32);

/// The highest rate: 50%.
pub const MAX_RATE_BP: u32 = 5_000;

/// A commission rate out of bounds or too precise.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    #[error("The commission rate is a percentage from 0 to 50.")]
    OutOfRange,
    #[error("The commission rate has at most 2 decimals.")]
    TooPrecise,
}

impl Rate {
    /// A rate of `bp` basis points (0 to 5,000).
    pub fn from_bp(bp: i64) -> Result<Self, RateError> {
        u32::try_from(bp)
            .ok()
            .filter(|bp| *bp <= MAX_RATE_BP)
            .map(Self)
            .ok_or(RateError::OutOfRange)
    }

    /// A rate given as a percentage (`12.5` is 12.5%) with at most 2 decimals.
    pub fn from_percent(percent: f64) -> Result<Self, RateError> {
        if !percent.is_finite() || !(0.0..=50.0).contains(&percent) {
            return Err(RateError::OutOfRange);
        }
        let scaled = percent * 100.0;
        let bp = scaled.round();
        if (scaled - bp).abs() > 1e-6 {
            return Err(RateError::TooPrecise);
        }
        // In 0..=5000 after the range check above.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Self::from_bp(bp as i64)
    }

    pub fn bp(self) -> u32 {
        self.0
    }

    /// The rate as a percentage (`1250` bp is `12.5`).
    pub fn percent(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

/// `paise × rate`, rounded to the paise half away from zero.
pub fn commission(paise: i64, rate: Rate) -> i64 {
    let scaled = i128::from(paise) * i128::from(rate.0);
    let magnitude = (scaled.abs() + 5_000) / 10_000;
    let signed = if scaled < 0 { -magnitude } else { magnitude };
    i64::try_from(signed).unwrap_or(if signed < 0 { i64::MIN } else { i64::MAX })
}

/// Whether a month's payout is still accruing, owed or paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The month has not ended.
    Open,
    /// Ended, not yet paid.
    Due,
    /// Paid: its figures are frozen.
    Paid,
}

impl Status {
    /// The status of `month` at `now`, `paid` when its payout is recorded.
    pub fn of(month: Month, now: DateTime<Utc>, paid: bool) -> Self {
        if paid {
            Self::Paid
        } else if month.ended(now) {
            Self::Due
        } else {
            Self::Open
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Due => "due",
            Self::Paid => "paid",
        }
    }
}

/// A placed order of the brand: its total counts in the month it was placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sale {
    pub order_id: String,
    pub placed_at: DateTime<Utc>,
    pub total: i64,
}

/// A completed refund of one of the brand's placed orders: it counts in the month it completed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub order_id: String,
    /// When its order was placed (shown on the line).
    pub placed_at: DateTime<Utc>,
    pub completed_at: DateTime<Utc>,
    pub amount: i64,
}

/// One order's part in a month: its total when placed in the month, its refund when the refund
/// completed in the month (an order placed earlier shows a total of 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub order_id: String,
    pub placed_at: DateTime<Utc>,
    pub total: i64,
    pub refunded: i64,
    /// `(total − refunded) × rate`, negative when a carried refund gives commission back.
    pub commission: i64,
}

/// A month's figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub month: Month,
    pub rate: Rate,
    pub gross: i64,
    pub refunds: i64,
    pub commission: i64,
    /// What earlier months' refunds left owing (≥ 0), taken off this month's payout.
    pub carried_in: i64,
    /// What the brand is paid (≥ 0).
    pub payout: i64,
    /// What this month leaves owing to the next (≥ 0; 0 when `payout` > 0).
    pub carried_out: i64,
    /// By the order's placing time, then id.
    pub lines: Vec<Line>,
}

impl Statement {
    /// The statement of `month` at `rate`, with `carried_in` owing from earlier months, from
    /// the brand's sales and refunds (those of other months are ignored).
    pub fn of(
        month: Month,
        rate: Rate,
        carried_in: i64,
        sales: &[Sale],
        refunds: &[Refund],
    ) -> Self {
        let mut lines: Vec<Line> = sales
            .iter()
            .filter(|s| month.contains(s.placed_at))
            .map(|s| Line {
                order_id: s.order_id.clone(),
                placed_at: s.placed_at,
                total: s.total,
                refunded: 0,
                commission: 0,
            })
            .collect();
        for refund in refunds.iter().filter(|r| month.contains(r.completed_at)) {
            if let Some(line) = lines.iter_mut().find(|l| l.order_id == refund.order_id) {
                line.refunded = line.refunded.saturating_add(refund.amount);
            } else {
                lines.push(Line {
                    order_id: refund.order_id.clone(),
                    placed_at: refund.placed_at,
                    total: 0,
                    refunded: refund.amount,
                    commission: 0,
                });
            }
        }
        lines.sort_by(|a, b| (a.placed_at, &a.order_id).cmp(&(b.placed_at, &b.order_id)));
        let (mut gross, mut refunded, mut charged) = (0i64, 0i64, 0i64);
        for line in &mut lines {
            line.commission = commission(line.total.saturating_sub(line.refunded), rate);
            gross = gross.saturating_add(line.total);
            refunded = refunded.saturating_add(line.refunded);
            charged = charged.saturating_add(line.commission);
        }
        let carried_in = carried_in.max(0);
        let balance = gross
            .saturating_sub(refunded)
            .saturating_sub(charged)
            .saturating_sub(carried_in);
        Self {
            month,
            rate,
            gross,
            refunds: refunded,
            commission: charged,
            carried_in,
            payout: balance.max(0),
            carried_out: balance.min(0).saturating_neg(),
            lines,
        }
    }

    /// The statement of `target`, folding every month from `first` (whose carried-in amount is
    /// `carried_in`) up to it, each at `rate`. `first` after `target` gives `target` alone.
    /// Only the months with sales or refunds are computed: a month without any carries its
    /// carried-in amount on unchanged (it pays nothing), so the fold costs the history's size,
    /// not the number of months (a month far ahead is as cheap as this one).
    pub fn through(
        first: Month,
        target: Month,
        rate: Rate,
        carried_in: i64,
        sales: &[Sale],
        refunds: &[Refund],
    ) -> Self {
        let first = first.min(target);
        let mut active: Vec<Month> = sales
            .iter()
            .map(|s| Month::of(s.placed_at))
            .chain(refunds.iter().map(|r| Month::of(r.completed_at)))
            .filter(|m| first <= *m && *m < target)
            .collect();
        active.sort_unstable();
        active.dedup();
        let mut carry = carried_in.max(0);
        for month in active {
            carry = Self::of(month, rate, carry, sales, refunds).carried_out;
        }
        Self::of(target, rate, carry, sales, refunds)
    }

    /// The statement as CSV: a header, one row per order line, then a totals row. Money in
    /// rupees with two decimals; times ISO-8601 UTC.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("orderId,placedAt,total,refunded,commission,net\r\n");
        for line in &self.lines {
            let net = line.total - line.refunded - line.commission;
            out.push_str(&format!(
                "{},{},{},{},{},{}\r\n",
                csv_field(&line.order_id),
                line.placed_at
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                rupees(line.total),
                rupees(line.refunded),
                rupees(line.commission),
                rupees(net),
            ));
        }
        out.push_str(&format!(
            "Total,,{},{},{},{}\r\n",
            rupees(self.gross),
            rupees(self.refunds),
            rupees(self.commission),
            rupees(self.gross - self.refunds - self.commission),
        ));
        out
    }
}

/// A CSV field quoted when it needs to be, and never read as a formula by a spreadsheet.
fn csv_field(text: &str) -> String {
    let guarded = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if guarded.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// Paise as rupees with two decimals: `-1250` is `"-12.50"`.
pub fn rupees(paise: i64) -> String {
    let sign = if paise < 0 { "-" } else { "" };
    let abs = paise.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::float_cmp)]
mod tests;
