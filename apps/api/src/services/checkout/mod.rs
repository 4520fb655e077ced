//! Checkout: pricing what the shopper buys (the quote), placing the paid order, and what
//! happens to orders afterwards without a shopper asking (lapsed reservations, refunds,
//! express tracking). The rules are the pure crates' (`pricing`, `delivery`, `bag`, `orders`);
//! this module gathers their inputs from the store and the catalogue and keeps each step safe
//! to retry.

pub mod placement;
pub mod settler;
pub mod wire;

use actix_web::web;
use chrono::{DateTime, Utc};
use delivery::{DeliverySpeed, Pincode};
use orders::{DeliveryStatus, Lifecycle, OrderStatus, RefundStatus};
use pricing::{CartLine, CartTotals, CouponCode, FREE_DELIVERY_THRESHOLD_CHECKOUT, Money};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::routes::offers::{self, Offer};
use crate::routes::params;
use crate::state::AppState;
use crate::wire::{self as shapes, Decimal};

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

/// One priced line.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuoteLine {
    pub product: QuoteProduct,
    pub size: String,
    pub quantity: u32,
    #[serde(rename = "unitPrice")]
    pub unit_price: Decimal,
    #[serde(rename = "lineTotal")]
    pub line_total: Decimal,
}

/// The product of a priced line.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuoteProduct {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub images: Vec<String>,
}

/// Everything the checkout shows, priced by the server (docs/http-api.md, Checkout quote).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Quote {
    pub lines: Vec<QuoteLine>,
    pub subtotal: Decimal,
    pub discount: Decimal,
    #[serde(rename = "deliveryFee")]
    pub delivery_fee: Decimal,
    pub total: Decimal,
    /// The speed priced: standard when express was asked beyond 50 km.
    #[schema(value_type = String)]
    pub speed: DeliverySpeed,
    #[serde(rename = "requestedSpeed")]
    #[schema(value_type = String)]
    pub requested_speed: DeliverySpeed,
    #[serde(rename = "expressAvailable")]
    pub express_available: bool,
    #[serde(rename = "distanceKm")]
    pub distance_km: u32,
    /// `60-90 min`, `2-4 hours`, ...: the address's window.
    #[serde(rename = "deliveryWindow")]
    pub delivery_window: &'static str,
    #[serde(rename = "estimatedDelivery")]
    pub estimated_delivery: DateTime<Utc>,
    pub coupon: Option<Offer>,
    #[serde(rename = "freeDeliveryAbove")]
    pub free_delivery_above: Decimal,
}

/// A priced checkout: what the shopper is shown, and what an order is made of.
#[derive(Debug)]
pub struct Priced {
    pub quote: Quote,
    pub lines: Vec<store::NewLine>,
    pub brand_id: String,
    pub address: store::AddressRecord,
    pub totals: CartTotals,
    pub speed: DeliverySpeed,
    /// The coupon's stored id and code.
    pub coupon: Option<(String, String)>,
    pub from_bag: bool,
}

/// A line before pricing.
struct Wanted {
    product_id: String,
    size: String,
    quantity: u32,
}

/// The Buy Now item of `source`, or `None` for the bag.
fn direct_item(source: Option<&Value>) -> Result<Option<Wanted>, ApiError> {
    let invalid_source = || {
        ApiError::bad_request(
            "INVALID_SOURCE",
            "source must be \"bag\" or {productId, size, quantity}",
        )
    };
    match source {
        Some(Value::String(bag)) if bag == "bag" => Ok(None),
        Some(Value::Object(item)) => {
            let product_id = item
                .get("productId")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|id| !id.is_empty())
                .ok_or_else(|| {
                    ApiError::bad_request("INVALID_PRODUCT_ID", "productId is required")
                })?;
            let size = item
                .get("size")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|size| !size.is_empty())
                .ok_or_else(|| ApiError::bad_request("INVALID_SIZE", "size is required"))?;
            let quantity = crate::routes::bag::quantity(item.get("quantity"), 1, Some(1))?;
            Ok(Some(Wanted {
                product_id: product_id.to_owned(),
                size: size.to_owned(),
                quantity,
            }))
        }
        _ => Err(invalid_source()),
    }
}

