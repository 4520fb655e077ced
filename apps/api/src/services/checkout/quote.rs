//! The quote: the server prices what the shopper buys (the bag or a Buy Now item) for an
//! address, a speed and a coupon, from the stored bag and address, today's catalogue and the
//! stored coupon.

use chrono::{DateTime, Utc};
use delivery::{DeliverySpeed, Pincode};
use pricing::{CartLine, CartTotals, FREE_DELIVERY_THRESHOLD_CHECKOUT, Money};
use store::ids::UserId;

use super::coupons;
use super::input::{QuoteInput, Source, Wanted};
use super::wire::{Quote, QuoteLine, QuoteProduct};
use super::{CheckoutError, lookup};
use crate::catalogue::Snapshot;
use crate::state::AppState;

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

/// The stock refusal the shopper reads for a line wanting `quantity` of which `left` are for
/// sale.
pub fn short_of_stock(name: &str, size: &str, left: u32, quantity: u32) -> Option<CheckoutError> {
    let refusal = orders::reservable(left, quantity).err()?;
    Some(CheckoutError::NotEnoughStock {
        name: name.to_owned(),
        size: size.to_owned(),
        refusal,
        available: left,
    })
}

/// The lines of the checkout, before pricing: the Buy Now item (a product the catalogue shows,
/// in one of its sizes), or the bag's lines whose products it shows.
fn wanted(
    snapshot: &Snapshot,
    source: &Source,
    bag_lines: Vec<bag::Line>,
) -> Result<Vec<Wanted>, CheckoutError> {
    match source {
        Source::Item(item) => {
            let product = lookup::product(snapshot, item.product_id.as_str())
                .ok_or(CheckoutError::ProductNotFound)?;
            if product.stock_of(&item.size).is_none() {
                return Err(CheckoutError::UnknownSize);
            }
            Ok(vec![item.clone()])
        }
        Source::Bag => Ok(
            bag::Bag::resolve(bag_lines, |id| lookup::product(snapshot, id))
                .lines()
                .map(|line| Wanted {
                    product_id: line.product_id.as_str().into(),
                    size: line.size.clone(),
                    quantity: line.quantity,
                })
                .collect(),
        ),
    }
}

/// The priced lines, as an order stores them, as the quote shows them and as the cart rules
/// add them up, with each line's brand.
struct Lines {
    stored: Vec<store::NewLine>,
    shown: Vec<QuoteLine>,
    cart: Vec<CartLine>,
    brand_ids: Vec<String>,
}

/// Prices each wanted line at today's unit price, refusing a line short of stock. The units
/// this shopper's own open checkout holds (`held`) are for sale to them: the reservation
/// gives them back before it takes the new lines.
fn price_lines(
    snapshot: &Snapshot,
    media_origin: &str,
    wanted: &[Wanted],
    held: &[(store::ids::ProductId, String, u32)],
) -> Result<Lines, CheckoutError> {
    let mut lines = Lines {
        stored: Vec::with_capacity(wanted.len()),
        shown: Vec::with_capacity(wanted.len()),
        cart: Vec::with_capacity(wanted.len()),
        brand_ids: Vec::with_capacity(wanted.len()),
    };
    for item in wanted {
        let record = snapshot
            .product(item.product_id.as_str())
            .map(|at| &snapshot.entries()[at].product)
            .ok_or(CheckoutError::ProductNotFound)?;
        let unit_price = bag::unit_price(
            Money::from_paise(record.price_paise),
            record.offer_percentage,
        );
        let own = held
            .iter()
            .find(|(product, size, _)| *product == record.id && *size == item.size)
            .map_or(0, |(_, _, quantity)| *quantity);
        let left = record
            .stock()
            .find(|(size, _)| *size == item.size)
            .map_or(0, |(_, left)| u32::try_from(left).unwrap_or(0))
            .saturating_add(own);
        if let Some(refusal) = short_of_stock(&record.name, &item.size, left, item.quantity) {
            return Err(refusal);
        }
        let line_total = unit_price
            .checked_mul(item.quantity)
            .ok_or_else(|| CheckoutError::Internal("line total overflows".into()))?;
        lines.stored.push(store::NewLine {
            product_id: record.id.clone(),
            name: record.name.to_string(),
            image: record.image_urls().next().map(str::to_owned),
            size: item.size.clone(),
            quantity: item.quantity,
            unit_price_paise: unit_price.paise(),
        });
        lines.shown.push(QuoteLine {
            product: QuoteProduct::of(record, media_origin),
            size: item.size.clone(),
            quantity: item.quantity,
            unit_price: unit_price.into(),
            line_total: line_total.into(),
        });
        lines.cart.push(CartLine {
            unit_price,
            quantity: item.quantity,
        });
        lines.brand_ids.push(record.brand.id.to_string());
    }
    Ok(lines)
}

