//! The swipe feed (001 swipe screen, §4, §9): the next cards for a shopper or a visitor,
//! ranked by the `recommend` crate among the products the filter sheet admits.

use std::collections::HashSet;
use std::sync::Arc;

use actix_web::web::{Bytes, BytesMut};
use serde::Serialize;
use validation::ProductGender;

use super::SwipesError;
use super::feed_view::FeedView;
use super::shoppers::ShopperState;
use super::wire::{FeedFacts, FeedFilters, FeedReason};
use crate::catalogue::Snapshot;
use crate::state::AppState;

/// What the feed is asked for.
#[derive(Debug, Clone, Default)]
pub struct FeedQuery {
    /// How many cards, at most.
    pub limit: usize,
    /// Product ids shown already (the deck sends them): left out like swiped ones.
    pub exclude: HashSet<String>,
    pub gender: Option<ProductGender>,
    pub filter: recommend::Filter,
}

/// Who asks: their onboarding answers and swipes shape the ranking.
#[derive(Debug, Clone)]
pub struct Shopper {
    pub id: store::ids::UserId,
    pub interests: Vec<String>,
    pub fits: Vec<String>,
}

/// The next cards to swipe, best first, as a JSON list of products each with its `feed`
/// score and reasons. An empty list means everything matching the filters has been seen.
///
/// The shopper's swipes, taste and ranking head are kept between requests
/// ([`super::shoppers`]): only a shopper not kept has their swipes read and ranked.
pub async fn feed(
    state: &AppState,
    shopper: Option<Shopper>,
    query: FeedQuery,
) -> Result<Bytes, SwipesError> {
    let snapshot = state.catalogue.snapshot();
    let view = state.feed.view(&snapshot);
    let user = shopper.as_ref().map(|s| s.id.clone());
    let (interests, fits) = shopper.map_or_else(Default::default, |s| (s.interests, s.fits));
    let shoppers = &state.feed.shoppers;
    let kept = match shoppers.get(&view, user.as_ref(), (&interests, &fits), query.gender) {
        Some(kept) => kept,
        None => {
            let stamp = shoppers.stamp(user.as_ref());
            let building = Arc::clone(&view);
            let reading = user.clone();
            let gender = query.gender;
            // Enough of the ranking for this batch twice over, past what the deck excluded.
            let len = 2 * recommend::ranked_head_len(query.limit) + query.exclude.len();
            let kept = state
                .db(move |store| -> Result<_, store::StoreError> {
                    let swipes = match &reading {
                        Some(id) => store.swipes_of(id)?,
                        None => Vec::new(),
                    };
                    Ok(Arc::new(ShopperState::new(
                        &building,
                        stamp,
                        (interests, fits),
                        gender,
                        swipes,
                        len,
                    )))
                })
                .await?;
            shoppers.keep(user.clone(), Arc::clone(&kept));
            kept
        }
    };
    let picks = rank(&view, &kept, user.as_ref(), &query);
    crate::services::insights::note_cards_shown(&state.cards, &snapshot, &picks, state.clock.now());
    Ok(render(&snapshot, &picks, state.clock.now()))
}

/// Deals the batch for the kept shopper: from their kept ranking head when it holds enough of
/// what the query allows.
fn rank(
    view: &FeedView,
    kept: &ShopperState,
    user: Option<&store::ids::UserId>,
    query: &FeedQuery,
) -> Vec<(usize, recommend::Pick)> {
    let snapshot = view.snapshot();
    // The products the deck showed and the shopper has not swiped, by index; and how many
    // products were seen, for the seed.
    let mut excluded: Vec<usize> = Vec::with_capacity(query.exclude.len());
    let mut seen = kept.swipes;
    for id in &query.exclude {
        let swiped = match snapshot.product(id) {
            Some(i) if kept.swiped(i) => true,
            Some(i) => {
                excluded.push(i);
                false
            }
            None => kept.swiped_unlisted(id),
        };
        seen += usize::from(!swiped);
    }
    excluded.sort_unstable();
    let entries = snapshot.entries();
    let admitted = |r: &crate::catalogue::Product| {
        let category_ids: Vec<&str> = r.categories.iter().map(|c| c.id.as_str()).collect();
        let sizes: Vec<&str> = r.sizes.iter().map(|s| &**s).collect();
        query.filter.admits(&recommend::Facets {
            brand: &r.brand.id,
            category_ids: &category_ids,
            colour: &r.colour,
            sizes: &sizes,
        })
    };
    // Not swiped or shown yet, of the gender asked for, and admitted by the filter sheet;
    // asked only of the products the ranking reaches. Without a filter, no record is read.
    let allowed = |i: usize| {
        !kept.swiped(i)
            && excluded.binary_search(&i).is_err()
            && query.gender.is_none_or(|g| view.genders[i] == Some(g))
            && (query.filter.is_empty() || admitted(&entries[i].product))
    };
    let seed = seed_of(user.map(|u| u.as_str()), kept.swipes, seen);
    recommend::next_batch_indexed(
        &kept.taste,
        &view.products,
        &view.prepared,
        allowed,
        Some(&kept.candidates),
        query.limit,
        seed,
    )
}

