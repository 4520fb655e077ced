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
mod admin_brands;
mod admin_categories;
mod admin_users;
mod audit;
mod bag;
mod banners;
mod brand_applications;
mod brand_events;
mod bulk;
mod catalogue;
mod columns;
mod console_coupons;
mod console_images;
mod console_imports;
mod console_products;
mod coupons;
mod curated;
mod db;
mod faults;
mod health;
pub mod ids;
pub mod insights;
mod orders;
mod payouts;
mod products;
mod schema;
mod seed;
mod session_changes;
mod shopify_imports;
mod swipes;
mod telemetry;

pub use accounts::{CodeTry, Taken, UserRecord, email_change_key};
pub use addresses::AddressRecord;
pub use admin_brands::{
    BrandEdit, NewBrand, brand_by_id, brand_name_taken, brand_product_count, insert_brand,
    update_brand, write_first,
};
pub use admin_categories::{
    CategoryEdit, all_categories, category_by_id, category_product_count, child_category_count,
    delete_category, insert_category, lock_categories, set_category_position, update_category,
};
pub use admin_users::{StaffQuery, StaffRecord, admin_count, lock_admins, staff_by_id, write_role};
pub use audit::{AuditQuery, AuditRecord, NewAudit, write_audit};
pub use banners::{delete_banner, find_banner, insert_banner, update_banner};
pub use brand_applications::{
    ApplicationRecord, Decision as ApplicationDecision, MAX_APPLICATIONS_LISTED, application_by_id,
    decide_application, insert_application, pending_application_of,
};
pub use brand_events::{BrandEventKind, BrandEventRecord, LOW_STOCK_UNITS};
pub use bulk::{HistoryReport, PastSwipe, ShopperHistory};
pub use catalogue::{
    BrandRecord, CatalogueChange, CatalogueData, CatalogueRows, CategoryRecord, PRODUCTS_PAGE,
    ProductRun, StaticImageRecord, note_catalogue_change,
};
pub use console_coupons::{ConsoleCoupon, CouponEdit, CouponRefusal, CouponWriteError};
pub use console_images::{ImageEdit, ImageRef, ImageRefusal, legacy_image_id};
pub use console_imports::{ExportStatus, ImportBatch, ImportUpdate, ImportedBatch};
pub use console_products::{
    ConsoleProduct, Edited, NewProduct, ProductContent, ProductEdit, ProductQuery,
    ProductReferences, ProductSort, ProductUpdate, Refused, Saved, console_product_in,
    console_products_in, edit_product, insert_product,
};
pub use coupons::{CouponClaim, claim_coupon_use};
pub use db::{DatabaseUrl, DbConnection, Timeouts};
pub use faults::is_storage_failure;
pub use health::Readiness;
pub use insights::{
    BrandDay, BrandPeriod, LowStock, OrderHistoryReport, ProductDay, ProductLabel, SellableProduct,
};
pub use orders::{
    Booking, CancelRequestRecord, Changed, NewLine, NewOrder, OrderChange, OrderLineRecord,
    OrderRecord, Placement, RefundClaim, RequestChange, Reservation, ShipmentRecord, Shortage,
    Stage, StockLedger, StoredOrder,
};
pub use payouts::{PayoutRecord, PayoutRefund, PayoutSale, insert_payout, payout_of};
pub use products::{BrandRef, CategoryRef, CouponRecord, ProductRecord, Specifications};
pub use seed::{SeedProgress, SeedReport};
pub use session_changes::{SessionChange, note_session_change};
pub use shopify_imports::ShopifyBatch;
pub use swipes::{NewSwipe, RollupCheck, SwipeCommand, SwipeOutcome, TrendingRow};
pub use telemetry::{OperationalCounts, PoolStats};

