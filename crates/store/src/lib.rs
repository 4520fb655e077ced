//! The shop's storage: diesel schema, migrations and repositories over one code path that runs
//! on SQLite (the embedded default) and PostgreSQL (production).
//!
//! Owns: connections and the pool, migrations, row types and queries, the demo-catalogue seed,
//! bulk writes for benchmarks.
//! Must never hold a business rule: prices, coupon validity and badges are decided by the pure
//! crates; this crate stores and loads. Every call here blocks: callers on an async runtime run
//! it on a blocking thread.

// backend difference: multi-row INSERT and ON CONFLICT do not compile through the
// `MultiConnection` enum, so such statements go to the concrete connection.
macro_rules! per_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match &mut *$conn {
            $crate::db::DbConnection::Sqlite($c) => $body,
            $crate::db::DbConnection::Postgres($c) => $body,
        }
    };
}

mod accounts;
mod addresses;
mod bag;
mod bulk;
mod catalogue;
mod coupons;
mod curated;
mod db;
mod orders;
mod products;
mod schema;
mod seed;
mod swipes;

pub use accounts::{CodeTry, Taken, UserRecord, email_change_key};
pub use addresses::AddressRecord;
pub use bulk::{HistoryReport, PastSwipe, ShopperHistory};
pub use catalogue::{
    BrandRecord, CatalogueChange, CatalogueData, CategoryRecord, StaticImageRecord,
};
pub use coupons::{CouponClaim, claim_coupon_use};
pub use db::{DatabaseUrl, DbConnection};
pub use orders::{
    Booking, CancelRequestRecord, Changed, NewLine, NewOrder, OrderChange, OrderLineRecord,
    OrderRecord, Placement, RefundClaim, RequestChange, Reservation, ShipmentRecord, Shortage,
    Stage, StockLedger, StoredOrder,
};
pub use products::{BrandRef, CategoryRef, CouponRecord, ProductRecord, Specifications};
pub use seed::SeedReport;
pub use swipes::{NewSwipe, RollupCheck, SwipeCommand, SwipeOutcome, TrendingRow};

/// What can go wrong below the HTTP edge.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The configuration names a database the store cannot use.
    #[error("database configuration: {0}")]
    Config(String),
    /// The database cannot be reached (down, refused, pool exhausted).
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// Migrations failed to apply.
    #[error("database migration failed: {0}")]
    Migration(String),
    /// A query failed for a reason other than a missing row.
    #[error("database query failed: {0}")]
    Query(#[from] diesel::result::Error),
}

/// A handle on the database; cheap to clone (the pool is shared).
#[derive(Clone, Debug)]
pub struct Store {
    pool: db::Pool,
    backend: &'static str,
}

impl Store {
    /// Connects, runs pending migrations and returns the store.
    pub fn open(url: &DatabaseUrl, max_connections: u32) -> Result<Self, StoreError> {
        let pool = db::connect(url, max_connections)?;
        Ok(Self {
            pool,
            backend: url.backend(),
        })
    }

    /// "sqlite" or "postgres".
    pub fn backend(&self) -> &'static str {
        self.backend
    }

    /// Checks that a connection can be taken and answers a trivial query.
    pub fn ping(&self) -> Result<(), StoreError> {
        use diesel::connection::SimpleConnection;
        self.conn()?.batch_execute("SELECT 1")?;
        Ok(())
    }

    fn conn(&self) -> Result<db::PooledConnection, StoreError> {
        self.pool
            .get()
            .map_err(|e| StoreError::Unavailable(e.to_string()))
    }
}
