//! Configuration, read once from the environment at start and validated with messages an
//! operator can act on. Nothing else in the binary reads environment variables.
//!
//! One module per concern reads its own variables: `server` (the listener and the edge in front
//! of it), `database`, `catalogue` (the demo catalogue and its refresh), `logging`, `sessions`,
//! and one per provider (`mail`, `payments`, `shipping`, `places`, `assistant`). `vars` holds
//! the parsing they share.

mod assistant;
mod catalogue;
mod data_key;
mod database;
mod events;
mod logging;
mod mail;
mod media;
mod payments;
mod places;
mod server;
mod sessions;
mod shipping;
mod vars;

use std::net::SocketAddr;
use std::path::PathBuf;

use store::DatabaseUrl;

pub use assistant::AssistantConfig;
pub use data_key::DATA_KEY_HEX_CHARS;
pub use logging::LogFormat;
pub use media::{MediaBucketConfig, MediaCredentials};
pub use payments::RazorpayConfig;
pub use places::PlacesConfig;
pub use server::{CorsOrigins, DEFAULT_CONNECTIONS_PER_CLIENT};
pub use sessions::MIN_SESSION_SECRET_CHARS;
pub use shipping::ShiprocketConfig;

use vars::Vars;

/// The whole configuration of the API process.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: DatabaseUrl,
    pub frontend_dir: PathBuf,
    pub log_format: LogFormat,
    pub cors_origins: CorsOrigins,
    pub db_pool_size: u32,
    /// How long a request waits on the database before it is answered 503
    /// (`SHOP_DB_CONNECT_TIMEOUT_MS`), and how long one PostgreSQL statement may run
    /// (`SHOP_DB_STATEMENT_TIMEOUT_MS`).
    pub db_timeouts: store::Timeouts,
    /// Swipe writer threads per process on PostgreSQL (SQLite always has one).
    pub swipe_writers: usize,
    /// Seed the demo catalogue into an empty database at start.
    pub seed_demo: bool,
    /// How many products the demo catalogue holds.
    pub demo_products: usize,
    /// The demo catalogue comes with its demo shoppers' swipe history (`api::history`): always
    /// with `seed_demo` from the environment; tests turn it off unless they look at it, to stay
    /// fast.
    pub demo_history: bool,
    /// The shop's public origin (`SHOP_PUBLIC_URL`, e.g. `https://shop.example.in`). When set,
    /// image URLs in answers are absolute, so clients on other origins can load them.
    pub public_url: Option<String>,
    /// How often the in-memory catalogue reads the database's change feed
    /// (`SHOP_CATALOGUE_REFRESH_MS`).
    pub catalogue_refresh: std::time::Duration,
    /// The secret that signs sessions and keys the sign-in codes' HMACs
    /// (`SHOP_SESSION_SECRET`, at least 32 characters). Without it one is generated into
    /// `<data dir>/session.secret` on first start; processes that share sessions share it.
    pub session_secret: Option<Secret>,
    /// The key that seals bank details at rest (`SHOP_DATA_KEY`, 64 hex characters: 32 bytes
    /// for AES-256-GCM). Without it one is generated into `<data dir>/data.key` on first
    /// start, with a warning: processes that share a database share it, and losing it loses
    /// the sealed details.
    pub data_key: Option<Secret>,
    /// Where sign-in codes are mailed: an SMTP server (`SMTP_URL`, e.g.
    /// `smtps://user:password@smtp.example.in` or `smtp://127.0.0.1:2525`); without it,
    /// one .eml file per message in `<data dir>/outbox/` plus a log line.
    pub smtp_url: Option<Secret>,
    /// The sender of the shop's mail (`SHOP_MAIL_FROM`).
    pub mail_from: String,
    /// An OpenAI-compatible chat API for the support assistant (`SHOP_ASSISTANT_URL`, with
    /// `SHOP_ASSISTANT_KEY` and `SHOP_ASSISTANT_MODEL`); without it, the local assistant.
    pub assistant: Option<AssistantConfig>,
    /// Google Places for the address search (`SHOP_PLACES_KEY`, with `SHOP_PLACES_URL`);
    /// without it, the embedded India directory.
    pub places: Option<PlacesConfig>,
    /// Razorpay for card payments (`SHOP_RAZORPAY_KEY_ID`, `SHOP_RAZORPAY_KEY_SECRET` and
    /// `SHOP_RAZORPAY_WEBHOOK_SECRET`, all three or none, with `SHOP_RAZORPAY_URL`); without
    /// them, the embedded payment sandbox (no money moves).
    pub razorpay: Option<RazorpayConfig>,
    /// Shiprocket for shipping (`SHOP_SHIPROCKET_EMAIL` and `SHOP_SHIPROCKET_PASSWORD`, with
    /// `SHOP_SHIPROCKET_PICKUP` and `SHOP_SHIPROCKET_URL`); without them, the shipping
    /// simulator.
    pub shipping: Option<ShiprocketConfig>,
    /// Take the client address and scheme from the proxies' forwarding header
    /// (`SHOP_TRUST_FORWARDED`: `X-Forwarded-For` with `X-Forwarded-Proto`, or RFC 7239
    /// `Forwarded`), through `SHOP_TRUSTED_PROXIES` proxies (1 unless set): only behind
    /// proxies that write them, or clients could pick their own rate-limit bucket.
    pub forwarding: access::client::Forwarding,
    /// Open connections allowed from one client address (`SHOP_MAX_CONNECTIONS_PER_CLIENT`,
    /// 1,000 unless set; by the peer's address, so not applied behind a trusted proxy).
    pub max_connections_per_client: u32,
    /// An S3-compatible bucket for uploaded images (`SHOP_MEDIA_S3_BUCKET`, with
    /// `SHOP_MEDIA_S3_ENDPOINT`, `SHOP_MEDIA_S3_REGION` and the `AWS_*` keys); without it,
    /// `<data dir>/media`.
    pub media_bucket: Option<MediaBucketConfig>,
    /// `host:port` pairs the Shopify import's image fetcher may reach although their addresses
    /// are private or loopback (`SHOP_IMPORT_FETCH_ALLOW`, comma-separated; for tests and
    /// local set-ups): empty unless set.
    pub import_fetch_allow: Vec<String>,
    /// How often a brand's live event stream sends its heartbeat comment and checks the
    /// session again (`SHOP_EVENTS_HEARTBEAT_MS`, 15 s unless set).
    pub events_heartbeat: std::time::Duration,
    /// Where `GET /metrics` is served (`SHOP_METRICS_ADDR`): on a listener of its own at this
    /// address, and then not on the public one; unset, on the public listener.
    pub metrics_addr: Option<SocketAddr>,
}