/// What can go wrong below the HTTP edge.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The configuration names a database the store cannot use.
    #[error("database configuration: {0}")]
    Config(String),
    /// The database cannot be reached (down, refused, frozen, pool exhausted) or did not
    /// answer within its time limit.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// The database's storage refuses writes: the disk is full or read-only, or failing.
    #[error("database storage unavailable: {0}")]
    Storage(String),
    /// Migrations failed to apply.
    #[error("database migration failed: {0}")]
    Migration(String),
    /// A query failed for a reason other than a missing row.
    #[error("database query failed: {0}")]
    Query(diesel::result::Error),
    /// The call ended before it answered: it panicked (a bug), or the blocking pool that ran it
    /// is shutting down.
    #[error("a store call was aborted: {0}")]
    Aborted(String),
}

/// Every query error passes here, so an outage or a full disk is told apart from a bug in one
/// place, whichever statement met it.
impl From<diesel::result::Error> for StoreError {
    fn from(e: diesel::result::Error) -> Self {
        match faults::classify(&e) {
            faults::Fault::Storage => Self::Storage(e.to_string()),
            faults::Fault::Unavailable => Self::Unavailable(e.to_string()),
            faults::Fault::None => Self::Query(e),
        }
    }
}

/// A handle on the database; cheap to clone (the pool is shared).
#[derive(Clone, Debug)]
pub struct Store {
    pool: db::Pool,
    manager: db::ConnectionManager,
    health: std::sync::Arc<health::Health>,
    backend: &'static str,
    /// Pool waits and rate-limit refusals, for the metrics.
    counters: std::sync::Arc<telemetry::Counters>,
}

impl Store {
    /// Connects, runs pending migrations and returns the store, for commands and tools: the
    /// default connect timeout, no statement timeout (a seed or a recount of millions of
    /// swipes may take minutes). The server opens with [`Store::open_with`].
    pub fn open(url: &DatabaseUrl, max_connections: u32) -> Result<Self, StoreError> {
        Self::open_with(
            url,
            max_connections,
            Timeouts {
                statement: std::time::Duration::ZERO,
                ..Timeouts::default()
            },
        )
    }

    /// Connects with these time limits, runs pending migrations and returns the store.
    pub fn open_with(
        url: &DatabaseUrl,
        max_connections: u32,
        timeouts: Timeouts,
    ) -> Result<Self, StoreError> {
        let counters = std::sync::Arc::new(telemetry::Counters::default());
        let events = Box::new(telemetry::PoolEvents(counters.clone()));
        let (pool, manager) = db::connect(url, max_connections, timeouts, events)?;
        Ok(Self {
            pool,
            manager,
            counters,
            health: std::sync::Arc::new(health::Health::new(timeouts.connect)),
            backend: url.backend(),
        })
    }

    /// Starts watching the database (and the storage of `data_dir`, when given) from a thread
    /// of its own until every clone of this store is gone: from then on a database that does
    /// not answer within the connect timeout is refused at once, and [`Store::readiness`]
    /// reports it and a disk that refuses writes.
    pub fn watch(&self, data_dir: Option<std::path::PathBuf>) {
        health::watch(&self.health, self.manager.clone(), data_dir);
    }

    /// Whether the database could take requests when the watcher last looked (always ready
    /// when it is not watched).
    pub fn readiness(&self) -> Readiness {
        self.health.readiness()
    }

    /// `Err(Unavailable)` at once while the watcher finds the database unreachable or frozen:
    /// for callers that would otherwise queue behind a statement stuck on it.
    pub fn reachable(&self) -> Result<(), StoreError> {
        health::gate(&self.health)
    }

    /// The longest a caller should wait for the database to answer.
    pub fn connect_timeout(&self) -> std::time::Duration {
        self.health.bound()
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
        health::gate(&self.health)?;
        self.pool
            .get()
            .map_err(|e| StoreError::Unavailable(e.to_string()))
    }

    /// A connection outside the pool, closed when dropped: for a long read whose memory should
    /// go with it (SQLite maps the pages it reads into the process, and a pooled connection
    /// keeps them mapped).
    fn own_conn(&self) -> Result<DbConnection, StoreError> {
        health::gate(&self.health)?;
        r2d2::ManageConnection::connect(&self.manager)
            .map_err(|e| StoreError::Unavailable(e.to_string()))
    }
}
