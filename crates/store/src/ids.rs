//! The ids of the shop's records as types, so a user id is never passed where an order id is
//! wanted. Each wraps the text stored in its table's `id` column; the store compares and
//! stores the text, and the newtype only says which table it names.

use std::fmt;

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug,
            Clone,
            PartialEq,
            Eq,
            PartialOrd,
            Ord,
            Hash,
            serde::Serialize,
            serde::Deserialize,
            diesel::expression::AsExpression,
            diesel::deserialize::FromSqlRow,
        )]
        #[serde(transparent)]
        #[diesel(sql_type = Text)]
        pub struct $name(String);

        impl $name {
            /// Wraps an id read from the database or a request; checking its form is the
            /// caller's (a path parameter that is not an id is a 400 before it gets here).
            pub fn new(id: impl Into<String>) -> Self {
                Self(id.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_inner(self) -> String {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        /// Reads as the text it wraps wherever text is wanted; the other way round, text
        /// becomes an id only through [`Self::new`] or `From`.
        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                self == &other.0
            }
        }

        impl PartialEq<&$name> for $name {
            fn eq(&self, other: &&$name) -> bool {
                self == *other
            }
        }

        impl PartialEq<&$name> for String {
            fn eq(&self, other: &&$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        /// Its hash and order are its text's, so a map keyed by ids is looked up by text.
        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                Self(id)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                Self(id.to_owned())
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        impl<DB> ToSql<Text, DB> for $name
        where
            DB: Backend,
            str: ToSql<Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                self.0.as_str().to_sql(out)
            }
        }

        impl<DB> FromSql<Text, DB> for $name
        where
            DB: Backend,
            String: FromSql<Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
                String::from_sql(bytes).map(Self)
            }
        }
    };
}

id_type!(
    /// A shopper, brand user or admin (`users.id`).
    UserId
);
id_type!(
    /// A product of the catalogue (`products.id`).
    ProductId
);
id_type!(
    /// An order, from the checkout that reserved it to its delivery (`orders.id`).
    OrderId
);
id_type!(
    /// A brand (`brands.id`).
    BrandId
);
id_type!(
    /// A saved delivery address (`addresses.id`).
    AddressId
);
id_type!(
    /// A category (`categories.id`).
    CategoryId
);
id_type!(
    /// A cancellation request of an order (`cancel_requests.id`).
    CancelRequestId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_serialises_as_its_text_and_reads_back() {
        let id = OrderId::new("6650c0ffee");
        let json = serde_json::to_string(&id).expect("serialise");
        assert_eq!(json, "\"6650c0ffee\"");
        let back: OrderId = serde_json::from_str(&json).expect("deserialise");
        assert_eq!(back, id);
        assert_eq!(back.to_string(), "6650c0ffee");
    }
}