/// Where an address's pincode puts a delivery: the speed priced for the one asked, the
/// distance, whether express is possible, and the window. A pincode the wizard let through
/// but the delivery rules cannot read gets standard delivery to the farthest window, never
/// express.
struct Reach {
    speed: DeliverySpeed,
    distance_km: u32,
    express_available: bool,
    window: &'static str,
}

fn reach(pincode: &str, requested: DeliverySpeed) -> Reach {
    match Pincode::parse(pincode).ok() {
        Some(pincode) => Reach {
            speed: requested.effective_for(pincode),
            distance_km: delivery::distance_from_warehouse(pincode),
            express_available: delivery::express_available(pincode),
            window: delivery::delivery_window(pincode).label,
        },
        None => Reach {
            speed: DeliverySpeed::Standard,
            distance_km: u32::MAX,
            express_available: false,
            window: "",
        },
    }
}

/// Prices a checkout for `user` from the stored bag or the Buy Now item, the stored address,
/// today's catalogue and the stored coupon: every amount the shopper sees and pays. Stock is
/// checked against the catalogue, plus the units the shopper's own open checkout holds, here;
/// the reservation checks it for real.
pub async fn price(
    state: &AppState,
    user: &UserId,
    input: &QuoteInput,
) -> Result<Priced, CheckoutError> {
    let from_bag = input.source == Source::Bag;
    let (owner, now) = (user.clone(), state.clock.now());
    let snapshot = state.catalogue.snapshot();
    let reading = std::sync::Arc::clone(&snapshot);
    let (addresses, bag_lines, held, unavailable) = state
        .db(move |store| {
            let lines = if from_bag {
                store.bag_lines(&owner)?
            } else {
                Vec::new()
            };
            let unavailable = crate::services::bag::hidden_products(store, &reading, &lines)?;
            let held = store.held_by_open_checkout(&owner, now)?;
            Ok::<_, CheckoutError>((store.addresses(&owner)?, lines, held, unavailable))
        })
        .await?;
    let address = addresses
        .into_iter()
        .find(|a| a.id == input.address_id.as_str())
        .ok_or(CheckoutError::AddressNotFound)?;
    // A bag line of a product no longer sold is refused by name rather than left out: the
    // shopper would otherwise pay for less than the bag showed.
    if let Some(line) = bag_lines
        .iter()
        .find_map(|line| unavailable.get(&line.product_id))
    {
        return Err(CheckoutError::Unavailable(line.name.to_string()));
    }

    let wanted = wanted(&snapshot, &input.source, bag_lines)?;
    if wanted.is_empty() {
        return Err(CheckoutError::EmptyCart);
    }
    let lines = price_lines(&snapshot, state.catalogue.media_origin(), &wanted, &held)?;
    let brand_id = lines.brand_ids[0].clone();
    let reach = reach(&address.pincode, input.speed);
    let subtotal = pricing::subtotal(&lines.cart)
        .map_err(|e| CheckoutError::Internal(format!("cart subtotal: {e}")))?;
    let applied = match &input.coupon {
        Some(code) => Some(coupons::apply(state, user, code, subtotal, &lines.brand_ids).await?),
        None => None,
    };
    let discount = applied.as_ref().map_or(Money::ZERO, |a| a.discount);
    let totals = CartTotals::compute(&lines.cart, discount, reach.speed)
        .map_err(|e| CheckoutError::Internal(format!("cart totals: {e}")))?;
    let coupon = applied
        .as_ref()
        .map(|a| (a.coupon_id.clone(), a.offer.coupon_code.clone()));
    let quote = quote(
        lines.shown,
        &totals,
        input.speed,
        &reach,
        state.clock.now(),
        applied.map(|a| a.offer),
    );
    Ok(Priced {
        quote,
        lines: lines.stored,
        brand_id,
        address,
        totals,
        speed: reach.speed,
        coupon,
        from_bag,
    })
}

fn quote(
    lines: Vec<QuoteLine>,
    totals: &CartTotals,
    requested_speed: DeliverySpeed,
    reach: &Reach,
    now: DateTime<Utc>,
    coupon: Option<super::wire::Offer>,
) -> Quote {
    Quote {
        lines,
        subtotal: totals.subtotal.into(),
        discount: totals.discount.into(),
        delivery_fee: totals.delivery_fee.into(),
        total: totals.total.into(),
        speed: reach.speed,
        requested_speed,
        express_available: reach.express_available,
        distance_km: reach.distance_km,
        delivery_window: reach.window,
        estimated_delivery: reach.speed.estimated_delivery(now),
        coupon,
        free_delivery_above: FREE_DELIVERY_THRESHOLD_CHECKOUT.into(),
    }
}
