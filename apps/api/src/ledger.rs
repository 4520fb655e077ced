//! The swipe writer: handlers hand it one command each and await the outcome, while writer
//! threads commit whatever has queued up in one transaction (group commit). A swipe costs a
//! few statements per batch instead of a transaction each, which is what lets one process take
//! tens of thousands a second on SQLite; every answer still comes after its commit.
//!
//! Commands of one shopper always go to the same writer, so a process applies them in the
//! order they arrived. On PostgreSQL several writers run side by side; the store orders writers
//! of the same shopper across processes with an advisory lock.

use std::sync::Arc;

use store::{Store, SwipeCommand, SwipeOutcome};
use tokio::sync::{mpsc, oneshot};

use crate::error::ApiError;
use crate::state::Clock;
use crate::trending_cache::TrendingCache;

/// Most commands committed together.
const MAX_BATCH: usize = 512;
/// Commands waiting per writer before handlers wait for room.
const QUEUE: usize = 4096;

type Reply = oneshot::Sender<Result<SwipeOutcome, String>>;

#[derive(Debug)]
pub struct SwipeWriter {
    queues: Vec<mpsc::Sender<(SwipeCommand, Reply)>>,
}

impl SwipeWriter {
    /// Starts `writers` threads (at least one) over `store`; each commit tells `trending` that
    /// its answers are out of date.
    pub fn start(
        store: &Store,
        clock: &Clock,
        writers: usize,
        trending: &Arc<TrendingCache>,
    ) -> Self {
        let queues = (0..writers.max(1))
            .map(|n| {
                let (tx, rx) = mpsc::channel(QUEUE);
                let writer = Writer {
                    store: store.clone(),
                    clock: clock.clone(),
                    trending: trending.clone(),
                };
                std::thread::Builder::new()
                    .name(format!("swipe-writer-{n}"))
                    .spawn(move || writer.write_batches(rx))
                    .map(|_| tx)
            })
            .collect::<Result<Vec<_>, _>>()
            .unwrap_or_default();
        Self { queues }
    }

    /// Applies one command once it is committed.
    pub async fn apply(&self, command: SwipeCommand) -> Result<SwipeOutcome, ApiError> {
        let user = match &command {
            SwipeCommand::Swipe(s) => s.user_id.as_str(),
            SwipeCommand::Undo { user_id } => user_id.as_str(),
        };
        let queue = self
            .queues
            .get(shard(user, self.queues.len()))
            .ok_or_else(|| ApiError::Internal("no swipe writer could be started".into()))?;
        let (tx, rx) = oneshot::channel();
        queue
            .send((command, tx))
            .await
            .map_err(|_| ApiError::Internal("the swipe writer has stopped".into()))?;
        rx.await
            .map_err(|_| ApiError::Internal("the swipe writer dropped a swipe".into()))?
            .map_err(ApiError::Unavailable)
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
    trending: Arc<TrendingCache>,
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
                // Before the answers: whoever is told their swipe is in sees it in trending.
                self.trending.changed();
                for (reply, outcome) in replies.into_iter().zip(outcomes) {
                    let _ = reply.send(Ok(outcome));
                }
            }
            Err(e) if commands.len() == 1 => {
                tracing::error!(error = %e, "a swipe could not be stored");
                for reply in replies {
                    let _ = reply.send(Err(e.to_string()));
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
