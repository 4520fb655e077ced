//! The bag and the curated list (001 §2 Bag, §3 Cart and curated list entry, §4 Bag and
//! wishlist toggle): the shopper's own only. Every bag change is decided by the `bag` crate
//! inside one store transaction that holds the bag's lock, and answers the whole bag.

pub mod curated;
pub mod wire;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use store::StoreError;
use store::ids::{ProductId, UserId};

use crate::auth::cache::Lookup;
use crate::catalogue::{Interner, Product, Snapshot};
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

/// The stored products of the `lines` that their brand archived or switched off, by id: such a
/// line stays in the bag, marked unavailable. A line of a product that no longer exists, or
/// of a brand switched off as a whole, is not among them and is left out, as before.
pub(crate) fn hidden_products(
    store: &store::Store,
    snapshot: &Snapshot,
    lines: &[::bag::Line],
) -> Result<HashMap<String, Product>, StoreError> {
    let missing: Vec<ProductId> = lines
        .iter()
        .filter(|line| snapshot.product(&line.product_id).is_none())
        .map(|line| ProductId::new(line.product_id.as_str()))
        .collect();
    if missing.is_empty() {
        return Ok(HashMap::new());
    }
    let mut interner = Interner::default();
    Ok(store
        .products_by_ids(&missing)?
        .into_iter()
        .filter(|p| p.archived_at.is_some() || !p.is_active)
        .map(|p| (p.id.to_string(), Product::of_record(p, &mut interner)))
        .collect())
}

/// A line of a product no longer sold: shown as it was, counted in no total, `available`
/// false with the reason.
fn unavailable_item(line: &::bag::Line, record: &Product, media_origin: &str) -> Item {
    Item {
        product: ItemProduct {
            summary: ProductSummary::of(record, media_origin),
            brand: BrandRef::of(&record.brand, media_origin),
            sizes: record.sizes.iter().map(ToString::to_string).collect(),
        },
        size: line.size.clone(),
        quantity: line.quantity,
        price_at_add: line.price_at_add.into(),
        unit_price: ::bag::unit_price(
            pricing::Money::from_paise(record.price_paise),
            record.offer_percentage,
        )
        .into(),
        line_total: pricing::Money::ZERO.into(),
        price_changed: false,
        in_stock: 0,
        available: false,
        unavailable_reason: Some(::bag::BagError::Unavailable.to_string()),
    }
}

fn cart(
    snapshot: &Snapshot,
    media_origin: &str,
    lines: Vec<::bag::Line>,
    hidden: &HashMap<String, Product>,
) -> Result<Cart, BagError> {
    let bag = ::bag::Bag::resolve_keeping(
        lines,
        |id| product(snapshot, id),
        |id| hidden.contains_key(id),
    );
    let view = bag.view().map_err(|e| BagError::Totals(e.to_string()))?;
    let mut items: Vec<Item> = view
        .items
        .iter()
        .filter_map(|item| {
            let record = &snapshot.entries()[snapshot.product(&item.line.product_id)?].product;
            Some(Item {
                product: ItemProduct {
                    summary: ProductSummary::of(record, media_origin),
                    brand: BrandRef::of(&record.brand, media_origin),
                    sizes: record.sizes.iter().map(ToString::to_string).collect(),
                },
                size: item.line.size.clone(),
                quantity: item.line.quantity,
                price_at_add: item.line.price_at_add.into(),
                unit_price: item.product.unit_price.into(),
                line_total: item.line_total.into(),
                price_changed: item.price_changed,
                in_stock: item.in_stock,
                available: true,
                unavailable_reason: None,
            })
        })
        .collect();
    items.extend(bag.unavailable_lines().iter().filter_map(|line| {
        hidden
            .get(&line.product_id)
            .map(|record| unavailable_item(line, record, media_origin))
    }));
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
    let (user, forgotten) = (user.clone(), user.clone());
    let now = state.clock.now();
    let deciding = Arc::clone(&snapshot);
    let outcome = state
        .db(move |store| {
            // Read before the change's transaction: a line added meanwhile is of a product
            // the catalogue shows, so it needs no lookup.
            let hidden = hidden_products(store, &deciding, &store.bag_lines(&user)?)?;
            let kept: HashSet<&str> = hidden.keys().map(String::as_str).collect();
            let lines = store.change_bag(&user, now, |lines| {
                let mut bag = ::bag::Bag::resolve_keeping(
                    lines,
                    |id| product(&deciding, id),
                    |id| kept.contains(id),
                );
                change(&mut bag)?;
                Ok::<_, ::bag::BagError>(bag.lines().cloned().collect())
            })?;
            Ok::<_, StoreError>(lines.map(|lines| (lines, hidden)))
        })
        .await;
    // Whatever the outcome, this process's copy of the bag may be stale now.
    state.session_cache.forget(forgotten.as_str());
    let (lines, hidden) = outcome??;
    cart(&snapshot, state.catalogue.media_origin(), lines, &hidden)
}

/// The shopper's bag. Its lines come from the process's cache of signed-in shoppers when they
/// are there (kept in step with every process's bag writes through the sessions' feed), and
/// from the database otherwise; a bag holding a product the catalogue no longer shows reads
/// the database for that product.
pub async fn bag(state: &AppState, user: &UserId) -> Result<Cart, BagError> {
    let snapshot = state.catalogue.snapshot();
    let cached = state
        .session_cache
        .lookup_bag(user.as_str(), std::time::Instant::now());
    let epoch = match cached {
        Lookup::Hit(lines)
            if lines
                .iter()
                .all(|l| snapshot.product(&l.product_id).is_some()) =>
        {
            let lines = Arc::unwrap_or_clone(lines);
            return cart(
                &snapshot,
                state.catalogue.media_origin(),
                lines,
                &HashMap::new(),
            );
        }
        Lookup::Hit(_) => None,
        Lookup::Miss(epoch) => epoch,
    };
    let id = user.clone();
    let reading = Arc::clone(&snapshot);
    let (lines, hidden) = state
        .db(move |store| {
            let lines = store.bag_lines(&id)?;
            let hidden = hidden_products(store, &reading, &lines)?;
            Ok::<_, StoreError>((lines, hidden))
        })
        .await?;
    if let Some(epoch) = epoch {
        state
            .session_cache
            .keep_bag(user.as_str(), Arc::new(lines.clone()), epoch);
    }
    cart(&snapshot, state.catalogue.media_origin(), lines, &hidden)
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
