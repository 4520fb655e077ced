//! Status and speed columns: each is a text column holding one word, read and written here as
//! the enum it names (the `orders` and `delivery` crates' own, or the store's [`Stage`]), so no
//! caller handles the words. A stored word this code does not know fails the read: it is a row
//! written by something else, and guessing what it meant would act on a wrong order.

use std::fmt;

use delivery::DeliverySpeed;
use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, IsNull, Output, ToSql};
use diesel::sql_types::{Nullable, Text};
use orders::{Decision, DeliveryStatus, OrderStatus, PaymentStatus, RefundStatus};

use crate::orders::Stage;

/// A value stored as one word.
pub trait Word: Sized + fmt::Debug {
    /// The stored word.
    fn word(&self) -> &str;
    /// The value of a stored word; `None` for a word this code does not know.
    fn from_word(raw: &str) -> Option<Self>;
}

/// A [`Word`] in a text column. The rows of this crate hold these; the records it answers hold
/// the values themselves.
#[derive(
    Debug, Clone, PartialEq, Eq, diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = Text)]
pub struct Stored<T: Word>(pub T);

impl<T, DB> ToSql<Text, DB> for Stored<T>
where
    T: Word,
    DB: Backend,
    str: ToSql<Text, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        self.0.word().to_sql(out)
    }
}

impl<T, DB> FromSql<Text, DB> for Stored<T>
where
    T: Word,
    DB: Backend,
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
        let raw = String::from_sql(bytes)?;
        T::from_word(&raw)
            .map(Stored)
            .ok_or_else(|| format!("a stored word this code does not know: {raw:?}").into())
    }
}

impl<T: Word> From<T> for Stored<T> {
    fn from(value: T) -> Self {
        Stored(value)
    }
}

/// A [`Word`] in a nullable text column: `None` is NULL.
#[derive(
    Debug, Clone, PartialEq, Eq, diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
)]
#[diesel(sql_type = Nullable<Text>)]
pub struct StoredOption<T: Word>(pub Option<T>);

impl<T, DB> ToSql<Nullable<Text>, DB> for StoredOption<T>
where
    T: Word,
    DB: Backend,
    str: ToSql<Text, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        match &self.0 {
            Some(value) => value.word().to_sql(out),
            None => Ok(IsNull::Yes),
        }
    }
}

impl<T, DB> FromSql<Nullable<Text>, DB> for StoredOption<T>
where
    T: Word,
    DB: Backend,
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
        Stored::<T>::from_sql(bytes).map(|stored| StoredOption(Some(stored.0)))
    }

    fn from_nullable_sql(bytes: Option<DB::RawValue<'_>>) -> deserialize::Result<Self> {
        match bytes {
            Some(bytes) => Self::from_sql(bytes),
            None => Ok(StoredOption(None)),
        }
    }
}

impl<T: Word> From<Option<T>> for StoredOption<T> {
    fn from(value: Option<T>) -> Self {
        StoredOption(value)
    }
}

/// The conversions back, one pair per type: the orphan rule allows no generic `From<Stored<T>>
/// for T`.
macro_rules! unwrap_from_column {
    ($($t:ty),*) => {$(
        impl From<Stored<$t>> for $t {
            fn from(stored: Stored<$t>) -> Self {
                stored.0
            }
        }

        impl From<StoredOption<$t>> for Option<$t> {
            fn from(stored: StoredOption<$t>) -> Self {
                stored.0
            }
        }
    )*};
}

unwrap_from_column!(
    Stage,
    DeliverySpeed,
    DeliveryStatus,
    OrderStatus,
    PaymentStatus,
    RefundStatus,
    Decision
);

impl Word for Stage {
    fn word(&self) -> &str {
        self.as_str()
    }

    fn from_word(raw: &str) -> Option<Self> {
        Stage::parse(raw)
    }
}

impl Word for DeliverySpeed {
    fn word(&self) -> &str {
        self.as_str()
    }

    fn from_word(raw: &str) -> Option<Self> {
        [DeliverySpeed::Standard, DeliverySpeed::Express]
            .into_iter()
            .find(|speed| speed.as_str() == raw)
    }
}

/// Every delivery status reads, known or not: the shipping service's own words are kept as
/// [`DeliveryStatus::Other`], which is how the `orders` crate tells them apart.
impl Word for DeliveryStatus {
    fn word(&self) -> &str {
        self.as_str()
    }

    fn from_word(raw: &str) -> Option<Self> {
        Some(DeliveryStatus::parse(raw))
    }
}

impl Word for OrderStatus {
    fn word(&self) -> &str {
        self.as_str()
    }

    fn from_word(raw: &str) -> Option<Self> {
        OrderStatus::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

impl Word for PaymentStatus {
    fn word(&self) -> &str {
        self.as_str()
    }

    fn from_word(raw: &str) -> Option<Self> {
        PaymentStatus::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

impl Word for RefundStatus {
    fn word(&self) -> &str {
        self.as_str()
    }

    fn from_word(raw: &str) -> Option<Self> {
        RefundStatus::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

impl Word for Decision {
    fn word(&self) -> &str {
        self.as_str()
    }

    fn from_word(raw: &str) -> Option<Self> {
        Decision::parse(raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trips<T: Word + PartialEq + Clone>(values: &[T]) {
        for value in values {
            assert_eq!(T::from_word(value.word()).as_ref(), Some(value));
        }
    }

    #[test]
    fn every_value_reads_back_from_its_word() {
        round_trips(&[Stage::Reserved, Stage::Placed, Stage::Lapsed]);
        round_trips(&[DeliverySpeed::Standard, DeliverySpeed::Express]);
        round_trips(&DeliveryStatus::KNOWN);
        round_trips(&OrderStatus::ALL);
        round_trips(&PaymentStatus::ALL);
        round_trips(&RefundStatus::ALL);
        round_trips(&Decision::ALL);
    }

    #[test]
    fn an_unknown_word_is_no_value() {
        assert_eq!(DeliverySpeed::from_word("quick"), None);
        assert_eq!(RefundStatus::from_word("Initiated"), None);
        assert_eq!(PaymentStatus::from_word("paid"), None);
        assert_eq!(OrderStatus::from_word(""), None);
        assert_eq!(Stage::from_word("open"), None);
        assert_eq!(
            DeliveryStatus::from_word("RTO Initiated"),
            Some(DeliveryStatus::Other("RTO Initiated".into()))
        );
    }
}
