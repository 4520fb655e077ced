//! The JSON shapes of the bag and the curated list, and the requests' lenient bodies with their
//! conversions into the services' typed inputs.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::ids::ProductId;
use utoipa::ToSchema;

use super::BagError;
use crate::error::Named;
use crate::services::input::{present, quantity};
use crate::wire::{self, Decimal, ProductSummary};

/// `{productId, size, quantity}`; `quantity` defaults to 1.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddRequest {
    #[serde(rename = "productId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub product_id: Option<String>,
    #[schema(value_type = String, pattern = "\\S")]
    pub size: Option<String>,
    /// A whole number from 1 to 99.
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 99)]
    pub quantity: Option<Value>,
}

/// What an add asks for: a product, a size and a quantity from 1 to 99.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    pub product_id: ProductId,
    pub size: String,
    pub quantity: u32,
}

impl TryFrom<AddRequest> for Wanted {
    type Error = BagError;

    fn try_from(body: AddRequest) -> Result<Self, BagError> {
        let product_id = present(body.product_id.as_deref())
            .ok_or(BagError::MissingProductId)?
            .into();
        let size = present(body.size.as_deref())
            .ok_or(BagError::MissingSize)?
            .to_owned();
        let quantity = quantity(body.quantity.as_ref(), 1, Some(1))?;
        Ok(Self {
            product_id,
            size,
            quantity,
        })
    }
}

/// `{quantity}`: a whole number from 0 to 99; 0 takes the line out.
#[derive(Debug, Deserialize, ToSchema)]
pub struct QuantityRequest {
    #[schema(value_type = u32, minimum = 0, maximum = 99)]
    pub quantity: Option<Value>,
}

/// A line's quantity to set: 0 to 99.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantity(pub u32);

impl TryFrom<QuantityRequest> for Quantity {
    type Error = BagError;

    fn try_from(body: QuantityRequest) -> Result<Self, BagError> {
        Ok(Self(quantity(body.quantity.as_ref(), 0, None)?))
    }
}

/// A line's product, populated.
#[derive(Debug, Serialize, ToSchema)]
pub struct ItemProduct {
    #[serde(flatten)]
    pub summary: ProductSummary,
    pub brand: wire::BrandRef,
    pub sizes: Vec<String>,
}

/// One line of the bag.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    pub product: ItemProduct,
    pub size: String,
    pub quantity: u32,
    /// The price of one item when the line was first added.
    pub price_at_add: Decimal,
    /// Today's price of one item: the offer price when there is an offer.
    pub unit_price: Decimal,
    /// `unitPrice` × `quantity`.
    pub line_total: Decimal,
    /// Today's price differs from `priceAtAdd`.
    pub price_changed: bool,
    /// How many of this size are left.
    pub in_stock: u32,
    /// False when the product is no longer sold (archived or switched off by its brand): the
    /// line stays so the shopper sees what happened, counts in no total (`lineTotal` is 0),
    /// cannot be raised or checked out, and can be taken out.
    pub available: bool,
    /// Why the line is not available; null when it is.
    pub unavailable_reason: Option<String>,
}

/// The bag (001 §3 Cart).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    pub items: Vec<Item>,
    /// The sum of the line totals at today's prices.
    pub total_amount: Decimal,
    /// The sum of the quantities.
    pub total_items: u32,
    /// The bag's brand; null when it is empty.
    pub brand: Option<Named>,
    /// Some line's price changed since it was added.
    pub price_changed: bool,
}

/// `{productId}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CuratedAddRequest {
    #[serde(rename = "productId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub product_id: Option<String>,
}

impl TryFrom<CuratedAddRequest> for ProductId {
    type Error = BagError;

    fn try_from(body: CuratedAddRequest) -> Result<Self, BagError> {
        present(body.product_id.as_deref())
            .map(ProductId::from)
            .ok_or(BagError::MissingProductId)
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EntryBrand {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// One product in the list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Entry {
    /// The product's id, name, images and prices.
    #[serde(flatten)]
    pub summary: ProductSummary,
    pub brand: EntryBrand,
    /// Category names, top level first.
    pub category: Vec<String>,
    pub tags: Vec<String>,
    pub sizes: Vec<String>,
    #[serde(rename = "addedAt")]
    pub added_at: chrono::DateTime<chrono::Utc>,
}

/// Whether the product should be in the list.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetRequest {
    #[serde(rename = "inList")]
    #[schema(value_type = bool)]
    pub in_list: Option<Value>,
}

/// Whether a product should be in the curated list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InList(pub bool);

impl TryFrom<SetRequest> for InList {
    type Error = BagError;

    fn try_from(body: SetRequest) -> Result<Self, BagError> {
        body.in_list
            .as_ref()
            .and_then(Value::as_bool)
            .map(Self)
            .ok_or(BagError::InvalidInList)
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Membership {
    #[serde(rename = "productId")]
    pub product_id: String,
    #[serde(rename = "inList")]
    pub in_list: bool,
    /// False when the list already was as asked.
    pub changed: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SetAnswer {
    pub success: bool,
    pub data: Membership,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Removed {
    pub success: bool,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn an_add_needs_a_product_and_a_size_and_takes_one_by_default() {
        let add = |v: Value| {
            Wanted::try_from(serde_json::from_value::<AddRequest>(v).expect("an add body"))
        };
        assert_eq!(
            add(json!({"productId": " p1 ", "size": "M"})).expect("a good add"),
            Wanted {
                product_id: "p1".into(),
                size: "M".into(),
                quantity: 1
            }
        );
        assert!(matches!(
            add(json!({"productId": " ", "size": "M"})),
            Err(BagError::MissingProductId)
        ));
        assert!(matches!(
            add(json!({"productId": "p1"})),
            Err(BagError::MissingSize)
        ));
        assert!(matches!(
            add(json!({"productId": "p1", "size": "M", "quantity": 0})),
            Err(BagError::Rule(::bag::BagError::InvalidQuantity { min: 1 }))
        ));
    }
}