fn render(
    snapshot: &Snapshot,
    picks: &[(usize, recommend::Pick)],
    now: chrono::DateTime<chrono::Utc>,
) -> Bytes {
    let mut out = BytesMut::with_capacity(picks.len() * 2048 + 2);
    out.extend_from_slice(b"[");
    for (n, (index, pick)) in picks.iter().enumerate() {
        let Some(product) = snapshot.render_product(*index, now) else {
            continue;
        };
        let facts = FeedFacts {
            score: pick.score.total,
            exploration: pick.exploration,
            reasons: pick
                .score
                .reasons
                .iter()
                .map(|(r, points)| FeedReason {
                    reason: reason_text(r),
                    points: *points,
                })
                .collect(),
        };
        if n > 0 {
            out.extend_from_slice(b",");
        }
        out.extend_from_slice(&with_member(&product, "feed", &facts));
    }
    out.extend_from_slice(b"]");
    out.freeze()
}

fn reason_text(reason: &recommend::Reason) -> String {
    use recommend::Reason::*;
    let side = |liked: bool| if liked { "liked" } else { "disliked" };
    match reason {
        StyleInterest(name) => format!("style interest {name}"),
        PreferredFit(fit) => format!("preferred fit {fit}"),
        Brand { liked, times } => format!("brand {} {times}x", side(*liked)),
        Category { name, liked, times } => format!("category {name} {} {times}x", side(*liked)),
        Tag { name, liked, times } => format!("tag {name} {} {times}x", side(*liked)),
        Colour { liked, times } => format!("colour {} {times}x", side(*liked)),
        PriceBand { liked } => format!("price band of {} products", side(*liked)),
        Trend(score) => format!("community trend {score:+}"),
    }
}

/// A pre-rendered JSON object with one more member.
fn with_member<T: Serialize>(object: &Bytes, name: &str, value: &T) -> Bytes {
    let value = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
    let body = object.strip_suffix(b"}").unwrap_or(object);
    let mut out = BytesMut::with_capacity(object.len() + name.len() + value.len() + 8);
    out.extend_from_slice(body);
    if body.len() > 1 {
        out.extend_from_slice(b",");
    }
    out.extend_from_slice(b"\"");
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
    out.extend_from_slice(&value);
    out.extend_from_slice(b"}");
    out.freeze()
}

/// Changes with the shopper and with each swipe or card shown, so exploration moves on, yet is
/// the same for the same state.
fn seed_of(user: Option<&str>, swipes: usize, seen: usize) -> u64 {
    let base = user
        .unwrap_or("visitor")
        .bytes()
        .fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(b));
    base ^ ((swipes as u64) << 32) ^ seen as u64
}

/// The colours and sizes the filter sheet offers.
pub fn filters(state: &AppState) -> FeedFilters {
    let snapshot = state.catalogue.snapshot();
    let view = state.feed.view(&snapshot);
    FeedFilters {
        colors: view.colors.clone(),
        sizes: view.sizes.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_is_added_before_the_closing_brace() {
        let object = Bytes::from_static(br#"{"_id":"p1"}"#);
        assert_eq!(
            with_member(&object, "feed", &serde_json::json!({"score": 3})),
            Bytes::from_static(br#"{"_id":"p1","feed":{"score":3}}"#)
        );
        assert_eq!(
            with_member(&Bytes::from_static(b"{}"), "feed", &1),
            Bytes::from_static(br#"{"feed":1}"#)
        );
    }
}
