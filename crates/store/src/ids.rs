//! The ids of the shop's records as types, so a user id is never passed where an order id is
//! wanted. Each wraps the text stored in its table's `id` column; the store compares and
//! stores the text, and the newtype only says which table it names.

use std::fmt;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
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