/// A configuration value that must never reach a log line.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// A configuration value that cannot be used; the message names the variable and the fix.
#[derive(Debug, thiserror::Error)]
#[error("{variable}: {message}")]
pub struct ConfigError {
    pub variable: &'static str,
    pub message: String,
}

fn invalid(variable: &'static str, message: impl Into<String>) -> ConfigError {
    ConfigError {
        variable,
        message: message.into(),
    }
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads configuration through `lookup` (the environment in production, a map in tests).
    ///
    /// The variables are read in a fixed order, and the first that cannot be used is the one
    /// reported.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let vars = Vars::new(&lookup);
        let addr = server::addr(&vars)?;
        let data_dir = database::data_dir(&vars);
        let database_url = database::url(&vars, &data_dir)?;
        let frontend_dir = server::frontend_dir(&vars);
        let log_format = logging::format(&vars)?;
        let cors_origins = server::cors_origins(&vars)?;
        let db_pool_size = database::pool_size(&vars)?;
        let swipe_writers = database::swipe_writers(&vars)?;
        let seed_demo = catalogue::seed_demo(&vars)?;
        let demo_products = catalogue::demo_products(&vars)?;
        let public_url = server::public_url(&vars)?;
        let db_timeouts = database::timeouts(&vars)?;
        let catalogue_refresh = catalogue::refresh(&vars)?;
        let session_secret = sessions::secret(&vars)?;
        let data_key = data_key::key(&vars)?;
        let smtp_url = mail::smtp_url(&vars)?;
        let mail_from = mail::from(&vars)?;
        let assistant = assistant::assistant(&vars)?;
        let places = places::places(&vars)?;
        let razorpay = payments::razorpay(&vars)?;
        let shipping = shipping::shiprocket(&vars)?;
        payments::check_sandbox(&vars, addr, razorpay.is_some(), shipping.is_some())?;
        let forwarding = server::forwarding(&vars)?;
        let max_connections_per_client = server::max_connections_per_client(&vars)?;
        let media_bucket = media::bucket(&vars)?;
        let import_fetch_allow = media::fetch_allow(&vars)?;
        let events_heartbeat = events::heartbeat(&vars)?;
        let metrics_addr = server::metrics_addr(&vars)?;

        Ok(Self {
            addr,
            data_dir,
            database_url,
            frontend_dir,
            log_format,
            cors_origins,
            db_pool_size,
            db_timeouts,
            swipe_writers,
            seed_demo,
            demo_products,
            demo_history: true,
            public_url,
            catalogue_refresh,
            session_secret,
            data_key,
            smtp_url,
            mail_from,
            assistant,
            places,
            razorpay,
            shipping,
            forwarding,
            max_connections_per_client,
            media_bucket,
            import_fetch_allow,
            events_heartbeat,
            metrics_addr,
        })
    }
}

#[cfg(test)]
mod tests;
