//! The database's health, watched from a thread of its own, so that neither readiness nor
//! requests wait on a database that stopped answering.
//!
//! A frozen PostgreSQL (stopped by SIGSTOP, or a network that drops packets) keeps its TCP
//! connections open while answering nothing: libpq then waits forever, and a statement timeout
//! cannot help because the server is not running to enforce it. The watcher sends `SELECT 1`
//! every [`PROBE_EVERY`] on a connection of its own; once one has been out longer than the
//! connect timeout, the store refuses to hand out connections (an immediate
//! [`StoreError::Unavailable`], a 503) until the database answers again. Requests already
//! waiting on the database when it froze wait for it; every later one is answered at once.
//!
//! Every [`WRITE_PROBE_EVERY`] probes (and every probe while one failed) the watcher also writes:
//! the one row of `heartbeats`, and a small file in the data directory when one is given, so a
//! full or read-only disk shows in readiness before a shopper meets it.

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use r2d2::ManageConnection;

use crate::StoreError;
use crate::db::{ConnectionManager, DbConnection};
use crate::faults::{Fault, classify, is_storage_failure};

/// How often the watcher sends `SELECT 1`.
pub const PROBE_EVERY: Duration = Duration::from_millis(500);
/// Every how many probes it also writes.
const WRITE_PROBE_EVERY: u32 = 10;
/// The file the storage probe writes (and removes) in the data directory.
const PROBE_FILE: &str = ".write-probe";

/// Whether the database can take requests, as the watcher last saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Readiness {
    Ready,
    /// The database cannot be reached or has not answered within the connect timeout.
    Unreachable(String),
    /// The database answers but its storage (or the data directory's) refuses writes.
    StorageFailing(String),
}

#[derive(Debug, Default)]
struct State {
    /// When the `SELECT 1` now out was sent.
    probing_since: Option<Instant>,
    /// Why the last probe could not reach the database.
    unreachable: Option<String>,
    /// Why the last write probe failed on storage.
    storage: Option<String>,
}

/// Shared by every clone of a store; the watcher holds it weakly and stops once it is gone.
#[derive(Debug)]
pub(crate) struct Health {
    state: Mutex<State>,
    bound: Duration,
}

impl Health {
    pub(crate) fn new(bound: Duration) -> Self {
        Self {
            state: Mutex::new(State::default()),
            bound,
        }
    }

    pub(crate) fn bound(&self) -> Duration {
        self.bound
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// `Some(why)` while the database is unreachable or frozen.
    pub(crate) fn unreachable(&self) -> Option<String> {
        let state = self.state();
        if let Some(since) = state.probing_since
            && since.elapsed() > self.bound
        {
            return Some(format!(
                "the database has not answered for {} ms",
                since.elapsed().as_millis()
            ));
        }
        state.unreachable.clone()
    }

    pub(crate) fn readiness(&self) -> Readiness {
        if let Some(why) = self.unreachable() {
            return Readiness::Unreachable(why);
        }
        match &self.state().storage {
            Some(why) => Readiness::StorageFailing(why.clone()),
            None => Readiness::Ready,
        }
    }
}

/// Starts the watcher thread over `health`, with a connection of its own from `manager`.
pub(crate) fn watch(health: &Arc<Health>, manager: ConnectionManager, data_dir: Option<PathBuf>) {
    let weak = Arc::downgrade(health);
    let spawned = std::thread::Builder::new()
        .name("db-watch".into())
        .spawn(move || {
            Watcher {
                health: weak,
                manager,
                data_dir,
                conn: None,
            }
            .run()
        });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "the database watcher could not be started");
    }
}

struct Watcher {
    health: Weak<Health>,
    manager: ConnectionManager,
    data_dir: Option<PathBuf>,
    conn: Option<DbConnection>,
}

