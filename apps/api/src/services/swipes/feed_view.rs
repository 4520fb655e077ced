//! The swipe feed's view of the catalogue: every listed product as the `recommend` crate sees
//! it (brand, categories, tags, colour, fit, price and this week's trend), in the snapshot's
//! order, numbered for fast scoring, plus the filter sheet's choices. Rebuilt when the catalogue
//! changes and refreshed with the trend by the background roller, so a request only filters
//! and scores.

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use validation::ProductGender;

use super::shoppers::Shoppers;
use crate::catalogue::Snapshot;

/// Numbers the views built in this process: what is kept for a view is only used with it.
static GENERATIONS: AtomicU64 = AtomicU64::new(0);

#[derive(Debug)]
pub(crate) struct FeedView {
    /// The snapshot this view was built from; a newer snapshot means a rebuild.
    snapshot: Arc<Snapshot>,
    /// Which view this is, in this process.
    pub generation: u64,
    /// `products[i]` is the snapshot's product `i`.
    pub products: Vec<recommend::Product>,
    /// Their text numbered once for scoring.
    pub prepared: recommend::Prepared,
    /// Their genders, parsed once.
    pub genders: Vec<Option<ProductGender>>,
    /// Lower-case colour names and sizes on offer, sorted.
    pub colors: Vec<String>,
    pub sizes: Vec<String>,
}

impl FeedView {
    fn build(snapshot: Arc<Snapshot>, trend: &HashMap<String, i64>) -> Self {
        let mut colors = BTreeSet::new();
        let mut sizes = BTreeSet::new();
        // The catalogue shares each brand, category list and specification set between its
        // products; the view shares their text the same way, by the shared record's address.
        let mut brands: HashMap<usize, recommend::Text> = HashMap::new();
        let mut categories: HashMap<usize, Arc<[recommend::Text]>> = HashMap::new();
        let mut fits: HashMap<usize, recommend::Text> = HashMap::new();
        let products: Vec<recommend::Product> = snapshot
            .entries()
            .iter()
            .map(|e| {
                let r = &e.product;
                colors.insert(r.colour.to_lowercase());
                for size in r.sizes.iter() {
                    sizes.insert(size.to_string());
                }
                recommend::Product {
                    id: r.id.as_str().into(),
                    brand: Arc::clone(
                        brands
                            .entry(Arc::as_ptr(&r.brand) as usize)
                            .or_insert_with(|| r.brand.id.as_str().into()),
                    ),
                    categories: Arc::clone(
                        categories
                            .entry(Arc::as_ptr(&r.categories).cast::<()>() as usize)
                            .or_insert_with(|| {
                                r.categories
                                    .iter()
                                    .map(|c| c.name.as_str().into())
                                    .collect()
                            }),
                    ),
                    tags: Arc::clone(&r.tags),
                    colour: Arc::clone(&r.colour),
                    fit: Arc::clone(
                        fits.entry(Arc::as_ptr(&r.specifications) as usize)
                            .or_insert_with(|| r.specifications.fit.as_str().into()),
                    ),
                    price_paise: r.price_paise,
                    trend: trend.get(r.id.as_str()).copied().unwrap_or(0),
                }
            })
            .collect();
        let genders = snapshot
            .entries()
            .iter()
            .map(|e| ProductGender::parse(&e.product.gender).ok())
            .collect();
        Self {
            prepared: recommend::Prepared::new(&products),
            genders,
            generation: GENERATIONS.fetch_add(1, Ordering::Relaxed) + 1,
            snapshot,
            products,
            colors: colors.into_iter().collect(),
            sizes: sort_sizes(sizes),
        }
    }
}

impl FeedView {
    /// The snapshot whose products this view numbers.
    pub(crate) fn snapshot(&self) -> &Snapshot {
        &self.snapshot
    }
}

/// Letter sizes in wearing order, then numeric sizes in number order, then anything else.
fn sort_sizes(sizes: BTreeSet<String>) -> Vec<String> {
    const LETTERS: [&str; 9] = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "FREE SIZE"];
    let mut sizes: Vec<String> = sizes.into_iter().collect();
    sizes.sort_by_key(|s| {
        let upper = s.to_uppercase();
        match LETTERS.iter().position(|l| *l == upper) {
            Some(p) => (0, p as u64, String::new()),
            None => match s.parse::<u64>() {
                Ok(n) => (1, n, String::new()),
                Err(_) => (2, 0, upper),
            },
        }
    });
    sizes
}

/// The current view, shared by every request.
#[derive(Debug, Default)]
pub struct Feed {
    current: RwLock<Option<Arc<FeedView>>>,
    /// Held while a view is built, so requests that find the view out of date wait for one
    /// build instead of each building its own (a catalogue change under load, or the first
    /// burst after a start, would otherwise build it once per request in flight).
    building: Mutex<()>,
    /// The last trend read, kept for rebuilds between refreshes.
    trend: RwLock<Arc<HashMap<String, i64>>>,
    /// Recent shoppers' swipes, tastes and rankings.
    pub shoppers: Shoppers,
}

impl Feed {
    /// The view of `snapshot`, built now if the current one is of an older snapshot.
    pub(crate) fn view(&self, snapshot: &Arc<Snapshot>) -> Arc<FeedView> {
        if let Some(view) = self.current_for(snapshot) {
            return view;
        }
        let _building = self.building.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(view) = self.current_for(snapshot) {
            return view;
        }
        let trend = Arc::clone(&self.trend.read().unwrap_or_else(|e| e.into_inner()));
        let view = Arc::new(FeedView::build(Arc::clone(snapshot), &trend));
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(Arc::clone(&view));
        view
    }

    fn current_for(&self, snapshot: &Arc<Snapshot>) -> Option<Arc<FeedView>> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .filter(|v| Arc::ptr_eq(&v.snapshot, snapshot))
            .map(Arc::clone)
    }

    /// Takes a fresh trend (each product's net likes this week) and rebuilds the view.
    pub(crate) fn refresh(&self, snapshot: &Arc<Snapshot>, trend: HashMap<String, i64>) {
        let _building = self.building.lock().unwrap_or_else(|e| e.into_inner());
        let trend = Arc::new(trend);
        let view = Arc::new(FeedView::build(Arc::clone(snapshot), &trend));
        *self.trend.write().unwrap_or_else(|e| e.into_inner()) = trend;
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_sort_in_wearing_order_then_by_number() {
        let sizes: BTreeSet<String> = ["XL", "32", "S", "28", "M", "Free Size", "L", "XS"]
            .into_iter()
            .map(String::from)
            .collect();
        assert_eq!(
            sort_sizes(sizes),
            ["XS", "S", "M", "L", "XL", "Free Size", "28", "32"]
        );
    }
}
