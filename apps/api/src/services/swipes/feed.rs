//! The swipe feed (001 swipe screen, §4, §9): the next cards for a shopper or a visitor,
//! ranked by the `recommend` crate among the products the filter sheet admits.

use std::collections::HashSet;

use actix_web::web::{Bytes, BytesMut};
use serde::Serialize;
use validation::ProductGender;

use super::SwipesError;
use super::feed_view::FeedView;
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
pub async fn feed(
    state: &AppState,
    shopper: Option<Shopper>,
    query: FeedQuery,
) -> Result<Bytes, SwipesError> {
    let snapshot = state.catalogue.snapshot();
    let feed = state.feed.clone();
    let ranking = snapshot.clone();
    let now = state.clock.now();
    let cards = state.cards.clone();
    let picks = state
        .db(move |store| -> Result<_, store::StoreError> {
            let swipes = match &shopper {
                Some(s) => store.swipes_of(&s.id)?,
                None => Vec::new(),
            };
            let view = feed.view(&ranking);
            let picks = rank(&ranking, &view, shopper.as_ref(), &swipes, &query);
            crate::services::insights::note_cards_shown(&cards, &ranking, &picks, now);
            Ok(picks)
        })
        .await?;
    Ok(render(&snapshot, &picks, state.clock.now()))
}

/// Scores the candidates for the shopper's taste and picks the batch.
fn rank(
    snapshot: &Snapshot,
    view: &FeedView,
    shopper: Option<&Shopper>,
    swipes: &[(store::ids::ProductId, bool)],
    query: &FeedQuery,
) -> Vec<(usize, recommend::Pick)> {
    let (mut likes, mut dislikes) = (Vec::new(), Vec::new());
    // Products left out by index: a flag per product instead of an id lookup per product.
    let mut left_out = vec![false; view.products.len()];
    for (id, liked) in swipes {
        if let Some(i) = snapshot.product(id) {
            left_out[i] = true;
            if *liked {
                likes.push(i);
            } else {
                dislikes.push(i);
            }
        }
    }
    // The products seen, for the seed: the swiped ones (a shopper swipes a product once) and
    // the excluded ones not swiped, counted without hashing a thousand swiped ids into a set.
    let mut seen = swipes.len();
    for id in &query.exclude {
        let swiped = match snapshot.product(id) {
            Some(i) => std::mem::replace(&mut left_out[i], true),
            None => swipes.iter().any(|(s, _)| s.as_str() == id),
        };
        seen += usize::from(!swiped);
    }
    let (interests, fits) = shopper.map_or((&[][..], &[][..]), |s| {
        (s.interests.as_slice(), s.fits.as_slice())
    });
    let taste = recommend::Taste::of_prepared(&view.prepared, interests, fits, &likes, &dislikes);
    let allowed = allowed(snapshot, view, left_out, query);
    let seed = seed_of(shopper.map(|s| s.id.as_str()), swipes.len(), seen);
    recommend::next_batch_indexed(
        &taste,
        &view.products,
        &view.prepared,
        &allowed,
        query.limit,
        seed,
    )
}

/// Which products may be cards (a flag per product, in the snapshot's order): not swiped or
/// shown yet (`left_out`, turned into the answer), of the gender asked for, and admitted by the
/// filter sheet. Without a filter, no product's record is read.
fn allowed(
    snapshot: &Snapshot,
    view: &FeedView,
    mut left_out: Vec<bool>,
    query: &FeedQuery,
) -> Vec<bool> {
    let admitted = |r: &store::ProductRecord| {
        let category_ids: Vec<&str> = r.categories.iter().map(|c| c.id.as_str()).collect();
        let sizes: Vec<&str> = r.stock.iter().map(|(s, _)| s.as_str()).collect();
        query.filter.admits(&recommend::Facets {
            brand: &r.brand.id,
            category_ids: &category_ids,
            colour: &r.colour,
            sizes: &sizes,
        })
    };
    let entries = snapshot.entries();
    for (i, flag) in left_out.iter_mut().enumerate() {
        *flag = !*flag
            && query.gender.is_none_or(|g| view.genders[i] == Some(g))
            && (query.filter.is_empty() || admitted(&entries[i].record));
    }
    left_out
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
