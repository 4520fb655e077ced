//! A brand's live events (`GET /api/brand/events`): `order.placed`, `cancellation.requested`,
//! `refund.completed` and `stock.low` as Server-Sent Events.
//!
//! **Fan-out.** Events are rows of `brand_events`, written by the transaction of their fact
//! (store's `brand_events` hooks), so the table is the one source of truth. Every API process
//! runs [`follow`]: every [`POLL_EVERY`] it numbers the rows committed since (the store's
//! sequencer: numbers in commit order, one sequencer at a time across processes), reads the
//! numbered rows after the last it read, and sends each to its own subscribers through a tokio
//! broadcast channel. A table followed by polling works the same on SQLite and PostgreSQL and
//! needs no connection held open per process for `LISTEN`; at 500 ms an event reaches every
//! process's streams well within 2 s, and the two reads a second per process (a cheap indexed
//! `EXISTS` when nothing happened) cost nothing the database notices.
//!
//! **Bounds.** At most [`MAX_STREAMS_PER_ACCOUNT`] open streams per account in one process
//! (429 beyond). A subscriber that falls [`CHANNEL_CAPACITY`] events behind (a reader that does
//! not read) is dropped, its stream ended rather than buffered: the browser reconnects with
//! `Last-Event-ID` and resumes from the table. A resume sends at most [`RESUME_BATCH`] stored
//! events, then ends the stream so the client reconnects for the next batch. At each
//! heartbeat the session is checked again: signed out, expired, or no longer the brand's team
//! ends the stream.

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::web::{self, Bytes};
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::services::console::{ConsoleError, Manager};
use crate::state::AppState;

/// How often every process follows the events table.
pub const POLL_EVERY: Duration = Duration::from_millis(500);
/// The heartbeat comment's interval unless configured (`SHOP_EVENTS_HEARTBEAT_MS`).
pub const HEARTBEAT: Duration = Duration::from_secs(15);
/// Open event streams one account may hold in one process (tabs of the console).
pub const MAX_STREAMS_PER_ACCOUNT: usize = 5;
/// Events a subscriber may fall behind before it is dropped.
pub const CHANNEL_CAPACITY: usize = 1024;
/// Stored events one resume sends before the stream ends for the next reconnection.
pub const RESUME_BATCH: i64 = 1000;
/// Events are kept this long (pruned by the retention job).
pub const RETENTION: chrono::TimeDelta = chrono::TimeDelta::hours(24);
/// Rows numbered and read per poll; the rest on the next.
const POLL_BATCH: i64 = 1000;
/// The longest `brandId` taken.
const MAX_BRAND_ID: usize = 64;
/// Browsers reconnect this many milliseconds after a stream ends.
const RETRY_MS: u32 = 3000;

/// Why a stream was not opened.
#[derive(Debug, thiserror::Error)]
pub enum EventsError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    /// `Last-Event-ID` (or `lastEventId`) is not an event id.
    #[error("lastEventId must be the id of an event (a whole number).")]
    BadLastEventId,
    /// `brandId` longer than any brand id.
    #[error("brandId must be at most {MAX_BRAND_ID} characters.")]
    BadBrandId,
    #[error(
        "At most {MAX_STREAMS_PER_ACCOUNT} live event streams may be open per account; close one (another tab) and try again."
    )]
    TooManyStreams,
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

/// What happened (documentation of `BrandEvent.type`).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub enum BrandEventType {
    #[serde(rename = "order.placed")]
    OrderPlaced,
    #[serde(rename = "cancellation.requested")]
    CancellationRequested,
    #[serde(rename = "refund.completed")]
    RefundCompleted,
    #[serde(rename = "stock.low")]
    StockLow,
}

/// One event, as the stream's `data:` line carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandEvent {
    /// `order.placed`, `cancellation.requested`, `refund.completed` or `stock.low`.
    #[serde(rename = "type")]
    #[schema(value_type = BrandEventType, example = "order.placed")]
    pub kind: String,
    pub brand_id: String,
    /// The order (order and refund events; the cancellation's order).
    #[schema(required = true)]
    pub order_id: Option<String>,
    /// The product (`stock.low`; the line a cancellation names).
    #[schema(required = true)]
    pub product_id: Option<String>,
    /// The size (`stock.low`).
    #[schema(required = true)]
    pub size: Option<String>,
    /// Units: the brand's units in the order (`order.placed`), units left (`stock.low`).
    #[schema(required = true)]
    pub units: Option<i32>,
    /// When it happened (ISO-8601 UTC).
    pub at: String,
    /// The stream's id of the event.
    #[serde(skip)]
    pub seq: i64,
}

impl From<store::BrandEventRecord> for BrandEvent {
    fn from(r: store::BrandEventRecord) -> Self {
        Self {
            kind: r.kind,
            brand_id: r.brand_id,
            order_id: r.order_id,
            product_id: r.product_id,
            size: r.size,
            units: r.units,
            at: r
                .at
                .and_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            seq: r.seq,
        }
    }
}

