//! Each recent shopper's side of the feed, kept between requests: which products they swiped,
//! the taste their swipes and onboarding answers make, and the head of their ranking. A feed
//! request of a shopper kept here reads no swipe and ranks nothing but the few products its
//! filters leave out of that head.
//!
//! Kept until one of these, whichever comes first:
//! - a swipe or undo of the shopper in this process (the writer's caller forgets them once the
//!   writer answers, so the next feed reads the swipe);
//! - [`TRUST`] after the swipes were read, which bounds how long a swipe made through another
//!   process goes unseen here (the deck also sends the cards it showed, so a card just swiped
//!   elsewhere is left out anyway);
//! - a new view of the catalogue (a catalogue change or the trend's refresh renumbers it);
//! - other onboarding answers, or a request of another gender (the ranking head is kept for
//!   one gender, or for all).

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use store::ids::{ProductId, UserId};
use validation::ProductGender;

use super::feed_view::FeedView;

/// How long swipes read from the database are trusted without reading them again.
pub const TRUST: Duration = Duration::from_secs(1);

/// At most this many shoppers are kept; past it, those kept longer than [`TRUST`] go first,
/// then everyone.
const CAPACITY: usize = 4096;

/// Every this many states kept, those no longer trusted are dropped, so a state (its size grows
/// with the shopper's swipes) is not held long after it stopped being used.
const SWEEP_EVERY: u32 = 256;

/// Forgetting bumps one of these: a state read before the bump is stale.
const STRIPES: usize = 256;

/// One shopper's side of the feed, for one view of the catalogue.
#[derive(Debug)]
pub(crate) struct ShopperState {
    generation: u64,
    stamp: u64,
    read_at: Instant,
    interests: Vec<String>,
    fits: Vec<String>,
    /// The gender the ranking head is kept for (`None`: every gender).
    gender: Option<ProductGender>,
    /// The swiped products in the view, by index, sorted.
    swiped: Vec<u32>,
    /// Swiped products the view does not list (unlisted since).
    swiped_elsewhere: Vec<ProductId>,
    /// How many swipes there are.
    pub swipes: usize,
    pub taste: recommend::Taste,
    pub candidates: recommend::Candidates,
}

impl ShopperState {
    /// The state of a shopper with these onboarding answers and `swipes`, in `view`, keeping
    /// the first `kept` of their ranking among the products of `gender` they have not swiped;
    /// `stamp` is [`Shoppers::stamp`] taken before the swipes were read.
    pub(crate) fn new(
        view: &FeedView,
        stamp: u64,
        (interests, fits): (Vec<String>, Vec<String>),
        gender: Option<ProductGender>,
        swipes: Vec<(ProductId, bool)>,
        kept: usize,
    ) -> Self {
        let (mut likes, mut dislikes) = (Vec::new(), Vec::new());
        let mut swiped = Vec::with_capacity(swipes.len());
        let mut swiped_elsewhere = Vec::new();
        let count = swipes.len();
        for (id, liked) in swipes {
            match view.snapshot().product(id.as_str()) {
                Some(i) => {
                    swiped.push(i as u32);
                    if liked {
                        likes.push(i);
                    } else {
                        dislikes.push(i);
                    }
                }
                None => swiped_elsewhere.push(id),
            }
        }
        swiped.sort_unstable();
        let taste =
            recommend::Taste::of_prepared(&view.prepared, &interests, &fits, &likes, &dislikes);
        // A bit per product while ranking, which asks about every product of the groups it
        // visits; the sorted list is what is kept.
        let mut bits = vec![0u64; view.products.len().div_ceil(64)];
        for &i in &swiped {
            bits[i as usize / 64] |= 1 << (i % 64);
        }
        let base = |i: usize| {
            bits[i / 64] & (1 << (i % 64)) == 0 && gender.is_none_or(|g| view.genders[i] == Some(g))
        };
        let candidates = recommend::Candidates::new(&taste, &view.prepared, base, kept);
        Self {
            generation: view.generation,
            stamp,
            read_at: Instant::now(),
            interests,
            fits,
            gender,
            swiped,
            swiped_elsewhere,
            swipes: count,
            taste,
            candidates,
        }
    }

    /// Whether the product at `index` of the view was swiped.
    pub(crate) fn swiped(&self, index: usize) -> bool {
        self.swiped.binary_search(&(index as u32)).is_ok()
    }

    /// Whether a product the view does not list was swiped.
    pub(crate) fn swiped_unlisted(&self, id: &str) -> bool {
        self.swiped_elsewhere.iter().any(|s| s.as_str() == id)
    }
}

/// The kept shoppers of this process (the visitor, who has no swipes, among them).
#[derive(Debug)]
pub struct Shoppers {
    kept: Mutex<Kept>,
    stamps: Vec<AtomicU64>,
    hasher: RandomState,
}

#[derive(Debug, Default)]
struct Kept {
    states: HashMap<Option<UserId>, Arc<ShopperState>>,
    /// States kept since the last sweep.
    since_sweep: u32,
}

impl Default for Shoppers {
    fn default() -> Self {
        Self {
            kept: Mutex::default(),
            stamps: (0..STRIPES).map(|_| AtomicU64::new(0)).collect(),
            hasher: RandomState::new(),
        }
    }
}

