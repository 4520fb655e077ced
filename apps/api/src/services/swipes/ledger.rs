//! The swipe writer: handlers hand it one command each and await the outcome, while writer
//! threads commit whatever has queued up in one transaction (group commit). A swipe costs a
//! few statements per batch instead of a transaction each; every answer still comes after its
//! commit.
//!
//! A batch appends its count changes to the swipe log; the folder thread folds the log into
//! the rollups trending reads. It folds as soon as it is told of a commit, unless the last fold
//! ended less than [`FOLD_REST`] times its own length ago (at least [`FOLD_GAP_MIN`]): a few
//! swipes are in trending within milliseconds, while under a stream of swipes each product's
//! rollups are rewritten once per fold instead of once per batch, and folds take at most about a
//! fifth of the database's time. Trending then lags by at most one gap plus one fold. A long
//! log is folded in slices of [`FOLD_SLICE`] rows, each its own transaction with a rest after
//! it, so a swipe batch never waits for more than one slice.
//!
//! Commands of one shopper always go to the same writer, so a process applies them in the
//! order they arrived. On PostgreSQL several writers run side by side; the store orders writers
//! of the same shopper across processes with an advisory lock.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::time::{Duration, Instant};

use store::{Store, StoreError, SwipeCommand, SwipeOutcome};
use tokio::sync::{mpsc, oneshot};

use super::SwipesError;
use crate::services::trending::cache::TrendingCache;
use crate::state::Clock;

/// Most commands committed together.
const MAX_BATCH: usize = 512;
/// Commands waiting per writer before handlers wait for room.
const QUEUE: usize = 4096;
/// The shortest time between two folds.
pub const FOLD_GAP_MIN: Duration = Duration::from_millis(100);
/// The longest: a process also folds what others left in the log (one that stopped between a
/// commit and its fold, say) this often.
pub const FOLD_GAP_MAX: Duration = Duration::from_secs(1);
/// After a fold (or a slice of one) the folder rests this many times as long as it took.
pub const FOLD_REST: u32 = 4;
/// Log rows folded in one transaction. On SQLite a fold holds the one write lock, so a long
/// log is folded in slices with a rest between them: a swipe batch waits for one slice at
/// most, never for the whole fold (a 1 s fold under load was the p99 of 500 ms).
pub const FOLD_SLICE: usize = 500;
/// The shortest rest between two slices of one fold.
pub const SLICE_GAP_MIN: Duration = Duration::from_millis(10);

type Reply = oneshot::Sender<Result<SwipeOutcome, StoreError>>;

#[derive(Debug)]
pub struct SwipeWriter {
    queues: Vec<mpsc::Sender<(SwipeCommand, Reply)>>,
    store: Store,
}

impl SwipeWriter {
    /// Starts `writers` threads (at least one) over `store`, and the folder that counts their
    /// swipes in the rollups and tells `trending` when they changed. The threads stop once this
    /// handle is dropped and their queues are empty.
    pub fn start(
        store: &Store,
        clock: &Clock,
        writers: usize,
        trending: &Arc<TrendingCache>,
    ) -> Self {
        // One pending wake-up is enough: a fold takes everything committed before it starts.
        let (wake, woken) = sync_channel(1);
        let folder = Folder {
            store: store.clone(),
            trending: trending.clone(),
        };
        if let Err(e) = std::thread::Builder::new()
            .name("swipe-folder".into())
            .spawn(move || folder.fold_when_woken(&woken))
        {
            tracing::error!(error = %e, "the swipe folder could not be started");
        }
        let queues = (0..writers.max(1))
            .map(|n| {
                let (tx, rx) = mpsc::channel(QUEUE);
                let writer = Writer {
                    store: store.clone(),
                    clock: clock.clone(),
                    folder: wake.clone(),
                };
                std::thread::Builder::new()
                    .name(format!("swipe-writer-{n}"))
                    .spawn(move || writer.write_batches(rx))
                    .map(|_| tx)
            })
            .collect::<Result<Vec<_>, _>>()
            .unwrap_or_default();
        Self {
            queues,
            store: store.clone(),
        }
    }

    /// Applies one command once it is committed.
    pub async fn apply(&self, command: SwipeCommand) -> Result<SwipeOutcome, SwipesError> {
        // A writer stuck on a frozen database would hold every swipe queued behind it.
        self.store.reachable()?;
        let user = match &command {
            SwipeCommand::Swipe(s) => s.user_id.as_str(),
            SwipeCommand::Undo { user_id } => user_id.as_str(),
        };
        let queue = self
            .queues
            .get(shard(user, self.queues.len()))
            .ok_or(SwipesError::WriterGone("no swipe writer could be started"))?;
        let (tx, rx) = oneshot::channel();
        queue
            .send((command, tx))
            .await
            .map_err(|_| SwipesError::WriterGone("the swipe writer has stopped"))?;
        rx.await
            .map_err(|_| SwipesError::WriterGone("the swipe writer dropped a swipe"))?
            // A swipe that cannot be stored is worth retrying whatever stopped it.
            .map_err(SwipesError::NotWritten)
    }
}

