//! The brand console's coupons (docs/http-api.md, "Console coupons"): a brand's coupons with
//! every rule the pricing crate knows (a percentage of 1 to 100 with an optional cap, or a flat
//! amount above zero; a minimum order value; a validity window; a total and a per-shopper usage
//! limit; the brand; on or off), and the products each is assigned to (a product's
//! `assigned_coupon`, used for its displayed price).
//!
//! A coupon is always of one brand here: the brand user's own, or the one an admin names. A
//! write changes the catalogue's change feed (`None`: coupons are loaded with the whole
//! catalogue, and each product whose assignment changed its own row) and leaves one audit row,
//! in one transaction. Validate-cart and My Offers read coupons from the database, so a change
//! applies to them at once; a product's `assigned_coupon` shows it once the feed is followed.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use pricing::{CouponCode, CouponDiscount, CouponError, Money, Percent};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::{Change, ConsoleError, Manager, required_version};
use crate::auth::Caller;
use crate::services::input::whole_json_number;
use crate::state::AppState;
use crate::wire::Decimal;

/// Longest title.
pub const MAX_TITLE_CHARS: usize = 100;
/// Most products one coupon is assigned to in one request.
pub const MAX_PRODUCTS: usize = 1_000;
/// Largest flat discount, in rupees.
pub const MAX_FLAT_RUPEES: i32 = 100_000;
/// Largest minimum order value, in rupees.
pub const MAX_MIN_ORDER_RUPEES: i32 = 10_000_000;
/// Largest total usage limit.
pub const MAX_USAGE_LIMIT: u32 = 10_000_000;
/// Largest per-shopper usage limit.
pub const MAX_PER_USER_LIMIT: u32 = 1_000;

/// Why a coupon call is refused.
#[derive(Debug, thiserror::Error)]
pub enum CouponsError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    /// Another coupon (of any brand) has this code.
    #[error("The code {0} is already used by another coupon. Choose another code.")]
    CodeTaken(String),
}

impl From<store::StoreError> for CouponsError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(e.into())
    }
}

/// A coupon's brand.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CouponBrand {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A coupon as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConsoleCoupon {
    #[serde(rename = "_id")]
    pub id: String,
    pub coupon_code: String,
    pub title: String,
    /// "percentage" or "flat".
    pub discount_type: &'static str,
    /// The percentage (a whole number) for `percentage`; rupees (a number) for `flat`.
    #[schema(value_type = f64)]
    pub discount_value: Value,
    /// A percentage's cap; null for none (and always for `flat`).
    pub max_discount_amount: Option<Decimal>,
    pub min_order_value: Decimal,
    /// Null: valid from the start.
    pub valid_from: Option<DateTime<Utc>>,
    /// Null: never expires.
    pub valid_until: Option<DateTime<Utc>>,
    /// Orders that may use it in all; null for no limit.
    pub usage_limit: Option<i64>,
    /// Orders of one shopper that may use it; null for no limit.
    pub per_user_limit: Option<i64>,
    /// Orders that have used it.
    pub times_used: i64,
    /// The ids of the products it is assigned to.
    pub products: Vec<String>,
    pub is_active: bool,
    /// Active and inside its window now.
    pub is_currently_valid: bool,
    /// Null only for a shop-wide coupon (none is made here).
    pub brand: Option<CouponBrand>,
    pub version: i64,
}

