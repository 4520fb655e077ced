//! Connections, the pool and migrations: the one place that knows there are two backends.
//!
//! Every query elsewhere in this crate is written once against [`DbConnection`]. Where SQL must
//! differ (upserts, say), the code matches on the variant here or in a function marked
//! `// backend difference`, so `grep 'backend difference'` lists every divergence.

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::StoreError;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// One connection to either backend; diesel's derive makes the enum itself a `Connection`.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(diesel::SqliteConnection),
    Postgres(diesel::PgConnection),
}

impl std::fmt::Debug for DbConnection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Sqlite(_) => "DbConnection::Sqlite",
            Self::Postgres(_) => "DbConnection::Postgres",
        })
    }
}

/// Where the data lives, decided from the URL scheme so that a PostgreSQL server that is down
/// reports "connection refused" instead of diesel's generic "invalid connection url".
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// A file path (or `:memory:`) for the embedded SQLite database.
    Sqlite(String),
    /// A `postgres://` or `postgresql://` URL.
    Postgres(String),
}

impl DatabaseUrl {
    /// `postgres://` and `postgresql://` select PostgreSQL; `sqlite://` or a bare path selects
    /// SQLite. Anything else with a scheme is rejected so a typo never silently creates a file.
    pub fn parse(raw: &str) -> Result<Self, StoreError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(StoreError::Config("the database URL is empty".into()));
        }
        if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            return Ok(Self::Postgres(raw.to_owned()));
        }
        if let Some(path) = raw.strip_prefix("sqlite://") {
            return Ok(Self::Sqlite(path.to_owned()));
        }
        if let Some((scheme, _)) = raw.split_once("://") {
            return Err(StoreError::Config(format!(
                "unsupported database URL scheme '{scheme}://' (use postgres:// or a SQLite file path)"
            )));
        }
        Ok(Self::Sqlite(raw.to_owned()))
    }

    /// The backend's name, for logs and readiness answers.
    pub fn backend(&self) -> &'static str {
        match self {
            Self::Sqlite(_) => "sqlite",
            Self::Postgres(_) => "postgres",
        }
    }
}

/// Never print a PostgreSQL password into a log.
impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Sqlite(path) => write!(f, "sqlite:{path}"),
            Self::Postgres(url) => {
                let redacted = match (url.find("://"), url.rfind('@')) {
                    (Some(scheme_end), Some(at)) if at > scheme_end => {
                        format!("{}://***@{}", &url[..scheme_end], &url[at + 1..])
                    }
                    _ => url.clone(),
                };
                f.write_str(&redacted)
            }
        }
    }
}

/// How long the store waits on the database before it gives up and says it is unavailable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// The longest wait for a connection: a free one from the pool, a new one from the server
    /// (PostgreSQL's `connect_timeout`, whole seconds of at least 2), and the health probe's
    /// `SELECT 1`, past which the store stops handing out connections until the database
    /// answers again.
    pub connect: Duration,
    /// The longest one PostgreSQL statement may run (`statement_timeout`; zero: no limit;
    /// migrations are exempt). SQLite's counterpart is the 5 s it waits for the write lock.
    pub statement: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self {
            connect: Duration::from_secs(2),
            statement: Duration::from_secs(15),
        }
    }
}

/// r2d2 manager that builds the right variant for the URL.
#[derive(Debug, Clone)]
pub struct ConnectionManager {
    url: DatabaseUrl,
    timeouts: Timeouts,
}

impl r2d2::ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = diesel::ConnectionError;

    fn connect(&self) -> Result<DbConnection, diesel::ConnectionError> {
        match &self.url {
            DatabaseUrl::Sqlite(path) => {
                let mut conn = diesel::SqliteConnection::establish(path)?;
                // WAL lets readers run beside the single writer; busy_timeout makes a writer wait
                // for the lock instead of failing at once under concurrent requests. Reads go
                // through a memory map (pages shared by every connection, unlike each one's own
                // page cache), and the log is checkpointed every 64 MiB rather than every 4 MiB,
                // so a burst of swipes is not held up by checkpoints.
                conn.batch_execute(
                    "PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; \
                     PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                     PRAGMA mmap_size = 1073741824; PRAGMA wal_autocheckpoint = 16384;",
                )
                .map_err(diesel::ConnectionError::CouldntSetupConfiguration)?;
                Ok(DbConnection::Sqlite(conn))
            }
            DatabaseUrl::Postgres(url) => {
                let mut conn = diesel::PgConnection::establish(&with_connect_timeout(
                    url,
                    self.timeouts.connect,
                ))?;
                conn.batch_execute(&format!(
                    "SET statement_timeout = {}",
                    self.timeouts.statement.as_millis()
                ))
                .map_err(diesel::ConnectionError::CouldntSetupConfiguration)?;
                Ok(DbConnection::Postgres(conn))
            }
        }
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), diesel::ConnectionError> {
        conn.batch_execute("SELECT 1")
            .map_err(diesel::ConnectionError::CouldntSetupConfiguration)
    }

    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        false
    }
}

