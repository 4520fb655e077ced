//! The curated list: the products a shopper liked or hearted, newest first.

use store::ids::{ProductId, UserId};

use super::BagError;
use super::wire::{Entry, EntryBrand, InList, Membership, Removed, SetAnswer};
use crate::catalogue::Snapshot;
use crate::state::AppState;
use crate::wire::ProductSummary;

fn entry(
    snapshot: &Snapshot,
    media_origin: &str,
    product_id: &str,
    added_at: chrono::NaiveDateTime,
) -> Option<Entry> {
    let record = &snapshot.entries()[snapshot.product(product_id)?].product;
    Some(Entry {
        summary: ProductSummary::of(record, media_origin),
        brand: EntryBrand {
            id: record.brand.id.to_string(),
            name: record.brand.name.clone(),
        },
        category: record.categories.iter().map(|c| c.name.clone()).collect(),
        tags: record.tags.iter().map(ToString::to_string).collect(),
        sizes: record.sizes.iter().map(ToString::to_string).collect(),
        added_at: added_at.and_utc(),
    })
}

/// The shopper's list, newest first. Products shoppers can no longer see are left out.
pub async fn list(state: &AppState, user: &UserId) -> Result<Vec<Entry>, BagError> {
    let id = user.clone();
    let rows = state.db(move |store| store.curated_list(&id)).await?;
    let snapshot = state.catalogue.snapshot();
    let origin = state.catalogue.media_origin();
    Ok(rows
        .into_iter()
        .filter_map(|(id, at)| entry(&snapshot, origin, &id, at))
        .collect())
}

/// An entry of the list, and whether this call put it there.
#[derive(Debug)]
pub struct Added {
    pub entry: Entry,
    /// False when it was in the list already.
    pub added: bool,
}

/// Adds a product to the shopper's list, or answers its entry when it is there already.
pub async fn add(
    state: &AppState,
    user: &UserId,
    product_id: ProductId,
) -> Result<Added, BagError> {
    let snapshot = state.catalogue.snapshot();
    if snapshot.product(product_id.as_str()).is_none() {
        return Err(BagError::ProductNotFound);
    }
    let now = state.clock.now();
    let (user, id) = (user.clone(), product_id.clone());
    let (added, rows) = state
        .db(move |store| {
            let added = store.add_to_curated_list(&user, &id, now)?;
            store.curated_list(&user).map(|rows| (added, rows))
        })
        .await?;
    let added_at = rows
        .into_iter()
        .find(|(id, _)| id == product_id.as_str())
        .map_or(now.naive_utc(), |(_, at)| at);
    let origin = state.catalogue.media_origin();
    let entry =
        entry(&snapshot, origin, product_id.as_str(), added_at).ok_or(BagError::ProductNotFound)?;
    Ok(Added { entry, added })
}

/// Takes a product out of the shopper's list.
pub async fn remove(
    state: &AppState,
    user: &UserId,
    product_id: ProductId,
) -> Result<Removed, BagError> {
    let user = user.clone();
    let removed = state
        .db(move |store| store.remove_from_curated_list(&user, &product_id))
        .await?;
    if removed {
        Ok(Removed { success: true })
    } else {
        Err(BagError::NotInList)
    }
}

/// Puts a product in the shopper's list or takes it out, as asked: the wishlist heart's
/// toggle, sent as the state wanted so a repeated or doubled tap changes nothing more (001 §4).
pub async fn set(
    state: &AppState,
    user: &UserId,
    product_id: ProductId,
    InList(in_list): InList,
) -> Result<SetAnswer, BagError> {
    // Taking out a product the catalogue no longer shows is fine; putting one in is not.
    if in_list
        && state
            .catalogue
            .snapshot()
            .product(product_id.as_str())
            .is_none()
    {
        return Err(BagError::ProductNotFound);
    }
    let now = state.clock.now();
    let (user, id) = (user.clone(), product_id.clone());
    let changed = state
        .db(move |store| {
            if in_list {
                store.add_to_curated_list(&user, &id, now)
            } else {
                store.remove_from_curated_list(&user, &id)
            }
        })
        .await?;
    Ok(SetAnswer {
        success: true,
        data: Membership {
            product_id: product_id.into_inner(),
            in_list,
            changed,
        },
    })
}