fn shard(user: &str, writers: usize) -> usize {
    let hash = user.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    usize::try_from(hash % writers.max(1) as u64).unwrap_or(0)
}

/// One writer thread's share of the process.
struct Writer {
    store: Store,
    clock: Clock,
    folder: SyncSender<()>,
}

impl Writer {
    /// Runs until every handle on the queue is gone.
    fn write_batches(&self, mut rx: mpsc::Receiver<(SwipeCommand, Reply)>) {
        let mut batch: Vec<(SwipeCommand, Reply)> = Vec::with_capacity(MAX_BATCH);
        while let Some(first) = rx.blocking_recv() {
            batch.push(first);
            while batch.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            let (commands, replies): (Vec<SwipeCommand>, Vec<Reply>) = batch.drain(..).unzip();
            self.commit(commands, replies);
        }
    }

    /// Commits a batch; if it fails as a whole, each command is tried alone so one bad command
    /// (a product deleted a moment ago, say) cannot sink the others.
    fn commit(&self, commands: Vec<SwipeCommand>, replies: Vec<Reply>) {
        match self.store.apply_swipes(&commands, self.clock.now()) {
            Ok(outcomes) => {
                match self.folder.try_send(()) {
                    Ok(()) | Err(TrySendError::Full(())) => {}
                    Err(TrySendError::Disconnected(())) => {
                        tracing::error!("the swipe folder has stopped; trending no longer moves")
                    }
                }
                for (reply, outcome) in replies.into_iter().zip(outcomes) {
                    let _ = reply.send(Ok(outcome));
                }
            }
            Err(e) if commands.len() == 1 => {
                tracing::error!(error = %e, "a swipe could not be stored");
                if let Some(reply) = replies.into_iter().next() {
                    let _ = reply.send(Err(e));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, size = commands.len(), "a swipe batch failed; retrying one by one");
                for (command, reply) in commands.into_iter().zip(replies) {
                    self.commit(vec![command], vec![reply]);
                }
            }
        }
    }
}

/// How many writers a process runs: SQLite has one write lock, so always one; PostgreSQL takes
/// `configured` (`SHOP_SWIPE_WRITERS`, 1 by default: on 2 cores one writer's bigger batches
/// took 2,741 swipes/s against 1,775/s for four, which contend for the same index pages).
pub fn writers_for(store: &Store, configured: usize) -> usize {
    match store.backend() {
        "postgres" => configured.max(1),
        _ => 1,
    }
}

/// The thread that folds the swipe log into the rollups.
struct Folder {
    store: Store,
    trending: Arc<TrendingCache>,
}

impl Folder {
    /// Folds after each wake-up, resting between folds and between the slices of one;
    /// runs until every writer is gone.
    fn fold_when_woken(&self, woken: &Receiver<()>) {
        let mut rest = Duration::ZERO;
        let mut last = Instant::now();
        loop {
            match woken.recv_timeout(FOLD_GAP_MAX) {
                Ok(()) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return,
            }
            loop {
                if let Some(wait) = rest.checked_sub(last.elapsed()) {
                    std::thread::sleep(wait);
                }
                let started = Instant::now();
                let more = self.fold_slice();
                last = Instant::now();
                let least = if more { SLICE_GAP_MIN } else { FOLD_GAP_MIN };
                rest = (last - started)
                    .saturating_mul(FOLD_REST)
                    .clamp(least, FOLD_GAP_MAX);
                if !more {
                    break;
                }
            }
        }
    }

    /// Folds the oldest [`FOLD_SLICE`] rows of the log; answers whether more may be waiting.
    fn fold_slice(&self) -> bool {
        match self.store.has_logged_swipes() {
            Ok(true) => {}
            Ok(false) => return false,
            Err(e) => {
                tracing::warn!(error = %e, "reading the swipe log failed; retrying");
                return false;
            }
        }
        // Bumped on both sides of the fold: an answer made before it started is out of date as
        // soon as it commits, and one made while it ran (from the rollups before it) once it
        // has.
        self.trending.changed();
        match self.store.fold_swipes_slice(FOLD_SLICE) {
            Ok(0) => false,
            Ok(folded) => {
                self.trending.changed();
                folded == FOLD_SLICE
            }
            Err(e) => {
                tracing::warn!(error = %e, "folding the swipe log failed; retrying");
                false
            }
        }
    }
}