impl ConsoleCoupon {
    fn of(stored: &store::ConsoleCoupon, now: DateTime<Utc>) -> Self {
        let r = &stored.record;
        let (discount_type, discount_value, max) = if r.discount_type == "percentage" {
            let cap = r
                .max_discount_paise
                .filter(|p| *p > 0)
                .map(Decimal::from_paise);
            ("percentage", Value::from(r.discount_value), cap)
        } else {
            ("flat", rupees_number(r.discount_value), None)
        };
        let (from, until) = r.window();
        Self {
            id: r.id.clone(),
            coupon_code: r.code.clone(),
            title: r.title.clone(),
            discount_type,
            discount_value,
            max_discount_amount: max,
            min_order_value: Decimal::from_paise(r.min_order_paise),
            valid_from: from.map(|t| t.and_utc()),
            valid_until: until.map(|t| t.and_utc()),
            usage_limit: r.usage_limit,
            per_user_limit: r.usage_limit_per_user,
            times_used: r.times_used,
            products: stored.products.clone(),
            is_active: r.is_active,
            is_currently_valid: r.terms().is_some_and(|t| t.is_currently_valid(now)),
            brand: r.brand_id.as_ref().map(|id| CouponBrand {
                id: id.to_string(),
                name: stored.brand_name.clone().unwrap_or_default(),
            }),
            version: r.version,
        }
    }
}

/// Paise as a JSON number of rupees: `200` for 20000, `199.5` for 19950.
fn rupees_number(paise: i64) -> Value {
    if paise % 100 == 0 {
        Value::from(paise / 100)
    } else {
        // Two decimals at most: the shortest float that reads back as this is what is written.
        Value::from(paise as f64 / 100.0)
    }
}

/// A field as sent: absent (`None`) is told apart from `null` (`Some(Value::Null)`).
fn sent<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// The body of `POST` (every field but `coupon_code`, `title`, `discount_type` and
/// `discount_value` optional) and `PATCH` (any subset, plus `version`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CouponInput {
    /// 1 to 32 letters, digits, `-` or `_`; stored upper-case; unique over every brand.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<String>)]
    pub coupon_code: Option<Value>,
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<String>)]
    pub title: Option<Value>,
    /// "percentage" or "flat" ("fixed" is read as "flat").
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<String>)]
    pub discount_type: Option<Value>,
    /// A whole percentage from 1 to 100, or rupees above 0 (a number, a decimal string or
    /// `{$numberDecimal}`).
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<f64>)]
    pub discount_value: Option<Value>,
    /// A percentage's cap in rupees, or null for none.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<f64>)]
    pub max_discount_amount: Option<Value>,
    /// Rupees, 0 (the default) or more.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<f64>)]
    pub min_order_value: Option<Value>,
    /// ISO-8601 (`2026-12-01T00:00:00Z`) or a day (`2026-12-01`: from its start), or null.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<String>)]
    pub valid_from: Option<Value>,
    /// ISO-8601 or a day (`2026-12-31`: to its end), or null for never expiring.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<String>)]
    pub valid_until: Option<Value>,
    /// Orders that may use it in all (at least 1), or null for no limit.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<i64>)]
    pub usage_limit: Option<Value>,
    /// Orders of one shopper that may use it (at least 1), or null for no limit.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<i64>)]
    pub per_user_limit: Option<Value>,
    /// The ids of the brand's products it is assigned to (all of them: the list replaces the
    /// one stored).
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<Vec<String>>)]
    pub products: Option<Value>,
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<bool>)]
    pub is_active: Option<Value>,
    /// The brand (admins; a brand user's own otherwise).
    #[serde(rename = "brandId")]
    pub brand_id: Option<String>,
    /// The version the edit read (`PATCH`; or `If-Match`).
    #[serde(default, deserialize_with = "crate::services::input::whole_version")]
    pub version: Option<i64>,
}

/// `?brandId=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct BrandQuery {
    /// The brand (admins; without it an admin lists every coupon).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// `{success, coupons}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponList {
    pub success: bool,
    pub coupons: Vec<ConsoleCoupon>,
}

/// `{success, coupon}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponAnswer {
    pub success: bool,
    pub coupon: ConsoleCoupon,
}

/// The checked terms of a coupon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponTerms {
    pub title: String,
    pub coupon: pricing::Coupon,
}

type Fields = BTreeMap<String, String>;

