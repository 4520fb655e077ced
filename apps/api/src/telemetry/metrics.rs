//! The process's metrics in the Prometheus text format (`GET /metrics`), kept in a
//! [`prometheus_client`] registry of this process's own (tests run many servers in one
//! process; none is global).
//!
//! Labels stay bounded: requests are labelled by the route's template (`/api/products/{id}`),
//! never by the raw path, with `unmatched` for paths no route takes; by a method out of a fixed
//! list and by status class. Figures that live in the database are read when the metrics are
//! scraped, with one indexed count each ([`store::Store::operational_counts`]); nothing is read
//! per request.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{OnceLock, RwLock};
use std::time::Duration;

use actix_web::HttpRequest;
use actix_web::http::Method;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use crate::state::AppState;

/// The `Content-Type` of the answer (Prometheus text format 0.0.4).
pub const CONTENT_TYPE: &str = prometheus_client::encoding::prometheus_text::CONTENT_TYPE;

/// The label value of requests no route took (unknown paths, files of the frontend's folder
/// that fall through to it, refusals before routing).
pub const UNMATCHED: &str = "unmatched";

/// The label value of the shop's pages and files (the frontend's folder, the fallback of every
/// path no API route takes).
pub const FRONTEND: &str = "frontend";

/// Route templates kept as label values, at most; later ones count as `other`. The templates are
/// the program's own, so this is a guard against a bug, not a limit anyone reaches.
const TEMPLATES_KEPT: usize = 512;

/// Latency buckets, in seconds: half a millisecond to ten seconds.
const LATENCY_BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

