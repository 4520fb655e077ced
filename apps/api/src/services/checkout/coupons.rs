//! Coupons (001 §5, §8): a code checked against a priced cart (the checkout's and
//! validate-cart's), and My Offers. Nothing here is written: a use is counted only when an
//! order is placed (`store::claim_coupon_use`).

use pricing::{CouponCode, CouponError, CouponUsage, Money};
use store::ids::UserId;

use super::input::{DirectLine, ValidateRequest};
use super::wire::Offer;
use super::{CheckoutError, lookup};
use crate::catalogue::Snapshot;
use crate::state::AppState;

/// A coupon that applies to a priced cart.
#[derive(Debug)]
pub struct AppliedCoupon {
    /// The offer as validate-cart answers it, with `discount` and `subtotal`.
    pub offer: Offer,
    /// The stored coupon's id, whose use an order claims.
    pub coupon_id: String,
    /// What it takes off the subtotal.
    pub discount: Money,
}

fn usage(record: &store::CouponRecord, shopper_uses: i64) -> CouponUsage {
    CouponUsage {
        times_used: u64::try_from(record.times_used).unwrap_or(0),
        shopper_uses: u64::try_from(shopper_uses).unwrap_or(0),
    }
}

/// Checks the coupon `code` for `user` against a cart of `subtotal` whose items are of
/// `brand_ids`, with its usage as stored now: the coupon and its discount, or the refusal the
/// shopper reads. Nothing is written.
pub async fn apply(
    state: &AppState,
    user: &UserId,
    code: &CouponCode,
    subtotal: Money,
    brand_ids: &[String],
) -> Result<AppliedCoupon, CheckoutError> {
    let (lookup, owner) = (code.as_str().to_owned(), user.clone());
    let found = state
        .db(move |store| store.coupon_by_code(&lookup, &owner))
        .await?;
    let now = state.clock.now();
    // An unknown code and a stored row the rules cannot read are both simply invalid.
    let (record, shopper_uses) = found.ok_or(CouponError::Invalid)?;
    let coupon = record.terms().ok_or(CouponError::Invalid)?;
    let discount = coupon.redeem(subtotal, brand_ids, usage(&record, shopper_uses), now)?;
    let mut offer = Offer::new(&record, &coupon, now);
    offer.discount = Some(discount.into());
    offer.subtotal = Some(subtotal.into());
    Ok(AppliedCoupon {
        offer,
        coupon_id: record.id,
        discount,
    })
}

/// The subtotal and the brand of each item of what is being bought.
struct Cart {
    subtotal: Money,
    brand_ids: Vec<String>,
}

fn overflow() -> CheckoutError {
    CheckoutError::Internal("cart subtotal overflows".into())
}

/// The shopper's bag at today's unit prices (its lines whose product shoppers can see).
fn price_bag(snapshot: &Snapshot, lines: Vec<bag::Line>) -> Result<Cart, CheckoutError> {
    let bag = bag::Bag::resolve(lines, |id| lookup::product(snapshot, id));
    let view = bag
        .view()
        .map_err(|e| CheckoutError::Internal(format!("bag totals: {e}")))?;
    Ok(Cart {
        subtotal: view.total_amount,
        brand_ids: view
            .items
            .iter()
            .map(|item| item.product.brand.id.clone())
            .collect(),
    })
}

/// Direct-buy items priced from the catalogue, each read and looked up in turn.
fn price_items(
    snapshot: &Snapshot,
    items: &[super::input::DirectItem],
) -> Result<Cart, CheckoutError> {
    let mut subtotal = Money::ZERO;
    let mut brand_ids = Vec::with_capacity(items.len());
    for item in items {
        let line = DirectLine::try_from(item)?;
        let product = lookup::product(snapshot, line.product_id.as_str())
            .ok_or(CheckoutError::ProductNotFound)?;
        let total = product
            .unit_price
            .checked_mul(line.quantity)
            .ok_or_else(overflow)?;
        subtotal = subtotal.checked_add(total).ok_or_else(overflow)?;
        brand_ids.push(product.brand.id);
    }
    Ok(Cart {
        subtotal,
        brand_ids,
    })
}

/// Checks `code` against `user`'s bag, or against the request's direct-buy items: the offer
/// with its discount and the subtotal it is taken from. Nothing is written.
pub async fn validate_cart(
    state: &AppState,
    user: &UserId,
    code: &CouponCode,
    request: &ValidateRequest,
) -> Result<Offer, CheckoutError> {
    let snapshot = state.catalogue.snapshot();
    let cart = match &request.cart_items {
        Some(items) => price_items(&snapshot, items)?,
        None => {
            let owner = user.clone();
            let lines = state.db(move |store| store.bag_lines(&owner)).await?;
            price_bag(&snapshot, lines)?
        }
    };
    if cart.brand_ids.is_empty() {
        return Err(CheckoutError::EmptyCart);
    }
    let applied = apply(state, user, code, cart.subtotal, &cart.brand_ids).await?;
    Ok(applied.offer)
}

/// The coupons `user` can use now (My Offers): active, inside their window, under both usage
/// limits for this shopper, and for no brand or a brand the shop shows; each with its terms in
/// plain English.
pub async fn my_offers(state: &AppState, user: &UserId) -> Result<Vec<Offer>, CheckoutError> {
    let owner = user.clone();
    let (coupons, uses) = state
        .db(move |store| Ok::<_, CheckoutError>((store.coupons()?, store.coupon_uses_of(&owner)?)))
        .await?;
    let snapshot = state.catalogue.snapshot();
    let now = state.clock.now();
    Ok(coupons
        .iter()
        .filter_map(|record| {
            let coupon = record.terms()?;
            let used = usage(record, uses.get(&record.id).copied().unwrap_or(0));
            if !coupon.is_usable(used, now) {
                return None;
            }
            let brand_name = match &coupon.brand_id {
                Some(id) => Some(snapshot.active_brand(id)?.record.name.as_str()),
                None => None,
            };
            let mut offer = Offer::new(record, &coupon, now);
            offer.rules = Some(coupon.rules(brand_name));
            Some(offer)
        })
        .collect())
}