impl Shoppers {
    fn stripe(&self, user: Option<&UserId>) -> &AtomicU64 {
        let at = self.hasher.hash_one(user.map(UserId::as_str)) as usize % STRIPES;
        &self.stamps[at]
    }

    /// Taken before reading a shopper's swipes: a state kept with an older stamp is stale.
    pub(crate) fn stamp(&self, user: Option<&UserId>) -> u64 {
        self.stripe(user).load(Ordering::Acquire)
    }

    /// The kept state of `user` in `view`, if it is still to be trusted.
    pub(crate) fn get(
        &self,
        view: &FeedView,
        user: Option<&UserId>,
        (interests, fits): (&[String], &[String]),
        gender: Option<ProductGender>,
    ) -> Option<Arc<ShopperState>> {
        let state = self
            .kept
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .states
            .get(&user.cloned())
            .cloned()?;
        (state.generation == view.generation
            && state.stamp == self.stamp(user)
            && state.read_at.elapsed() < TRUST
            && state.interests == interests
            && state.fits == fits
            && state.gender == gender)
            .then_some(state)
    }

    pub(crate) fn keep(&self, user: Option<UserId>, state: Arc<ShopperState>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.since_sweep += 1;
        let full = kept.states.len() >= CAPACITY && !kept.states.contains_key(&user);
        if full || kept.since_sweep >= SWEEP_EVERY {
            kept.since_sweep = 0;
            kept.states.retain(|_, s| s.read_at.elapsed() < TRUST);
            if kept.states.len() >= CAPACITY {
                kept.states.clear();
            }
        }
        kept.states.insert(user, state);
    }

    /// Drops what is kept of `user`, and any state of theirs being read now: their swipes
    /// changed.
    pub fn forget(&self, user: &UserId) {
        self.stripe(Some(user)).fetch_add(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Snapshot;
    use crate::services::swipes::feed_view::Feed;

    /// The view of an empty catalogue: enough for what is kept of shoppers with no swipes.
    fn empty_view() -> (Feed, Arc<FeedView>) {
        let snapshot = Arc::new(Snapshot::empty());
        let feed = Feed::default();
        let view = feed.view(&snapshot);
        (feed, view)
    }

    fn state(view: &FeedView, shoppers: &Shoppers, user: &UserId) -> Arc<ShopperState> {
        let stamp = shoppers.stamp(Some(user));
        let answers = (vec!["party".to_owned()], Vec::new());
        Arc::new(ShopperState::new(view, stamp, answers, None, Vec::new(), 8))
    }

    #[test]
    fn a_kept_shopper_is_answered_until_forgotten_or_asked_otherwise() {
        let (feed, view) = empty_view();
        let shoppers = &feed.shoppers;
        let (ann, bob) = (UserId::new("ann"), UserId::new("bob"));
        let party = [String::from("party")];
        let answers = (&party[..], &[][..]);
        shoppers.keep(Some(ann.clone()), state(&view, shoppers, &ann));
        assert!(shoppers.get(&view, Some(&ann), answers, None).is_some());
        assert!(shoppers.get(&view, Some(&bob), answers, None).is_none());
        assert!(
            shoppers.get(&view, None, answers, None).is_none(),
            "the visitor is apart"
        );
        assert!(
            shoppers.get(&view, Some(&ann), (&[], &[]), None).is_none(),
            "other onboarding answers"
        );
        assert!(
            shoppers
                .get(&view, Some(&ann), answers, Some(ProductGender::Female))
                .is_none(),
            "kept for every gender, asked for one"
        );
        shoppers.forget(&ann);
        assert!(shoppers.get(&view, Some(&ann), answers, None).is_none());
    }

    #[test]
    fn a_state_read_before_a_forget_is_never_answered() {
        let (feed, view) = empty_view();
        let shoppers = &feed.shoppers;
        let ann = UserId::new("ann");
        // Read, then a swipe lands and forgets ann, then the read state is kept.
        let read = state(&view, shoppers, &ann);
        shoppers.forget(&ann);
        shoppers.keep(Some(ann.clone()), read);
        let party = [String::from("party")];
        assert!(
            shoppers
                .get(&view, Some(&ann), (&party, &[]), None)
                .is_none()
        );
    }

    #[test]
    fn states_no_longer_trusted_are_swept() {
        let (feed, view) = empty_view();
        let shoppers = &feed.shoppers;
        for n in 0..10 {
            let user = UserId::new(format!("old-{n}"));
            shoppers.keep(Some(user.clone()), state(&view, shoppers, &user));
        }
        std::thread::sleep(TRUST + Duration::from_millis(50));
        for n in 0..SWEEP_EVERY {
            let user = UserId::new(format!("new-{n}"));
            shoppers.keep(Some(user.clone()), state(&view, shoppers, &user));
        }
        let kept = shoppers.kept.lock().expect("lock");
        assert!(
            kept.states
                .keys()
                .flatten()
                .all(|u| u.as_str().starts_with("new-")),
            "the old states went"
        );
        assert!(kept.states.len() <= SWEEP_EVERY as usize);
    }
}