impl Watcher {
    fn run(mut self) {
        let mut round: u32 = 0;
        loop {
            let Some(reached) = self.ping() else {
                return;
            };
            let Some(health) = self.health.upgrade() else {
                return;
            };
            let was_failing = {
                let mut state = health.state();
                let recovered = state.unreachable.is_some() && reached.is_ok();
                if let Err(why) = &reached
                    && state.unreachable.is_none()
                {
                    tracing::warn!(cause = %why, "the database is unreachable; answering 503");
                }
                if recovered {
                    tracing::info!("the database answers again");
                }
                state.unreachable = reached.err();
                state.storage.is_some() || recovered
            };
            drop(health);
            if self.conn.is_some() && (was_failing || round.is_multiple_of(WRITE_PROBE_EVERY)) {
                let written = self.write();
                let Some(health) = self.health.upgrade() else {
                    return;
                };
                let mut state = health.state();
                match (&written, &state.storage) {
                    (Some(why), None) => {
                        tracing::warn!(cause = %why, "storage refuses writes; answering 503")
                    }
                    (None, Some(_)) => tracing::info!("storage takes writes again"),
                    _ => {}
                }
                state.storage = written;
            }
            round = round.wrapping_add(1);
            std::thread::sleep(PROBE_EVERY);
        }
    }

    /// Sends `SELECT 1` (connecting first if needed); `None` once the store is gone.
    fn ping(&mut self) -> Option<Result<(), String>> {
        self.health.upgrade()?.state().probing_since = Some(Instant::now());
        // A connection that broke (its backend ended, say) is replaced at once: only a database
        // that refuses a new one too is unreachable.
        if let Some(conn) = self.conn.as_mut()
            && conn.batch_execute("SELECT 1").is_err()
        {
            self.conn = None;
        }
        let outcome = match self.conn {
            Some(_) => Ok(()),
            None => match self.manager.connect() {
                Ok(conn) => {
                    self.conn = Some(conn);
                    Ok(())
                }
                Err(e) => Err(e.to_string()),
            },
        };
        self.health.upgrade()?.state().probing_since = None;
        Some(outcome)
    }

    /// Writes the heartbeat row and the data directory's probe file: `Some(why)` when storage
    /// refuses the write. Other failures (the write lock busy, say) say nothing about storage.
    fn write(&mut self) -> Option<String> {
        if let Some(conn) = self.conn.as_mut()
            && let Err(e) = beat(conn)
        {
            match classify(&e) {
                Fault::Storage => return Some(format!("the database: {e}")),
                Fault::Unavailable | Fault::None => {
                    tracing::debug!(error = %e, "the heartbeat was not written");
                }
            }
        }
        let dir = self.data_dir.as_ref()?;
        let path = dir.join(PROBE_FILE);
        let written = std::fs::File::create(&path)
            .and_then(|mut file| {
                file.write_all(&[0; 4096])?;
                file.sync_all()
            })
            .and_then(|()| std::fs::remove_file(&path));
        match written {
            // The file is left: on a full disk it holds nothing, and the next probe rewrites it.
            Err(e) if is_storage_failure(e.kind()) => {
                Some(format!("the data directory {}: {e}", dir.display()))
            }
            Err(e) => {
                tracing::debug!(error = %e, "the storage probe file was not written");
                None
            }
            Ok(()) => None,
        }
    }
}

fn beat(conn: &mut DbConnection) -> diesel::QueryResult<usize> {
    use diesel::prelude::*;

    use crate::schema::heartbeats;
    diesel::update(heartbeats::table.filter(heartbeats::id.eq(1)))
        .set(heartbeats::beat_at.eq(diesel::dsl::now))
        .execute(conn)
}

/// Refuses at once, before any wait on the pool, while the watcher finds the database
/// unreachable.
pub(crate) fn gate(health: &Health) -> Result<(), StoreError> {
    match health.unreachable() {
        Some(why) => Err(StoreError::Unavailable(why)),
        None => Ok(()),
    }
}