/// libpq's `connect_timeout` (whole seconds, at least 2) unless the URL sets one: without it a
/// server that accepts the TCP connection and then never answers (a frozen postmaster) holds
/// the connecting thread forever.
fn with_connect_timeout(url: &str, timeout: Duration) -> String {
    if url.contains("connect_timeout=") {
        return url.to_owned();
    }
    let seconds = timeout.as_secs().max(2);
    let joiner = if url.contains('?') { '&' } else { '?' };
    format!("{url}{joiner}connect_timeout={seconds}")
}

pub type Pool = r2d2::Pool<ConnectionManager>;
pub type PooledConnection = r2d2::PooledConnection<ConnectionManager>;

/// Opens a pool and brings the schema up to date.
pub fn connect(
    url: &DatabaseUrl,
    max_size: u32,
    timeouts: Timeouts,
    events: Box<dyn r2d2::HandleEvent>,
) -> Result<(Pool, ConnectionManager), StoreError> {
    if let DatabaseUrl::Sqlite(path) = url
        && let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
        && !parent.exists()
    {
        return Err(StoreError::Config(format!(
            "the SQLite file's folder {} does not exist",
            parent.display()
        )));
    }
    if let DatabaseUrl::Sqlite(path) = url {
        // r2d2 opens every connection at once; on a brand-new file their switches to WAL race
        // and all but one log "database is locked". One connection switches first (WAL is
        // stored in the file), so the pool's own switches find it done.
        diesel::SqliteConnection::establish(path)
            .and_then(|mut c| {
                c.batch_execute("PRAGMA journal_mode = WAL;")
                    .map_err(diesel::ConnectionError::CouldntSetupConfiguration)
            })
            .map_err(|e| StoreError::Unavailable(e.to_string()))?;
    }
    let manager = ConnectionManager {
        url: url.clone(),
        timeouts,
    };
    let pool = r2d2::Pool::builder()
        .max_size(max_size)
        .connection_timeout(timeouts.connect)
        .event_handler(events)
        .build(manager.clone())
        .map_err(|e| StoreError::Unavailable(e.to_string()))?;
    let mut conn = pool
        .get()
        .map_err(|e| StoreError::Unavailable(e.to_string()))?;
    run_migrations(&mut conn, timeouts)?;
    Ok((pool, manager))
}

/// The PostgreSQL advisory lock key held while migrations run ("shopmigr" in ASCII).
const MIGRATION_LOCK: i64 = 0x73686f706d696772;

// backend difference: each backend has its own migrations folder; PostgreSQL's run without
// the statement bound, one process at a time.
fn run_migrations(conn: &mut DbConnection, timeouts: Timeouts) -> Result<(), StoreError> {
    let applied = match conn {
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(|v| v.len()),
        DbConnection::Postgres(c) => {
            c.batch_execute("SET statement_timeout = 0")?;
            // Processes started together (a rollout of N replicas) queue here: the first
            // applies what is pending, the others then find nothing to do. Without the lock two
            // of them would apply the same migration at once and one would fail to start.
            c.batch_execute(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))?;
            let applied = c
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|v| v.len());
            c.batch_execute(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))?;
            c.batch_execute(&format!(
                "SET statement_timeout = {}",
                timeouts.statement.as_millis()
            ))?;
            applied
        }
    }
    .map_err(|e| StoreError::Migration(e.to_string()))?;
    if applied > 0 {
        tracing::info!(applied, "database migrations applied");
    }
    Ok(())
}