impl BrandEvent {
    /// The event as one SSE frame: `id`, `event`, `data` and the blank line.
    fn frame(&self) -> Bytes {
        let data = serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned());
        Bytes::from(format!(
            "id: {}\nevent: {}\ndata: {data}\n\n",
            self.seq, self.kind
        ))
    }
}

/// `?brandId=&lastEventId=`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// The brand (admins; without it an admin gets every brand's events).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
    /// Resume after this event id (for clients that reconnect by hand; the `Last-Event-ID`
    /// header wins).
    #[serde(rename = "lastEventId")]
    #[param(max_length = 20, pattern = "^[0-9]{1,19}$")]
    pub last_event_id: Option<String>,
}

/// The process's subscribers: the broadcast every stream listens to, and the open streams per
/// account.
#[derive(Debug)]
pub struct EventHub {
    sender: broadcast::Sender<Arc<BrandEvent>>,
    heartbeat: Duration,
    open: Mutex<HashMap<String, usize>>,
    /// Set when the process is stopping: every stream ends, so the graceful shutdown does not
    /// wait out its timeout on them.
    closing: tokio::sync::watch::Sender<bool>,
}

impl EventHub {
    pub fn new(heartbeat: Duration) -> Self {
        Self {
            sender: broadcast::Sender::new(CHANNEL_CAPACITY),
            heartbeat,
            open: Mutex::new(HashMap::new()),
            closing: tokio::sync::watch::Sender::new(false),
        }
    }

    /// Ends every open stream, and every stream opened from now on at once (the process is
    /// stopping; clients reconnect to another).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    fn publish(&self, event: BrandEvent) {
        // No subscriber is no error.
        let _ = self.sender.send(Arc::new(event));
    }

    /// Takes one of `user`'s stream slots, or refuses when all are taken.
    fn take_slot(self: &Arc<Self>, user: &str) -> Result<Slot, EventsError> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(user.to_owned()).or_insert(0);
        if *count >= MAX_STREAMS_PER_ACCOUNT {
            return Err(EventsError::TooManyStreams);
        }
        *count += 1;
        Ok(Slot {
            hub: Arc::clone(self),
            user: user.to_owned(),
        })
    }
}

/// An open stream's place in its account's count, given back when the stream is dropped.
#[derive(Debug)]
struct Slot {
    hub: Arc<EventHub>,
    user: String,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.hub.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.user) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.user);
            }
        }
    }
}

/// Follows the events table until the process stops (see the module's notes); failures (the
/// database down) are logged and retried on the next poll.
pub async fn follow(state: web::Data<AppState>) {
    let mut ticker = tokio::time::interval(POLL_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut high: Option<i64> = None;
    loop {
        ticker.tick().await;
        let store = state.store.clone();
        let from = high;
        let polled = tokio::task::spawn_blocking(move || poll_once(&store, from)).await;
        match polled {
            Ok(Ok((last, events))) => {
                high = Some(last);
                for event in events {
                    state.events.publish(event);
                }
            }
            Ok(Err(e)) => tracing::warn!(error = %e, "following the brand events failed; retrying"),
            Err(e) => tracing::error!(error = %e, "the brand events follower panicked; retrying"),
        }
    }
}

/// Numbers what committed, then reads what is numbered after `high` (at the first poll: only
/// where the table stands, nothing is sent).
fn poll_once(
    store: &store::Store,
    high: Option<i64>,
) -> Result<(i64, Vec<BrandEvent>), store::StoreError> {
    store.sequence_brand_events(POLL_BATCH)?;
    let Some(high) = high else {
        return Ok((store.last_brand_event_seq()?, Vec::new()));
    };
    let rows = store.brand_events_after(high, None, POLL_BATCH)?;
    let last = rows.last().map_or(high, |r| r.seq);
    Ok((last, rows.into_iter().map(BrandEvent::from).collect()))
}

/// How the stream was asked for.
#[derive(Debug)]
pub struct StreamRequest {
    /// The session's token (cookie or Bearer), checked again at every heartbeat.
    pub token: Option<String>,
    /// `brandId`.
    pub brand_id: Option<String>,
    /// `Last-Event-ID`, else `lastEventId`.
    pub last_event_id: Option<String>,
}

/// Opens `caller`'s event stream: the brand's events (an admin's: every brand's, or
/// `brandId`'s), after `Last-Event-ID` when given, then live, with a heartbeat comment.
pub async fn open(
    state: &AppState,
    caller: &Caller,
    asked: StreamRequest,
) -> Result<impl Stream<Item = Result<Bytes, Infallible>> + 'static, EventsError> {
    let manager = Manager::of(caller)?;
    if asked
        .brand_id
        .as_ref()
        .is_some_and(|b| b.chars().count() > MAX_BRAND_ID)
    {
        return Err(EventsError::BadBrandId);
    }
    let brand = manager
        .scope
        .list_filter(asked.brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .map(str::to_owned);
    if let (access::console::ConsoleScope::Admin, Some(named)) = (&manager.scope, &brand) {
        let id = store::ids::BrandId::new(named.as_str());
        if !state.db(move |store| store.brand_exists(&id)).await? {
            return Err(ConsoleError::NotFound("Brand").into());
        }
    }
    let after = match asked.last_event_id.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(
            raw.parse::<i64>()
                .ok()
                .filter(|n| *n >= 0)
                .ok_or(EventsError::BadLastEventId)?,
        ),
    };
    let slot = state.events.take_slot(caller.id().as_str())?;
    // Subscribed before the stored events are read, so none falls between the two.
    let receiver = state.events.sender.subscribe();
    let closing = state.events.closing.subscribe();
    let mut backlog = VecDeque::new();
    let mut end_after_backlog = false;
    if let Some(after) = after {
        let filter = brand.clone();
        let rows = state
            .db(move |store| store.brand_events_after(after, filter.as_deref(), RESUME_BATCH))
            .await?;
        end_after_backlog = i64::try_from(rows.len()).unwrap_or(i64::MAX) >= RESUME_BATCH;
        backlog.extend(rows.into_iter().map(BrandEvent::from));
    }
    let period = state.events.heartbeat;
    let mut heartbeat = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let live = Live {
        state: state.clone(),
        receiver,
        closing,
        heartbeat,
        backlog,
        end_after_backlog,
        brand,
        sent: after.unwrap_or(0),
        started: false,
        session: Session {
            token: asked.token,
            user_id: caller.id().clone(),
            token_version: caller.user.token_version,
            scope: manager.scope,
        },
        _slot: slot,
    };
    Ok(futures_util::stream::unfold(live, |mut live| async move {
        let chunk = live.next_chunk().await?;
        Some((Ok(chunk), live))
    }))
}