fn text(value: Option<&Value>) -> Option<&str> {
    match value {
        Some(Value::String(s)) => Some(s.as_str()),
        _ => None,
    }
}

fn is_none(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.trim().is_empty(),
        _ => false,
    }
}

/// A moment as sent: RFC 3339, a UTC date and time without an offset, or a day (its first
/// second for a start, its last for an end).
fn moment(raw: &str, end_of_day: bool) -> Option<DateTime<Utc>> {
    let raw = raw.trim();
    let parsed = DateTime::parse_from_rfc3339(raw)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            [
                "%Y-%m-%dT%H:%M:%S%.f",
                "%Y-%m-%dT%H:%M",
                "%Y-%m-%d %H:%M:%S",
            ]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
            .map(|t| t.and_utc())
        })
        .or_else(|| {
            let day = NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok()?;
            let time = if end_of_day {
                NaiveTime::from_hms_opt(23, 59, 59)?
            } else {
                NaiveTime::MIN
            };
            Some(day.and_time(time).and_utc())
        })?;
    // The columns' range, with room for the open ends stored beyond it.
    (2000..=9000)
        .contains(&chrono::Datelike::year(&parsed))
        .then_some(parsed)
}

fn limit(value: Option<&Value>, max: u32, field: &str, fields: &mut Fields) -> Option<u32> {
    if is_none(value) {
        return None;
    }
    match value.and_then(whole_json_number) {
        Some(n) if (1..=max).contains(&n) => Some(n),
        _ => {
            fields.insert(
                field.into(),
                format!("Enter a whole number from 1 to {max}, or leave it empty for no limit."),
            );
            None
        }
    }
}

fn amount(value: &Value, max_rupees: i32) -> Option<Money> {
    Money::parse_strict(value)
        .ok()
        .filter(|m| *m <= Money::from_rupees(max_rupees))
}

