//! What every handler can reach.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::catalogue::Catalogue;

/// The one clock of the process; tests replace it to pin time.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> DateTime<Utc> + Send + Sync>);

impl Clock {
    pub fn system() -> Self {
        Self(Arc::new(Utc::now))
    }

    pub fn fixed(at: DateTime<Utc>) -> Self {
        Self(Arc::new(move || at))
    }

    /// A clock that asks `now` (tests that move time forward).
    pub fn from_fn(now: impl Fn() -> DateTime<Utc> + Send + Sync + 'static) -> Self {
        Self(Arc::new(now))
    }

    pub fn now(&self) -> DateTime<Utc> {
        (self.0)()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

#[derive(Clone, Debug)]
pub struct AppState {
    pub store: store::Store,
    pub clock: Clock,
    /// The catalogue in memory, kept in step with the database's change feed.
    pub catalogue: Arc<Catalogue>,
    /// The keys of sessions and sign-in codes.
    pub sessions: Arc<crate::auth::Sessions>,
    /// The users behind recent sessions, kept in step with the sessions' change feed.
    pub session_cache: Arc<crate::auth::cache::SessionCache>,
    /// Where sign-in codes are mailed.
    pub mailer: Arc<dyn providers::Mailer>,
    /// Log each sign-in code (no SMTP server: the outbox is local).
    pub log_codes: bool,
    /// The support assistant.
    pub assistant: Arc<dyn providers::Assistant>,
    /// How far forwarding headers are believed (client addresses and scheme).
    pub forwarding: access::client::Forwarding,
    /// Commits swipes in batches.
    pub swipes: Arc<crate::services::swipes::ledger::SwipeWriter>,
    /// Trending answers until the rollups change.
    pub trending: Arc<crate::services::trending::cache::TrendingCache>,
    /// The cards the swipe feed served, not written yet.
    pub cards: Arc<crate::services::insights::cards::CardsShown>,
    /// The swipe feed's view of the catalogue.
    pub feed: Arc<crate::services::swipes::feed_view::Feed>,
    /// Address search: the embedded India directory, or Google Places when configured.
    pub places: Arc<dyn providers::PlaceSearch>,
    /// Card payments: the embedded sandbox, or Razorpay when configured. With the sandbox,
    /// `payments.sandbox()` is its test payment sheet and signed webhooks.
    pub payments: Arc<dyn providers::Payments>,
    /// Shipping: the simulator, or Shiprocket when configured.
    pub shipping: Arc<dyn providers::Shipping>,
    /// Uploaded images: `<data dir>/media`, or an S3-compatible bucket when configured.
    pub media: Arc<crate::services::media::Media>,
    /// Seals data at rest (brand applications' bank accounts).
    pub data_key: Arc<crate::services::applications::sealing::DataKey>,
    /// The brands' live events: this process's subscribers (`services::events`).
    pub events: Arc<crate::services::events::EventHub>,
    /// The process's metrics (`GET /metrics`).
    pub metrics: Arc<crate::telemetry::Metrics>,
}

impl AppState {
    /// Runs store work on a blocking thread, so a service reads a store call as one line:
    /// `state.db(move |store| store.user(&id)).await?`. The closure's error is the caller's
    /// (any error a [`store::StoreError`] converts into); a closure that panicked, or a pool
    /// shutting down, answers [`store::StoreError::Aborted`].
    pub async fn db<T, E>(
        &self,
        work: impl FnOnce(&store::Store) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<store::StoreError> + Send + 'static,
    {
        let store = self.store.clone();
        blocking(move || work(&store)).await
    }

    /// Runs a catalogue write (one that adds a change-feed row) like [`AppState::db`], then
    /// applies the change feed to this process's catalogue before answering, so the writer reads
    /// its own write at once where it reads the catalogue in memory (the admin's banner list).
    /// It costs the writer the reload the poller would do: product writes, whose console reads
    /// the database, leave it to the poller. A write that committed is not undone by a failed
    /// refresh: that is logged, and the next poll retries it.
    pub async fn write_catalogue<T, E>(
        &self,
        work: impl FnOnce(&store::Store) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<store::StoreError> + Send + 'static,
    {
        let store = self.store.clone();
        let catalogue = self.catalogue.clone();
        blocking(move || {
            let written = work(&store)?;
            if let Err(e) = catalogue.follow_changes(&store) {
                tracing::warn!(error = %e, "applying a catalogue write to this process failed; the next poll retries");
            }
            Ok(written)
        })
        .await
    }
}

/// Runs `work` on actix's blocking pool; a panic in it (a bug) or a pool shutting down is
/// [`store::StoreError::Aborted`] in the caller's error type.
async fn blocking<T, E>(work: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, E>
where
    T: Send + 'static,
    E: From<store::StoreError> + Send + 'static,
{
    // The caller's span (the request's, with its id) goes along to the blocking thread, so
    // whatever the store work logs carries the request's id too.
    let span = tracing::Span::current();
    actix_web::web::block(move || span.in_scope(work))
        .await
        .unwrap_or_else(|e| Err(store::StoreError::Aborted(e.to_string()).into()))
}

#[cfg(test)]
mod tests {
    use actix_web::ResponseError;
    use actix_web::http::StatusCode;

    use crate::error::ApiError;

    #[actix_web::test]
    async fn a_panic_in_store_work_is_a_500_with_the_generic_message() {
        let outcome: Result<(), ApiError> =
            super::blocking(|| panic!("a bug in a store call")).await;
        let error = outcome.expect_err("the closure panicked");
        assert_eq!(error.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            error.to_string(),
            "Something went wrong. Please try again later."
        );
    }
}