/// What the stream checks at each heartbeat.
#[derive(Debug)]
struct Session {
    token: Option<String>,
    user_id: store::ids::UserId,
    token_version: i64,
    scope: access::console::ConsoleScope,
}

/// One open stream.
struct Live {
    state: AppState,
    receiver: broadcast::Receiver<Arc<BrandEvent>>,
    closing: tokio::sync::watch::Receiver<bool>,
    heartbeat: tokio::time::Interval,
    backlog: VecDeque<BrandEvent>,
    end_after_backlog: bool,
    /// Only this brand's events (`None`: an admin's every brand).
    brand: Option<String>,
    /// The highest id sent (or resumed after): live events at or below it were sent already.
    sent: i64,
    started: bool,
    session: Session,
    _slot: Slot,
}

impl Live {
    /// The next bytes to send; `None` ends the stream.
    async fn next_chunk(&mut self) -> Option<Bytes> {
        if !self.started {
            self.started = true;
            return Some(Bytes::from(format!("retry: {RETRY_MS}\n\n")));
        }
        if let Some(event) = self.backlog.pop_front() {
            self.sent = self.sent.max(event.seq);
            return Some(event.frame());
        }
        if self.end_after_backlog || *self.closing.borrow() {
            return None;
        }
        loop {
            tokio::select! {
                _ = self.closing.changed() => return None,
                _ = self.heartbeat.tick() => {
                    if !self.session_holds().await {
                        return None;
                    }
                    return Some(Bytes::from_static(b": heartbeat\n\n"));
                }
                received = self.receiver.recv() => match received {
                    Ok(event) => {
                        let ours = self.brand.as_deref().is_none_or(|b| b == event.brand_id);
                        if ours && event.seq > self.sent {
                            self.sent = event.seq;
                            return Some(event.frame());
                        }
                    }
                    // Fallen behind (or the process is stopping): ended, not buffered; the
                    // client resumes from the table with Last-Event-ID.
                    Err(broadcast::error::RecvError::Lagged(_) | broadcast::error::RecvError::Closed) => {
                        return None;
                    }
                },
            }
        }
    }

    /// Whether the session that opened the stream still holds: its token not expired, not
    /// revoked (signed out), and the account still the same brand's team or an admin. A
    /// database that cannot be asked keeps the stream (the next heartbeat asks again).
    async fn session_holds(&self) -> bool {
        let now = self.state.clock.now();
        let session = &self.session;
        let Some(token) = &session.token else {
            return false;
        };
        let Some(claims) = self.state.sessions.verify(token, now) else {
            return false;
        };
        if claims.sub != session.user_id.as_str() {
            return false;
        }
        let id = session.user_id.clone();
        let user = match self.state.db(move |store| store.user_by_id(&id)).await {
            Ok(user) => user,
            Err(e) => {
                tracing::warn!(error = %e, "checking an event stream's session failed; kept");
                return true;
            }
        };
        let Some(user) = user else {
            return false;
        };
        let role = access::Role::from_flags(user.is_admin, user.is_brand_user);
        let scope =
            access::console::console_scope(role, user.brand_id.as_ref().map(|b| b.as_str()));
        user.token_version == session.token_version
            && user.token_version == claims.ver
            && scope.is_ok_and(|scope| scope == session.scope)
    }
}