/// The coupon's terms from `input` (every field as it will be stored), each broken rule
/// reported under its field's wire name. `times_used` is the coupon's uses so far (0 for a
/// new one): the total limit may not go below it.
pub fn check_terms(input: &CouponInput, times_used: i64) -> Result<CouponTerms, Fields> {
    let mut fields = Fields::new();
    let code = match text(input.coupon_code.as_ref()).map(CouponCode::parse) {
        Some(Ok(code)) => Some(code),
        Some(Err(CouponError::Empty)) | None if is_none(input.coupon_code.as_ref()) => {
            fields.insert("coupon_code".into(), "Enter a coupon code.".into());
            None
        }
        _ => {
            fields.insert(
                "coupon_code".into(),
                "A code is 1 to 32 letters, digits, - or _.".into(),
            );
            None
        }
    };
    let title = text(input.title.as_ref()).map(str::trim).unwrap_or("");
    if title.is_empty() {
        fields.insert("title".into(), "Enter a title.".into());
    } else if let Err(e) = validation::at_most(title, MAX_TITLE_CHARS) {
        fields.insert("title".into(), e.to_string());
    }
    let kind = text(input.discount_type.as_ref()).map(|t| t.trim().to_ascii_lowercase());
    let percentage = match kind.as_deref() {
        Some("percentage") => Some(true),
        Some("flat" | "fixed") => Some(false),
        _ => {
            fields.insert("discount_type".into(), "Choose percentage or flat.".into());
            None
        }
    };
    let value = input.discount_value.as_ref().filter(|v| !v.is_null());
    let discount = match (percentage, value) {
        (Some(_), None) => {
            fields.insert("discount_value".into(), "Enter the discount.".into());
            None
        }
        (Some(true), Some(v)) => {
            let whole = Percent::parse_strict(v)
                .ok()
                .and_then(Percent::whole)
                .filter(|p| (1..=100).contains(p));
            let percent = whole.and_then(|p| Percent::from_whole(p).ok());
            if percent.is_none() {
                fields.insert(
                    "discount_value".into(),
                    "A percentage is a whole number from 1 to 100.".into(),
                );
            }
            percent.map(|percent| CouponDiscount::Percentage {
                percent,
                max_discount: None,
            })
        }
        (Some(false), Some(v)) => match amount(v, MAX_FLAT_RUPEES).filter(|m| m.is_positive()) {
            Some(m) => Some(CouponDiscount::Fixed(m)),
            None => {
                fields.insert(
                    "discount_value".into(),
                    format!(
                        "A flat discount is an amount above ₹0, at most {}.",
                        Money::from_rupees(MAX_FLAT_RUPEES)
                    ),
                );
                None
            }
        },
        (None, _) => None,
    };
    let sent_cap = input
        .max_discount_amount
        .as_ref()
        .filter(|v| !is_none(Some(v)));
    let cap = match (percentage, sent_cap) {
        (_, None) => None,
        (Some(false), Some(_)) => {
            fields.insert(
                "max_discount_amount".into(),
                "Only a percentage coupon has a maximum discount.".into(),
            );
            None
        }
        (_, Some(v)) => match amount(v, MAX_MIN_ORDER_RUPEES).filter(|m| m.is_positive()) {
            Some(m) => Some(m),
            None => {
                fields.insert(
                    "max_discount_amount".into(),
                    "A maximum discount is an amount above ₹0, or empty for none.".into(),
                );
                None
            }
        },
    };
    let min_order_value = match input.min_order_value.as_ref().filter(|v| !is_none(Some(v))) {
        None => Money::ZERO,
        Some(v) => amount(v, MAX_MIN_ORDER_RUPEES).unwrap_or_else(|| {
            fields.insert(
                "min_order_value".into(),
                format!(
                    "Enter an amount from ₹0 to {}.",
                    Money::from_rupees(MAX_MIN_ORDER_RUPEES)
                ),
            );
            Money::ZERO
        }),
    };
    let mut window = [None, None];
    for (slot, (field, value)) in [
        ("valid_from", &input.valid_from),
        ("valid_until", &input.valid_until),
    ]
    .into_iter()
    .enumerate()
    {
        if is_none(value.as_ref()) {
            continue;
        }
        match text(value.as_ref()).and_then(|raw| moment(raw, slot == 1)) {
            Some(at) => window[slot] = Some(at),
            None => {
                fields.insert(
                    field.into(),
                    "Enter a date like 2026-12-31 or 2026-12-31T18:30:00Z.".into(),
                );
            }
        }
    }
    let [valid_from, valid_until] = window;
    if let (Some(from), Some(until)) = (valid_from, valid_until)
        && from > until
    {
        fields.insert(
            "valid_until".into(),
            "The coupon must end on or after the day it starts.".into(),
        );
    }
    let usage_limit = limit(
        input.usage_limit.as_ref(),
        MAX_USAGE_LIMIT,
        "usage_limit",
        &mut fields,
    );
    if let Some(total) = usage_limit
        && i64::from(total) < times_used
    {
        fields.insert(
            "usage_limit".into(),
            format!("This coupon has been used {times_used} times: the limit cannot be lower."),
        );
    }
    let usage_limit_per_user = limit(
        input.per_user_limit.as_ref(),
        MAX_PER_USER_LIMIT,
        "per_user_limit",
        &mut fields,
    );
    let is_active = match input.is_active.as_ref() {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            fields.insert("is_active".into(), "Must be true or false.".into());
            true
        }
    };
    let (Some(code), Some(mut discount), true) = (code, discount, fields.is_empty()) else {
        return Err(fields);
    };
    if let CouponDiscount::Percentage { max_discount, .. } = &mut discount {
        *max_discount = cap;
    }
    Ok(CouponTerms {
        title: title.to_owned(),
        coupon: pricing::Coupon {
            code,
            discount,
            min_order_value,
            is_active,
            valid_from,
            valid_until,
            brand_id: None,
            usage_limit,
            usage_limit_per_user,
        },
    })
}