type RequestLabels = [(&'static str, &'static str); 3];
type RouteLabels = [(&'static str, &'static str); 2];
type NameLabel = [(&'static str, String); 1];

fn latency_histogram() -> Histogram {
    Histogram::new(LATENCY_BUCKETS)
}

/// A resource's route label, found once per worker: a resource carries one in its app data
/// (see `routes::resource_of`) so a request's template is read from it, not found again by
/// walking the whole route table for every request ([`HttpRequest::match_pattern`]).
#[derive(Debug, Default)]
pub struct RouteMeter {
    route: OnceLock<&'static str>,
}

/// Every metric the API exports.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram, fn() -> Histogram>,
    /// Route templates seen, interned: a request's labels borrow them, never allocate.
    templates: RwLock<HashMap<Box<str>, &'static str>>,
    pool_connections: Gauge,
    pool_idle: Gauge,
    pool_max: Gauge,
    pool_checkouts: Counter,
    pool_wait: Counter<f64, AtomicU64>,
    pool_timeouts: Counter,
    products: Gauge,
    catalogue_lag: Gauge<f64, AtomicU64>,
    catalogue_behind: Gauge,
    swipe_log_pending: Gauge,
    reservations: Gauge,
    settler_lapsed: Gauge,
    settler_refunds: Gauge,
    refunds: Family<NameLabel, Gauge>,
    refusals: Family<NameLabel, Counter>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("shop");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, route template and status class",
            requests.clone(),
        );
        let latency = Family::<RouteLabels, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        registry.register(
            "http_request_duration_seconds",
            "Time from a request's arrival to its answer's headers, by method and route template",
            latency.clone(),
        );
        let build = Family::<[(&'static str, &'static str); 1], Gauge>::default();
        build
            .get_or_create(&[("version", env!("CARGO_PKG_VERSION"))])
            .set(1);
        registry.register(
            "build_info",
            "The running build's version (always 1)",
            build,
        );
        let metrics = Self {
            requests,
            latency,
            templates: RwLock::default(),
            pool_connections: Gauge::default(),
            pool_idle: Gauge::default(),
            pool_max: Gauge::default(),
            pool_checkouts: Counter::default(),
            pool_wait: Counter::default(),
            pool_timeouts: Counter::default(),
            products: Gauge::default(),
            catalogue_lag: Gauge::default(),
            catalogue_behind: Gauge::default(),
            swipe_log_pending: Gauge::default(),
            reservations: Gauge::default(),
            settler_lapsed: Gauge::default(),
            settler_refunds: Gauge::default(),
            refunds: Family::default(),
            refusals: Family::default(),
            registry,
        };
        metrics.register_scraped()
    }

    fn register_scraped(mut self) -> Self {
        let r = &mut self.registry;
        r.register(
            "db_pool_connections",
            "Database connections open (in use or idle)",
            self.pool_connections.clone(),
        );
        r.register(
            "db_pool_idle_connections",
            "Database connections open and idle",
            self.pool_idle.clone(),
        );
        r.register(
            "db_pool_max_connections",
            "The most database connections the pool opens",
            self.pool_max.clone(),
        );
        r.register(
            "db_pool_checkouts",
            "Database connections handed out",
            self.pool_checkouts.clone(),
        );
        r.register(
            "db_pool_wait_seconds",
            "Time spent waiting for a database connection (handed out or timed out)",
            self.pool_wait.clone(),
        );
        r.register(
            "db_pool_timeouts",
            "Waits for a database connection that ended without one",
            self.pool_timeouts.clone(),
        );
        r.register(
            "catalogue_products",
            "Products in this process's catalogue in memory",
            self.products.clone(),
        );
        r.register(
            "catalogue_lag_seconds",
            "Age of the oldest catalogue change this process has not applied yet (0 when none)",
            self.catalogue_lag.clone(),
        );
        r.register(
            "catalogue_changes_behind",
            "Catalogue changes written that this process has not applied yet",
            self.catalogue_behind.clone(),
        );
        r.register(
            "swipe_log_pending",
            "Swipe-log entries not yet folded into the trending rollups",
            self.swipe_log_pending.clone(),
        );
        r.register(
            "reservations_open",
            "Checkouts reserved (stock held) and neither paid nor lapsed",
            self.reservations.clone(),
        );
        r.register(
            "settler_lapsed_backlog",
            "Reservations past their time that the settler has not released yet",
            self.settler_lapsed.clone(),
        );
        r.register(
            "settler_refunds_backlog",
            "Refunds initiated that the settler still follows",
            self.settler_refunds.clone(),
        );
        r.register(
            "refunds",
            "Orders by refund state (initiated, completed, failed)",
            self.refunds.clone(),
        );
        r.register(
            "rate_limit_refusals",
            "Requests refused by a rate limit, by the limit's name",
            self.refusals.clone(),
        );
        self
    }

    /// Counts one answered request and its time (the middleware calls it for every request).
    pub fn observe(&self, req: &HttpRequest, status: u16, elapsed: Duration) {
        let route = match req.app_data::<RouteMeter>() {
            Some(meter) => *meter
                .route
                .get_or_init(|| self.route_label(req.match_pattern().as_deref())),
            None => self.route_label(req.match_pattern().as_deref()),
        };
        self.count(req.method(), route, status, elapsed);
    }

    /// [`Metrics::observe`] from the request's parts: its method and its route's template
    /// (`None`: no route took it).
    pub fn observe_parts(
        &self,
        method: &Method,
        pattern: Option<&str>,
        status: u16,
        elapsed: Duration,
    ) {
        self.count(method, self.route_label(pattern), status, elapsed);
    }

    /// The route label of a matched template (`None`: no route took the request).
    fn route_label(&self, pattern: Option<&str>) -> &'static str {
        match pattern {
            // The frontend's folder, mounted at the root, is matched by an empty pattern.
            Some("") => FRONTEND,
            Some(pattern) => self.intern(pattern),
            None => UNMATCHED,
        }
    }

    fn count(&self, method: &Method, route: &'static str, status: u16, elapsed: Duration) {
        let method = method_label(method);
        let class = status_class(status);
        self.requests
            .get_or_create(&[("method", method), ("route", route), ("status", class)])
            .inc();
        self.latency
            .get_or_create(&[("method", method), ("route", route)])
            .observe(elapsed.as_secs_f64());
    }

    /// The label value of a route template: the interned copy (made once per template).
    fn intern(&self, pattern: &str) -> &'static str {
        if let Some(known) = self
            .templates
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(pattern)
        {
            return known;
        }
        let mut templates = self.templates.write().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = templates.get(pattern) {
            return known;
        }
        if templates.len() >= TEMPLATES_KEPT {
            return "other";
        }
        // Leaked on purpose, once per template: the set is the program's route templates (bounded above).
        let kept: &'static str = Box::leak(pattern.to_owned().into_boxed_str());
        templates.insert(pattern.into(), kept);
        kept
    }

    /// Reads the figures of the scrape (the pool, the catalogue, and the database's counts)
    /// and writes every metric out. A database that does not answer leaves its figures as they
    /// were last read; the rest is still answered.
    pub async fn render(state: &AppState) -> String {
        let metrics = &state.metrics;
        let pool = state.store.pool_stats();
        metrics.pool_connections.set(i64::from(pool.connections));
        metrics.pool_idle.set(i64::from(pool.idle));
        metrics.pool_max.set(i64::from(pool.max));
        metrics
            .pool_checkouts
            .inner()
            .store(pool.checkouts, Ordering::Relaxed);
        metrics
            .pool_wait
            .inner()
            .store(pool.wait_seconds.to_bits(), Ordering::Relaxed);
        metrics
            .pool_timeouts
            .inner()
            .store(pool.timeouts, Ordering::Relaxed);
        for (name, count) in state.store.rate_limit_refusals() {
            metrics
                .refusals
                .get_or_create(&[("limit", name)])
                .inner()
                .store(count, Ordering::Relaxed);
        }
        let products = state.catalogue.snapshot().entries().len();
        metrics
            .products
            .set(i64::try_from(products).unwrap_or(i64::MAX));
        let now = state.clock.now();
        let applied = state.catalogue.applied_seq();
        let counts = state
            .db(move |store| store.operational_counts(now, applied))
            .await;
        match counts {
            Ok(counts) => {
                let lag = counts
                    .oldest_unapplied
                    .map_or(0.0, |t| (now - t).as_seconds_f64().max(0.0));
                metrics.catalogue_lag.set(lag);
                metrics.catalogue_behind.set(counts.feed_behind);
                metrics.swipe_log_pending.set(counts.swipe_log_pending);
                metrics.reservations.set(counts.open_reservations);
                metrics.settler_lapsed.set(counts.lapsed_unreleased);
                let mut initiated = 0;
                for state in ["initiated", "completed", "failed"] {
                    let count = counts
                        .refunds
                        .iter()
                        .find(|(s, _)| s == state)
                        .map_or(0, |(_, n)| *n);
                    if state == "initiated" {
                        initiated = count;
                    }
                    metrics
                        .refunds
                        .get_or_create(&[("state", state.to_owned())])
                        .set(count);
                }
                metrics.settler_refunds.set(initiated);
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading the metrics' database figures failed")
            }
        }
        let mut text = String::with_capacity(16 * 1024);
        if let Err(e) =
            prometheus_client::encoding::prometheus_text::encode(&mut text, &metrics.registry)
        {
            tracing::error!(error = %e, "writing the metrics failed");
        }
        text
    }
}

fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}
