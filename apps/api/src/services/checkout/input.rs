//! The checkout's request bodies as sent (lenient: a field of the wrong type is the rule's
//! refusal, not a parse error), and the typed inputs the service takes, converted with
//! `TryFrom` into the same codes and messages the shopper has always read.

use delivery::DeliverySpeed;
use pricing::{CouponCode, Money};
use serde::Deserialize;
use serde_json::Value;
use store::ids::{AddressId, ProductId};
use utoipa::ToSchema;

use super::CheckoutError;
use crate::services::input::{present, quantity};

/// What the checkout prices: `{source, addressId, speed, couponCode?}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct QuoteRequest {
    /// `"bag"`, or `{productId, size, quantity}` for Buy Now.
    #[schema(value_type = Object)]
    pub source: Option<Value>,
    #[serde(rename = "addressId")]
    pub address_id: Option<String>,
    /// `"standard"` or `"express"`.
    pub speed: Option<String>,
    /// Blank or absent: no coupon.
    #[serde(rename = "couponCode")]
    pub coupon_code: Option<String>,
}

/// One line asked for, before pricing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    pub product_id: ProductId,
    pub size: String,
    pub quantity: u32,
}

/// What is bought: the shopper's bag, or one Buy Now item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Bag,
    Item(Wanted),
}

/// A checkout to price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuoteInput {
    pub source: Source,
    pub address_id: AddressId,
    /// The speed asked for; beyond 50 km express is priced as standard.
    pub speed: DeliverySpeed,
    pub coupon: Option<CouponCode>,
}

impl TryFrom<&QuoteRequest> for QuoteInput {
    type Error = CheckoutError;

    fn try_from(request: &QuoteRequest) -> Result<Self, CheckoutError> {
        let source = source_of(request.source.as_ref())?;
        let address_id =
            present(request.address_id.as_deref()).ok_or(CheckoutError::AddressIdRequired)?;
        let speed = match request.speed.as_deref().map(str::trim) {
            Some("standard") => DeliverySpeed::Standard,
            Some("express" | "quick") => DeliverySpeed::Express,
            _ => return Err(CheckoutError::InvalidSpeed),
        };
        let coupon = match request.coupon_code.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(code) => Some(CouponCode::parse(code)?),
        };
        Ok(Self {
            source,
            address_id: AddressId::new(address_id),
            speed,
            coupon,
        })
    }
}

/// The bag, or the Buy Now item of `source`.
fn source_of(source: Option<&Value>) -> Result<Source, CheckoutError> {
    match source {
        Some(Value::String(bag)) if bag == "bag" => Ok(Source::Bag),
        Some(Value::Object(item)) => {
            let text = |name| present(item.get(name).and_then(Value::as_str));
            let product_id = text("productId").ok_or(CheckoutError::ProductIdRequired)?;
            let size = text("size").ok_or(CheckoutError::SizeRequired)?;
            let quantity = quantity(item.get("quantity"), 1, Some(1))?;
            Ok(Source::Item(Wanted {
                product_id: ProductId::new(product_id),
                size: size.to_owned(),
                quantity,
            }))
        }
        _ => Err(CheckoutError::InvalidSource),
    }
}

/// The quote's body plus the total the shopper saw.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateOrderRequest {
    #[serde(flatten)]
    pub quote: QuoteRequest,
    /// Rupees, as a number, a string or a decimal object.
    #[schema(value_type = Object)]
    pub amount: Option<Value>,
    /// `INR` when given.
    pub currency: Option<String>,
    /// Ignored: the shop's own order id is the receipt.
    pub receipt: Option<String>,
}

/// A checkout to open: the total the shopper saw, and the checkout as sent. The checkout is
/// read ([`QuoteInput`]) only once the account may open one, as it always was: a refused
/// body counts against the hour's checkouts too.
#[derive(Debug)]
pub struct OrderInput {
    pub amount: Money,
    pub quote: QuoteRequest,
}

impl TryFrom<CreateOrderRequest> for OrderInput {
    type Error = CheckoutError;