/// The stock refusal the shopper reads for a line wanting `quantity` of which `left` are for
/// sale.
pub fn short_of_stock(name: &str, size: &str, left: u32, quantity: u32) -> Option<ApiError> {
    let refusal = orders::reservable(left, quantity).err()?;
    Some(ApiError::Unprocessable {
        code: "NOT_ENOUGH_STOCK",
        message: format!("{name} ({size}): {refusal}"),
        available: Some(left),
    })
}

/// The stored and wire word of a speed.
pub fn speed_word(speed: DeliverySpeed) -> &'static str {
    match speed {
        DeliverySpeed::Standard => "standard",
        DeliverySpeed::Express => "express",
    }
}

fn speed_of(raw: Option<&str>) -> Result<DeliverySpeed, ApiError> {
    match raw.map(str::trim) {
        Some("standard") => Ok(DeliverySpeed::Standard),
        Some("express" | "quick") => Ok(DeliverySpeed::Express),
        _ => Err(ApiError::bad_request(
            "INVALID_SPEED",
            "speed must be \"standard\" or \"express\"",
        )),
    }
}

/// Prices a checkout for `user_id` from the stored bag or the Buy Now item, the stored
/// address, today's catalogue and the stored coupon: every amount the shopper sees and pays.
/// Stock is checked against the catalogue, plus the units the shopper's own open checkout
/// holds, here; the reservation checks it for real.
pub async fn price(
    state: &AppState,
    user_id: &str,
    request: &QuoteRequest,
) -> Result<Priced, ApiError> {
    let direct = direct_item(request.source.as_ref())?;
    let address_id = params::required_id(
        "INVALID_ADDRESS_ID",
        "addressId",
        request.address_id.as_deref(),
    )?
    .to_owned();
    let requested_speed = speed_of(request.speed.as_deref())?;
    let coupon_code = match request.coupon_code.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(code) => Some(CouponCode::parse(code).map_err(offers::refusal)?),
    };

    let store = state.store.clone();
    let user = user_id.to_owned();
    let from_bag = direct.is_none();
    let now = state.clock.now();
    let (addresses, bag_lines, held) = web::block(move || {
        let lines = if from_bag {
            store.bag_lines(&user)?
        } else {
            Vec::new()
        };
        let held = store.held_by_open_checkout(&user, now)?;
        Ok::<_, store::StoreError>((store.addresses(&user)?, lines, held))
    })
    .await??;
    let address = addresses
        .into_iter()
        .find(|a| a.id == address_id)
        .ok_or_else(|| ApiError::NotFound("Address not found.".into()))?;

    let snapshot = state.catalogue.snapshot();
    let wanted: Vec<Wanted> = match direct {
        Some(item) => {
            let product = crate::routes::bag::product(&snapshot, &item.product_id)
                .ok_or_else(|| ApiError::NotFound("Product not found.".into()))?;
            if product.stock_of(&item.size).is_none() {
                return Err(ApiError::bad_request(
                    "INVALID_SIZE",
                    "This product does not come in that size.",
                ));
            }
            vec![item]
        }
        None => bag::Bag::resolve(bag_lines, |id| crate::routes::bag::product(&snapshot, id))
            .lines()
            .map(|line| Wanted {
                product_id: line.product_id.clone(),
                size: line.size.clone(),
                quantity: line.quantity,
            })
            .collect(),
    };
    if wanted.is_empty() {
        return Err(offers::empty_cart());
    }

    let media_origin = state.catalogue.media_origin();
    let mut lines = Vec::with_capacity(wanted.len());
    let mut quote_lines = Vec::with_capacity(wanted.len());
    let mut cart_lines = Vec::with_capacity(wanted.len());
    let mut brand_ids = Vec::with_capacity(wanted.len());
    for item in &wanted {
        let record = snapshot
            .product(&item.product_id)
            .map(|at| &snapshot.entries()[at].record)
            .ok_or_else(|| ApiError::NotFound("Product not found.".into()))?;
        let unit_price = bag::unit_price(
            Money::from_paise(record.price_paise),
            record.offer_percentage,
        );
        // The units this shopper's own open checkout holds are for sale to them: the
        // reservation gives them back before it takes the new lines.
        let own = held
            .iter()
            .find(|(product, size, _)| *product == record.id && *size == item.size)
            .map_or(0, |(_, _, quantity)| *quantity);
        let left = record
            .stock
            .iter()
            .find(|(size, _)| *size == item.size)
            .map_or(0, |(_, left)| u32::try_from(*left).unwrap_or(0))
            .saturating_add(own);
        if let Some(refusal) = short_of_stock(&record.name, &item.size, left, item.quantity) {
            return Err(refusal);
        }
        let line_total = unit_price
            .checked_mul(item.quantity)
            .ok_or_else(|| ApiError::Internal("line total overflows".into()))?;
        lines.push(store::NewLine {
            product_id: record.id.clone(),
            name: record.name.clone(),
            image: record.images.first().cloned(),
            size: item.size.clone(),
            quantity: item.quantity,
            unit_price_paise: unit_price.paise(),
        });
        quote_lines.push(QuoteLine {
            product: QuoteProduct {
                id: record.id.clone(),
                name: record.name.clone(),
                images: record
                    .images
                    .iter()
                    .map(|url| shapes::absolute_url(media_origin, url.clone()))
                    .collect(),
            },
            size: item.size.clone(),
            quantity: item.quantity,
            unit_price: unit_price.into(),
            line_total: line_total.into(),
        });
        cart_lines.push(CartLine {
            unit_price,
            quantity: item.quantity,
        });
        brand_ids.push(record.brand.id.clone());
    }
    let brand_id = brand_ids[0].clone();

    // A pincode the wizard let through but the delivery rules cannot read gets standard
    // delivery to the farthest window, never express.
    let pincode = Pincode::parse(&address.pincode).ok();
    let speed = match pincode {
        Some(pincode) => requested_speed.effective_for(pincode),
        None => DeliverySpeed::Standard,
    };
    let subtotal = pricing::subtotal(&cart_lines)
        .map_err(|e| ApiError::Internal(format!("cart subtotal: {e}")))?;
    let applied = match &coupon_code {
        Some(code) => Some(offers::apply(state, user_id, code, subtotal, &brand_ids).await?),
        None => None,
    };
    let discount = applied.as_ref().map_or(Money::ZERO, |a| a.discount);
    let totals = CartTotals::compute(&cart_lines, discount, speed)
        .map_err(|e| ApiError::Internal(format!("cart totals: {e}")))?;
    let now = state.clock.now();
    let (distance_km, express_available, window) = match pincode {
        Some(pincode) => (
            delivery::distance_from_warehouse(pincode),
            delivery::express_available(pincode),
            delivery::delivery_window(pincode).label,
        ),
        None => (u32::MAX, false, ""),
    };
    let coupon = applied
        .as_ref()
        .map(|a| (a.coupon_id.clone(), a.code.clone()));
    let quote = Quote {
        lines: quote_lines,
        subtotal: totals.subtotal.into(),
        discount: totals.discount.into(),
        delivery_fee: totals.delivery_fee.into(),
        total: totals.total.into(),
        speed,
        requested_speed,
        express_available,
        distance_km,
        delivery_window: window,
        estimated_delivery: speed.estimated_delivery(now),
        coupon: applied.map(|a| a.offer),
        free_delivery_above: FREE_DELIVERY_THRESHOLD_CHECKOUT.into(),
    };
    Ok(Priced {
        quote,
        lines,
        brand_id,
        address,
        totals,
        speed,
        coupon,
        from_bag,
    })
}

/// The order's lifecycle fields as stored.
pub fn lifecycle_of(stored: &store::StoredOrder) -> Lifecycle {
    let order = &stored.order;
    Lifecycle {
        delivery: DeliveryStatus::parse(&order.delivery_status),
        status: order.status.as_deref().and_then(OrderStatus::parse),
        refund: RefundStatus::parse(&order.refund_status).unwrap_or(RefundStatus::NotInitiated),
        open_request: stored
            .open_request
            .as_ref()
            .map(|request| orders::OpenRequest {
                line: usize::try_from(request.line).unwrap_or(0),
                reason: request.reason.clone(),
                delivery_before: DeliveryStatus::parse(&request.delivery_before),
            }),
    }
}

/// The fields a lifecycle writes, with the request left as it is.
pub fn change_of(lifecycle: &Lifecycle) -> store::OrderChange {
    store::OrderChange {
        delivery_status: lifecycle.delivery.as_str().to_owned(),
        status: lifecycle.status.map(|s| s.as_str().to_owned()),
        refund_status: lifecycle.refund.as_str().to_owned(),
        request: store::RequestChange::Keep,
        return_stock: false,
    }
}
