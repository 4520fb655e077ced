//! The cards the swipe feed serves, counted in memory and written to the product-day rollup
//! (and its brand's day) in one transaction about every second, so that a feed answer costs no
//! database write. Each process counts its own cards and adds them to the rows, so the counts
//! stay exact across processes. A process that stops gracefully writes what it holds; one that
//! crashes loses at most the cards of its last second (swipes themselves are never held: their
//! answer comes after their commit). The insights calls write this process's pending cards
//! before they read, so a brand sees the cards its own process served at once.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use actix_web::web;

use crate::state::AppState;

/// How often the pending cards are written.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// (brand, product, IST day) → cards served.
type Pending = HashMap<(String, String, i64), i64>;

/// Cards served and not written yet.
#[derive(Debug, Default)]
pub struct CardsShown {
    pending: Mutex<Pending>,
}

impl CardsShown {
    fn pending(&self) -> std::sync::MutexGuard<'_, Pending> {
        // A panic while holding the lock leaves whole counts behind: keep them.
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts cards `(brand, product)` served at `now`.
    pub fn count(
        &self,
        cards: impl IntoIterator<Item = (String, String)>,
        now: chrono::DateTime<chrono::Utc>,
    ) {
        let day = store::insights::ist_day(now.naive_utc());
        let mut pending = self.pending();
        for (brand, product) in cards {
            *pending.entry((brand, product, day)).or_default() += 1;
        }
    }

    /// Whether no card waits to be written.
    pub fn is_empty(&self) -> bool {
        self.pending().is_empty()
    }

    /// Writes the pending cards in one transaction; on failure they stay pending. Answers how
    /// many rows were written.
    pub fn flush(&self, store: &store::Store) -> Result<usize, store::StoreError> {
        let taken = std::mem::take(&mut *self.pending());
        if taken.is_empty() {
            return Ok(0);
        }
        let rows: Vec<(String, String, i64, i64)> = taken
            .iter()
            .map(|((brand, product, day), n)| (brand.clone(), product.clone(), *day, *n))
            .collect();
        match store.note_cards_shown(&rows) {
            Ok(()) => Ok(rows.len()),
            Err(e) => {
                let mut pending = self.pending();
                for (key, n) in taken {
                    *pending.entry(key).or_default() += n;
                }
                Err(e)
            }
        }
    }
}

/// Writes the pending cards every [`FLUSH_EVERY`], for as long as the server runs.
pub async fn flush_every(state: web::Data<AppState>) {
    let mut tick = tokio::time::interval(FLUSH_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        flush(&state).await;
    }
}

/// Writes the pending cards now (a failure is logged; they stay pending).
pub async fn flush(state: &AppState) {
    if state.cards.is_empty() {
        return;
    }
    let (cards, store) = (state.cards.clone(), state.store.clone());
    let written = tokio::task::spawn_blocking(move || cards.flush(&store)).await;
    match written {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => tracing::warn!(cause = %e, "the cards shown could not be written; kept"),
        Err(e) => tracing::warn!(cause = %e, "writing the cards shown stopped"),
    }
}