    fn try_from(request: CreateOrderRequest) -> Result<Self, CheckoutError> {
        let amount = request
            .amount
            .as_ref()
            .filter(|v| !v.is_null())
            .ok_or(CheckoutError::AmountRequired)
            .and_then(|v| Money::parse_strict(v).map_err(|_| CheckoutError::InvalidAmount))?;
        if request
            .currency
            .as_deref()
            .is_some_and(|currency| currency.trim() != "INR")
        {
            return Err(CheckoutError::InvalidCurrency);
        }
        Ok(Self {
            amount,
            quote: request.quote,
        })
    }
}

/// What the payment's checkout hands the browser.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyRequest {
    pub razorpay_order_id: Option<String>,
    pub razorpay_payment_id: Option<String>,
    pub razorpay_signature: Option<String>,
}

/// A payment the browser says it made, with the payment service's signature over it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentProof {
    pub provider_order: String,
    pub payment_id: String,
    pub signature: String,
}

impl TryFrom<VerifyRequest> for PaymentProof {
    type Error = CheckoutError;

    fn try_from(request: VerifyRequest) -> Result<Self, CheckoutError> {
        let required = |value: Option<&String>| {
            present(value.map(String::as_str))
                .map(str::to_owned)
                .ok_or(CheckoutError::PaymentFieldsRequired)
        };
        Ok(Self {
            provider_order: required(request.razorpay_order_id.as_ref())?,
            payment_id: required(request.razorpay_payment_id.as_ref())?,
            signature: required(request.razorpay_signature.as_ref())?,
        })
    }
}

/// The sandbox's test payment sheet: `{orderId, cardNumber, expiry, cvv, name}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SandboxPayRequest {
    /// The payment service's order id (`create-order`'s `order.id`).
    #[serde(rename = "orderId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub order_id: Option<String>,
    #[serde(rename = "cardNumber")]
    pub card_number: Option<String>,
    /// `MM/YY` or `MM/YYYY`.
    pub expiry: Option<String>,
    pub cvv: Option<String>,
    /// The name on the card; not checked.
    pub name: Option<String>,
}

/// A card payment on the sandbox's sheet, for the payment service's order `provider_order`.
/// The card is read ([`SandboxPayment::card`]) once the order is known to be the shopper's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SandboxPayment {
    pub provider_order: String,
    pub card_number: String,
    pub expiry: Option<String>,
    pub cvv: String,
}

impl TryFrom<SandboxPayRequest> for SandboxPayment {
    type Error = CheckoutError;

    fn try_from(request: SandboxPayRequest) -> Result<Self, CheckoutError> {
        let provider_order =
            present(request.order_id.as_deref()).ok_or(CheckoutError::OrderIdRequired)?;
        Ok(Self {
            provider_order: provider_order.to_owned(),
            card_number: request.card_number.unwrap_or_default(),
            expiry: request.expiry,
            cvv: request.cvv.unwrap_or_default(),
        })
    }
}

impl SandboxPayment {
    /// The card as the sandbox reads it; an expiry that is not `MM/YY` is refused.
    pub fn card(&self) -> Result<providers::SandboxCard<'_>, CheckoutError> {
        let (month, year) = self
            .expiry
            .as_deref()
            .and_then(expiry_of)
            .ok_or(CheckoutError::CardExpiry)?;
        Ok(providers::SandboxCard {
            number: &self.card_number,
            expiry_month: month,
            expiry_year: year,
            cvv: &self.cvv,
        })
    }
}

fn expiry_of(raw: &str) -> Option<(u32, u32)> {
    let (month, year) = raw.trim().split_once('/')?;
    Some((month.trim().parse().ok()?, year.trim().parse().ok()?))
}

/// `{userId, cartItems}`: `userId` is ignored (whose bag it is comes from the session);
/// without `cartItems` the caller's bag is priced.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ValidateRequest {
    /// Ignored: the session decides whose coupon use this is.
    #[serde(rename = "userId")]
    #[schema(value_type = Option<String>)]
    pub user_id: Option<Value>,
    /// A direct buy: these products instead of the bag.
    #[serde(rename = "cartItems")]
    pub cart_items: Option<Vec<DirectItem>>,
}

