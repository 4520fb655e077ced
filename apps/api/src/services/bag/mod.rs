//! The bag and the curated list (001 §2 Bag, §3 Cart and curated list entry, §4 Bag and
//! wishlist toggle): the shopper's own only. Every bag change is decided by the `bag` crate
//! inside one store transaction that holds the bag's lock, and answers the whole bag.

pub mod curated;
pub mod wire;

use std::sync::Arc;

use store::StoreError;
use store::ids::{ProductId, UserId};

use crate::catalogue::Snapshot;
use crate::error::Named;
use crate::services::lookup::product;
use crate::state::AppState;
use crate::wire::{BrandRef, ProductSummary};
use wire::{Cart, Item, ItemProduct, Quantity, Wanted};

/// Why a bag or curated-list call is refused.
#[derive(Debug, thiserror::Error)]
pub enum BagError {
    /// A rule of the bag refused the change.
    #[error(transparent)]
    Rule(#[from] ::bag::BagError),
    #[error("productId is required")]
    MissingProductId,
    #[error("size is required")]
    MissingSize,
    #[error("inList must be true or false")]
    InvalidInList,
    #[error("Product not found.")]
    ProductNotFound,
    #[error("That product is not in your curated list.")]
    NotInList,
    /// The bag's totals could not be computed (a bug).
    #[error("bag totals: {0}")]
    Totals(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A brand as the bag's answer and its brand conflict name it.
pub(crate) fn named(brand: &::bag::Brand) -> Named {
    Named {
        id: brand.id.clone(),
        name: brand.name.clone(),
    }
}

fn cart(
    snapshot: &Snapshot,
    media_origin: &str,
    lines: Vec<::bag::Line>,
) -> Result<Cart, BagError> {
    let bag = ::bag::Bag::resolve(lines, |id| product(snapshot, id));
    let view = bag.view().map_err(|e| BagError::Totals(e.to_string()))?;
    let items = view
        .items
        .iter()
        .filter_map(|item| {
            let record = &snapshot.entries()[snapshot.product(&item.line.product_id)?].record;
            Some(Item {
                product: ItemProduct {
                    summary: ProductSummary::of(record, media_origin),
                    brand: BrandRef::of(&record.brand, media_origin),
                    sizes: record.stock.iter().map(|(size, _)| size.clone()).collect(),
                },
                size: item.line.size.clone(),
                quantity: item.line.quantity,
                price_at_add: item.line.price_at_add.into(),
                unit_price: item.product.unit_price.into(),
                line_total: item.line_total.into(),
                price_changed: item.price_changed,
                in_stock: item.in_stock,
            })
        })
        .collect();
    Ok(Cart {
        items,
        total_amount: view.total_amount.into(),
        total_items: view.total_items,
        brand: view.brand.map(named),
        price_changed: view.price_changed,
    })
}

/// Runs `change` on the shopper's bag in one transaction and answers the bag it leaves.
async fn change(
    state: &AppState,
    user: &UserId,
    change: impl FnOnce(&mut ::bag::Bag) -> Result<(), ::bag::BagError> + Send + 'static,
) -> Result<Cart, BagError> {
    let snapshot = state.catalogue.snapshot();
    let user = user.clone();
    let now = state.clock.now();
    let deciding = Arc::clone(&snapshot);
    let lines = state
        .db(move |store| {
            store.change_bag(&user, now, |lines| {
                let mut bag = ::bag::Bag::resolve(lines, |id| product(&deciding, id));
                change(&mut bag)?;
                Ok::<_, ::bag::BagError>(bag.lines().cloned().collect())
            })
        })
        .await??;
    cart(&snapshot, state.catalogue.media_origin(), lines)
}

/// The shopper's bag.
pub async fn bag(state: &AppState, user: &UserId) -> Result<Cart, BagError> {
    let id = user.clone();
    let lines = state.db(move |store| store.bag_lines(&id)).await?;
    let snapshot = state.catalogue.snapshot();
    cart(&snapshot, state.catalogue.media_origin(), lines)
}

/// How an add goes into the bag: beside what it holds, or in place of it.
type Adding = fn(&mut ::bag::Bag, ::bag::Product, &str, u32) -> Result<(), ::bag::BagError>;

/// Puts the wanted product into the shopper's bag the way `adding` says.
async fn put(
    state: &AppState,
    user: &UserId,
    wanted: Wanted,
    adding: Adding,
) -> Result<Cart, BagError> {
    let product = product(&state.catalogue.snapshot(), wanted.product_id.as_str())
        .ok_or(BagError::ProductNotFound)?;
    change(state, user, move |bag| {
        adding(bag, product, &wanted.size, wanted.quantity)
    })
    .await
}

/// Adds a quantity of a product in a size to the shopper's bag.
pub async fn add(state: &AppState, user: &UserId, wanted: Wanted) -> Result<Cart, BagError> {
    put(state, user, wanted, ::bag::Bag::add).await
}

/// Empties the shopper's bag and adds, in one transaction: the brand-conflict dialog's
/// 'Switch to {brand}'. When the add is refused, the bag keeps what it held.
pub async fn switch_brand(
    state: &AppState,
    user: &UserId,
    wanted: Wanted,
) -> Result<Cart, BagError> {
    put(state, user, wanted, ::bag::Bag::switch_brand).await
}

/// Sets the quantity of a line of the shopper's bag; 0 takes it out.
pub async fn set_quantity(
    state: &AppState,
    user: &UserId,
    product_id: ProductId,
    size: String,
    quantity: Quantity,
) -> Result<Cart, BagError> {
    change(state, user, move |bag| {
        bag.set_quantity(product_id.as_str(), &size, quantity.0)
    })
    .await
}

/// Takes a line out of the shopper's bag.
pub async fn remove(
    state: &AppState,
    user: &UserId,
    product_id: ProductId,
    size: String,
) -> Result<Cart, BagError> {
    change(state, user, move |bag| {
        bag.remove(product_id.as_str(), &size)
    })
    .await
}

/// Empties the shopper's bag.
pub async fn clear(state: &AppState, user: &UserId) -> Result<Cart, BagError> {
    change(state, user, |bag| {
        bag.clear();
        Ok(())
    })
    .await
}