/// The `products` list as sent: ids, each once, at most [`MAX_PRODUCTS`]; absent is `None`.
fn product_ids(value: Option<&Value>, fields: &mut Fields) -> Option<Vec<String>> {
    let list = match value? {
        Value::Null => return Some(Vec::new()),
        Value::Array(items) => items,
        _ => {
            fields.insert("products".into(), "Send a list of product ids.".into());
            return None;
        }
    };
    if list.len() > MAX_PRODUCTS {
        fields.insert(
            "products".into(),
            format!("A coupon is assigned to at most {MAX_PRODUCTS} products at once."),
        );
        return None;
    }
    let mut ids = BTreeSet::new();
    for item in list {
        match item
            .as_str()
            .map(str::trim)
            .filter(|s| !s.is_empty() && s.len() <= 64)
        {
            Some(id) => {
                ids.insert(id.to_owned());
            }
            None => {
                fields.insert("products".into(), "Send a list of product ids.".into());
                return None;
            }
        }
    }
    Some(ids.into_iter().collect())
}

/// The stored coupon as a complete input, for an edit to overlay.
fn input_of(r: &store::CouponRecord) -> CouponInput {
    let shown = |paise: i64| Value::String(Money::from_paise(paise).to_decimal_string());
    let (from, until) = r.window();
    let at = |t: Option<NaiveDateTime>| {
        t.map_or(Value::Null, |t| Value::String(t.and_utc().to_rfc3339()))
    };
    let percentage = r.discount_type == "percentage";
    CouponInput {
        coupon_code: Some(Value::String(r.code.clone())),
        title: Some(Value::String(r.title.clone())),
        discount_type: Some(Value::String(
            if percentage { "percentage" } else { "flat" }.into(),
        )),
        discount_value: Some(if percentage {
            Value::from(r.discount_value)
        } else {
            shown(r.discount_value)
        }),
        max_discount_amount: Some(
            r.max_discount_paise
                .filter(|p| percentage && *p > 0)
                .map_or(Value::Null, shown),
        ),
        min_order_value: Some(shown(r.min_order_paise)),
        valid_from: Some(at(from)),
        valid_until: Some(at(until)),
        usage_limit: Some(r.usage_limit.map_or(Value::Null, Value::from)),
        per_user_limit: Some(r.usage_limit_per_user.map_or(Value::Null, Value::from)),
        products: None,
        is_active: Some(Value::Bool(r.is_active)),
        brand_id: None,
        version: None,
    }
}

/// `base` with every field `patch` sends. A switch to `flat` that says nothing of the cap
/// drops it (a flat discount has none).
fn overlay(mut base: CouponInput, patch: &CouponInput) -> CouponInput {
    let take = |slot: &mut Option<Value>, given: &Option<Value>| {
        if given.is_some() {
            slot.clone_from(given);
        }
    };
    take(&mut base.coupon_code, &patch.coupon_code);
    take(&mut base.title, &patch.title);
    take(&mut base.discount_type, &patch.discount_type);
    take(&mut base.discount_value, &patch.discount_value);
    take(&mut base.max_discount_amount, &patch.max_discount_amount);
    take(&mut base.min_order_value, &patch.min_order_value);
    take(&mut base.valid_from, &patch.valid_from);
    take(&mut base.valid_until, &patch.valid_until);
    take(&mut base.usage_limit, &patch.usage_limit);
    take(&mut base.per_user_limit, &patch.per_user_limit);
    take(&mut base.is_active, &patch.is_active);
    let flat = text(base.discount_type.as_ref())
        .is_some_and(|t| !t.trim().eq_ignore_ascii_case("percentage"));
    if flat && patch.max_discount_amount.is_none() {
        base.max_discount_amount = None;
    }
    base
}