/// One direct-buy item; its price and brand come from the catalogue, never from the client.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DirectItem {
    pub product: Option<DirectProduct>,
    /// Not used in pricing (every size costs the same).
    pub size: Option<String>,
    /// A whole number from 1 to 99; 1 when absent.
    #[schema(value_type = Option<u32>)]
    pub quantity: Option<Value>,
}

/// `{_id}`; any other field (a `brand`, a `price`) is ignored.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DirectProduct {
    #[serde(rename = "_id")]
    pub id: Option<String>,
}

/// A direct-buy item the coupon check prices: a product and how many.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectLine {
    pub product_id: ProductId,
    pub quantity: u32,
}

impl TryFrom<&DirectItem> for DirectLine {
    type Error = CheckoutError;

    fn try_from(item: &DirectItem) -> Result<Self, CheckoutError> {
        let id = present(item.product.as_ref().and_then(|p| p.id.as_deref()))
            .ok_or(CheckoutError::ProductIdRequired)?;
        Ok(Self {
            product_id: ProductId::new(id),
            quantity: quantity(item.quantity.as_ref(), 1, Some(1))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn quote(body: Value) -> Result<QuoteInput, CheckoutError> {
        let request: QuoteRequest = serde_json::from_value(body).expect("a quote body");
        QuoteInput::try_from(&request)
    }

    #[test]
    fn a_quote_body_is_read_in_the_order_of_its_refusals() {
        let read = quote(
            json!({"source": {"productId": " p1 ", "size": "M", "quantity": 2.0},
            "addressId": "a1", "speed": "quick", "couponCode": " save10 "}),
        )
        .expect("a good body");
        assert_eq!(
            read.source,
            Source::Item(Wanted {
                product_id: ProductId::new("p1"),
                size: "M".into(),
                quantity: 2
            })
        );
        assert_eq!(read.speed, DeliverySpeed::Express);
        assert_eq!(
            read.coupon.map(|c| c.as_str().to_owned()).as_deref(),
            Some("SAVE10")
        );
        for (body, refusal) in [
            (json!({"source": "cart", "addressId": ""}), "source must be"),
            (json!({"source": {"size": "M"}}), "productId is required"),
            (json!({"source": {"productId": "p"}}), "size is required"),
            (
                json!({"source": {"productId": "p", "size": "M", "quantity": 0}}),
                "quantity",
            ),
            (
                json!({"source": "bag", "addressId": " "}),
                "addressId is required",
            ),
            (
                json!({"source": "bag", "addressId": "a", "speed": "fast"}),
                "speed must be",
            ),
        ] {
            let error = quote(body.clone()).expect_err("refused");
            assert!(error.to_string().starts_with(refusal), "{body}: {error}");
        }
    }

    #[test]
    fn an_order_needs_an_amount_in_rupees_and_inr() {
        let order = |body: Value| {
            OrderInput::try_from(
                serde_json::from_value::<CreateOrderRequest>(body).expect("an order body"),
            )
        };
        let read = order(json!({"source": "bag", "amount": "1299.50", "currency": " INR "}))
            .expect("a good body");
        assert_eq!(read.amount, Money::from_paise(129_950));
        assert!(matches!(
            order(json!({"amount": null})),
            Err(CheckoutError::AmountRequired)
        ));
        assert!(matches!(
            order(json!({"amount": "lots"})),
            Err(CheckoutError::InvalidAmount)
        ));
        assert!(matches!(
            order(json!({"amount": 1, "currency": "USD"})),
            Err(CheckoutError::InvalidCurrency)
        ));
    }

    #[test]
    fn a_sandbox_card_needs_an_expiry_as_mm_yy() {
        let payment = |expiry: &str| SandboxPayment {
            provider_order: "order_1".into(),
            card_number: "4111111111111111".into(),
            expiry: Some(expiry.into()),
            cvv: "123".into(),
        };
        let good = payment(" 12 / 2030 ");
        let card = good.card().expect("an expiry");
        assert_eq!((card.expiry_month, card.expiry_year), (12, 2030));
        assert!(matches!(
            payment("1230").card(),
            Err(CheckoutError::CardExpiry)
        ));
    }
}