fn write_error(e: store::CouponWriteError, code: &str, now: DateTime<Utc>) -> CouponsError {
    use store::{CouponRefusal, CouponWriteError as W};
    match e {
        W::Store(e) => e.into(),
        W::Refused(CouponRefusal::CodeTaken) => CouponsError::CodeTaken(code.to_owned()),
        W::Refused(CouponRefusal::UnknownBrand) => ConsoleError::NotFound("Brand").into(),
        W::UnknownProducts(ids) => ConsoleError::Invalid(Fields::from([(
            "products".to_owned(),
            format!("Not products of this brand: {}.", ids.join(", ")),
        )]))
        .into(),
        W::NotFound => ConsoleError::NotFound("Coupon").into(),
        W::Stale(current) => ConsoleError::Stale {
            entity: "coupon",
            current: serde_json::to_value(ConsoleCoupon::of(&current, now)).unwrap_or_default(),
        }
        .into(),
        W::Invalid(fields) => ConsoleError::Invalid(fields).into(),
    }
}

/// The coupons of the caller's brand (an admin: of `brand_id`, or every coupon), by code.
pub async fn list(
    state: &AppState,
    caller: &Caller,
    brand_id: Option<String>,
) -> Result<Vec<ConsoleCoupon>, CouponsError> {
    let manager = Manager::of(caller)?;
    let brand = manager
        .scope
        .list_filter(brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .map(str::to_owned);
    let coupons = state
        .db(move |store| store.console_coupons(brand.as_deref()))
        .await?;
    let now = state.clock.now();
    Ok(coupons.iter().map(|c| ConsoleCoupon::of(c, now)).collect())
}

/// Creates a coupon of the caller's brand (an admin names it) assigned to `products`.
pub async fn create(
    state: &AppState,
    caller: &Caller,
    input: CouponInput,
) -> Result<ConsoleCoupon, CouponsError> {
    let manager = Manager::of(caller)?;
    let brand = manager
        .scope
        .brand_for(input.brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .to_owned();
    let (terms, products) = {
        let mut fields = Fields::new();
        let products = product_ids(input.products.as_ref(), &mut fields);
        let terms = check_terms(&input, 0).map_err(|mut broken| {
            broken.append(&mut fields);
            broken
        });
        match terms {
            Ok(terms) if fields.is_empty() => (terms, products.unwrap_or_default()),
            Ok(_) => return Err(ConsoleError::Invalid(fields).into()),
            Err(broken) => return Err(ConsoleError::Invalid(broken).into()),
        }
    };
    let id = uuid::Uuid::now_v7().to_string();
    let mut coupon = terms.coupon;
    coupon.brand_id = Some(brand.clone());
    let record = store::CouponRecord::new(&id, &terms.title, &coupon);
    let now = state.clock.now();
    let code = record.code.clone();
    let written = state
        .db(move |store| {
            store.create_console_coupon(&record, &products, now.naive_utc(), |written| {
                let change = Change {
                    action: "create",
                    entity: "coupon",
                    entity_id: &written.record.id,
                    brand_id: Some(&brand),
                };
                manager.audit(
                    now,
                    change,
                    None::<&ConsoleCoupon>,
                    Some(&ConsoleCoupon::of(written, now)),
                )
            })
        })
        .await
        .map_err(|e| write_error(e, &code, now))?;
    Ok(ConsoleCoupon::of(&written, now))
}

/// Edits coupon `id`: the fields `patch` sends, at the version it read (`version` or
/// `If-Match`); `products`, when sent, replaces the coupon's products.
pub async fn update(
    state: &AppState,
    caller: &Caller,
    id: String,
    patch: CouponInput,
    if_match: Option<String>,
) -> Result<ConsoleCoupon, CouponsError> {
    let manager = Manager::of(caller)?;
    let expected = required_version(patch.version, if_match.as_deref())?;
    let brand = manager
        .scope
        .list_filter(patch.brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .map(str::to_owned);
    let mut fields = Fields::new();
    let products = product_ids(patch.products.as_ref(), &mut fields);
    if !fields.is_empty() {
        return Err(ConsoleError::Invalid(fields).into());
    }
    let now = state.clock.now();
    let code = text(patch.coupon_code.as_ref())
        .map(|c| c.trim().to_ascii_uppercase())
        .unwrap_or_default();
    let written = state
        .db(move |store| {
            let edit = store::CouponEdit {
                id: &id,
                brand: brand.as_deref(),
                expected,
                products: products.as_deref(),
            };
            let terms = |before: &store::ConsoleCoupon| {
                let merged = overlay(input_of(&before.record), &patch);
                let terms = check_terms(&merged, before.record.times_used)?;
                Ok(store::CouponRecord::new(
                    &before.record.id,
                    &terms.title,
                    &terms.coupon,
                ))
            };
            store.edit_console_coupon(edit, now.naive_utc(), terms, |before, after| {
                let change = Change {
                    action: "update",
                    entity: "coupon",
                    entity_id: &after.record.id,
                    brand_id: after.record.brand_id.as_ref().map(|b| b.as_str()),
                };
                let shown = |c| ConsoleCoupon::of(c, now);
                manager.audit(now, change, Some(&shown(before)), Some(&shown(after)))
            })
        })
        .await
        .map_err(|e| write_error(e, &code, now))?;
    Ok(ConsoleCoupon::of(&written, now))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(body: Value) -> CouponInput {
        serde_json::from_value(body).expect("an input")
    }

    fn valid() -> Value {
        json!({"coupon_code": " save10 ", "title": "Ten off", "discount_type": "percentage",
               "discount_value": 10})
    }

    fn broken(body: Value, times_used: i64) -> Fields {
        check_terms(&input(body), times_used).expect_err("refused")
    }

    fn with(field: &str, value: Value) -> Value {
        let mut body = valid();
        body[field] = value;
        body
    }

    #[test]
    fn a_minimal_percentage_coupon_is_open_ended_and_active() {
        let terms = check_terms(&input(valid()), 0).expect("valid");
        assert_eq!(terms.title, "Ten off");
        assert_eq!(terms.coupon.code.as_str(), "SAVE10");
        assert!(terms.coupon.is_active);
        assert_eq!(
            (terms.coupon.valid_from, terms.coupon.valid_until),
            (None, None)
        );
        assert_eq!(terms.coupon.min_order_value, Money::ZERO);
        assert_eq!(
            (terms.coupon.usage_limit, terms.coupon.usage_limit_per_user),
            (None, None)
        );
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        let cases: [(Value, &str); 22] = [
            (with("coupon_code", json!("")), "coupon_code"),
            (with("coupon_code", json!("TEN OFF")), "coupon_code"),
            (with("coupon_code", json!("X".repeat(33))), "coupon_code"),
            (with("coupon_code", json!(5)), "coupon_code"),
            (with("title", json!("  ")), "title"),
            (with("title", json!("t".repeat(101))), "title"),
            (with("discount_type", json!("bogo")), "discount_type"),
            (with("discount_value", json!(0)), "discount_value"),
            (with("discount_value", json!(101)), "discount_value"),
            (with("discount_value", json!(12.5)), "discount_value"),
            (with("discount_value", json!(null)), "discount_value"),
            (with("max_discount_amount", json!(0)), "max_discount_amount"),
            (with("min_order_value", json!(-1)), "min_order_value"),
            (with("min_order_value", json!("lots")), "min_order_value"),
            (with("valid_from", json!("tomorrow")), "valid_from"),
            (with("valid_until", json!("1999-01-01")), "valid_until"),
            (with("usage_limit", json!(0)), "usage_limit"),
            (with("usage_limit", json!(2.5)), "usage_limit"),
            (with("per_user_limit", json!(1001)), "per_user_limit"),
            (with("is_active", json!("yes")), "is_active"),
            (
                json!({"coupon_code": "F", "title": "F", "discount_type": "flat", "discount_value": 0}),
                "discount_value",
            ),
            (
                json!({"coupon_code": "F", "title": "F", "discount_type": "flat",
                       "discount_value": 100, "max_discount_amount": 50}),
                "max_discount_amount",
            ),
        ];
        for (body, field) in cases {
            let fields = broken(body.clone(), 0);
            assert_eq!(fields.keys().collect::<Vec<_>>(), [field], "{body}");
        }
    }

    #[test]
    fn the_window_must_not_end_before_it_starts() {
        let mut body = valid();
        body["valid_from"] = json!("2026-12-10");
        body["valid_until"] = json!("2026-12-09");
        assert!(broken(body.clone(), 0).contains_key("valid_until"));
        body["valid_until"] = json!("2026-12-10");
        let terms = check_terms(&input(body), 0).expect("one day");
        let (from, until) = (terms.coupon.valid_from, terms.coupon.valid_until);
        assert_eq!(
            from.map(|t| t.to_rfc3339()),
            Some("2026-12-10T00:00:00+00:00".into())
        );
        assert_eq!(
            until.map(|t| t.to_rfc3339()),
            Some("2026-12-10T23:59:59+00:00".into())
        );
    }

    #[test]
    fn a_flat_coupon_reads_rupees_in_any_form_and_fixed_is_flat() {
        for value in [
            json!(199.5),
            json!("199.50"),
            json!({"$numberDecimal": "199.5"}),
        ] {
            let body = json!({"coupon_code": "F", "title": "F", "discount_type": "Fixed",
                              "discount_value": value, "min_order_value": "999"});
            let terms = check_terms(&input(body), 0).expect("valid");
            assert_eq!(
                terms.coupon.discount,
                CouponDiscount::Fixed(Money::from_paise(19_950))
            );
            assert_eq!(terms.coupon.min_order_value, Money::from_rupees(999));
        }
    }

    #[test]
    fn the_total_limit_never_goes_below_the_uses() {
        assert!(broken(with("usage_limit", json!(4)), 5).contains_key("usage_limit"));
        assert!(check_terms(&input(with("usage_limit", json!(5))), 5).is_ok());
    }

    #[test]
    fn an_edit_overlays_what_it_sends_on_the_stored_coupon() {
        let terms = check_terms(&input(with("max_discount_amount", json!(200))), 0).expect("valid");
        let record = store::CouponRecord::new("c1", &terms.title, &terms.coupon);
        let same = overlay(input_of(&record), &input(json!({})));
        assert_eq!(check_terms(&same, 0), Ok(terms.clone()));
        let flat = overlay(
            input_of(&record),
            &input(json!({"discount_type": "flat", "discount_value": 150, "valid_until": null})),
        );
        let flat = check_terms(&flat, 0).expect("the cap is dropped");
        assert_eq!(
            flat.coupon.discount,
            CouponDiscount::Fixed(Money::from_rupees(150))
        );
        let off = overlay(input_of(&record), &input(json!({"is_active": false})));
        assert!(!check_terms(&off, 0).expect("valid").coupon.is_active);
    }

    #[test]
    fn products_are_ids_each_once_and_bounded() {
        let mut fields = Fields::new();
        let ids = product_ids(Some(&json!(["b", "a", "b"])), &mut fields);
        assert_eq!(ids, Some(vec!["a".to_owned(), "b".to_owned()]));
        assert_eq!(product_ids(None, &mut fields), None);
        assert!(fields.is_empty());
        let many = Value::Array(vec![json!("p"); MAX_PRODUCTS + 1]);
        assert_eq!(product_ids(Some(&many), &mut fields), None);
        assert_eq!(product_ids(Some(&json!([1])), &mut fields), None);
        assert!(fields.contains_key("products"));
    }
}
