//! Building and running the server: `main` and the tests start it the same way.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_cors::Cors;
use actix_web::dev::Server;
use actix_web::middleware::{Compress, DefaultHeaders, from_fn};
use actix_web::{App, HttpServer, web};

use crate::catalogue::{Catalogue, CatalogueError, Refresh};
use crate::config::{Config, CorsOrigins};
use crate::error::extractors;
use crate::routes;
use crate::state::{AppState, Clock};

/// Largest JSON body accepted.
const JSON_LIMIT_BYTES: usize = 64 * 1024;

/// A bound, not yet running server.
pub struct Application {
    port: u16,
    server: Server,
    /// The metrics' own listener (`SHOP_METRICS_ADDR`) and its port, when configured.
    metrics: Option<(u16, Server)>,
    state: web::Data<AppState>,
    refresh_every: Duration,
    /// The local mail outbox, when mail goes there (its old files are pruned).
    outbox: Option<std::path::PathBuf>,
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

/// The outside services the API talks to.
#[derive(Clone, Debug)]
pub struct Providers {
    pub mailer: Arc<dyn providers::Mailer>,
    /// Log sign-in codes (the mailer is the local outbox).
    pub log_codes: bool,
    pub assistant: Arc<dyn providers::Assistant>,
    pub places: Arc<dyn providers::PlaceSearch>,
    pub payments: Arc<dyn providers::Payments>,
    pub shipping: Arc<dyn providers::Shipping>,
}

impl Providers {
    /// The adapters the configuration names: SMTP when `SMTP_URL` is set, else the outbox
    /// under the data directory; an OpenAI-compatible assistant when `SHOP_ASSISTANT_URL` is
    /// set, else the local one; Google Places when `SHOP_PLACES_KEY` is set, else the embedded
    /// India directory; Razorpay when its keys are set, else the embedded payment sandbox on
    /// `clock`; Shiprocket when `SHOP_SHIPROCKET_EMAIL` and `SHOP_SHIPROCKET_PASSWORD` are set,
    /// else the shipping simulator.
    pub fn from_config(config: &Config, clock: &Clock) -> anyhow::Result<Self> {
        use anyhow::Context;
        let (mailer, log_codes): (Arc<dyn providers::Mailer>, bool) = match &config.smtp_url {
            Some(url) => (
                Arc::new(
                    providers::SmtpMailer::from_url(url.expose(), &config.mail_from)
                        .context("SMTP_URL")?,
                ),
                false,
            ),
            None => (
                Arc::new(
                    providers::OutboxMailer::new(config.data_dir.join("outbox"), &config.mail_from)
                        .context("the mail outbox")?,
                ),
                true,
            ),
        };
        let assistant: Arc<dyn providers::Assistant> = match &config.assistant {
            Some(remote) => Arc::new(
                providers::OpenAiAssistant::new(
                    &remote.url,
                    remote.key.as_ref().map(|k| k.expose().to_owned()),
                    &remote.model,
                )
                .context("SHOP_ASSISTANT_URL")?,
            ),
            None => Arc::new(providers::LocalAssistant),
        };
        let places: Arc<dyn providers::PlaceSearch> = match &config.places {
            Some(google) => Arc::new(
                providers::GooglePlaces::new(google.url.as_deref(), google.key.expose())
                    .context("SHOP_PLACES_URL")?,
            ),
            None => Arc::new(providers::LocalPlaces::default()),
        };
        let payments: Arc<dyn providers::Payments> = match &config.razorpay {
            Some(razorpay) => Arc::new(
                providers::Razorpay::new(
                    razorpay.url.as_deref(),
                    &razorpay.key_id,
                    razorpay.key_secret.expose(),
                    razorpay.webhook_secret.expose(),
                )
                .context("SHOP_RAZORPAY_KEY_ID, SHOP_RAZORPAY_KEY_SECRET, SHOP_RAZORPAY_URL")?,
            ),
            None => {
                // The sandbox reads the API's clock, so tests that pin time pin its order ages
                // and card expiry checks too.
                let clock = clock.clone();
                Arc::new(
                    providers::SandboxPayments::new()
                        .context("the payment sandbox")?
                        .with_clock(move || clock.now()),
                )
            }
        };
        let shipping: Arc<dyn providers::Shipping> = match &config.shipping {
            Some(shiprocket) => Arc::new(
                providers::Shiprocket::new(
                    shiprocket.url.as_deref(),
                    &shiprocket.email,
                    shiprocket.password.expose(),
                    &shiprocket.pickup,
                )
                .context("SHOP_SHIPROCKET_URL")?,
            ),
            // The simulator's timetable runs on the API's clock, so tests that move time move
            // its couriers too.
            None => {
                let clock = clock.clone();
                let seed = u64::try_from(clock.now().timestamp_millis())
                    .unwrap_or_default()
                    .saturating_mul(1_000);
                Arc::new(providers::SimulatedShipping::with_clock(seed, move || {
                    clock.now()
                }))
            }
        };
        Ok(Self {
            mailer,
            log_codes,
            assistant,
            places,
            payments,
            shipping,
        })
    }
}

impl Application {
    /// Opens the database (migrating and seeding it as configured) and binds the listener,
    /// with the outside services the configuration names.
    pub fn build(config: &Config, clock: Clock) -> anyhow::Result<Self> {
        let providers = Providers::from_config(config, &clock)?;
        Self::build_with(config, clock, providers)
    }

    /// As [`Application::build`], with the given outside services (tests pass failing ones).
    pub fn build_with(config: &Config, clock: Clock, providers: Providers) -> anyhow::Result<Self> {
        use anyhow::Context;
        if let store::DatabaseUrl::Sqlite(_) = config.database_url {
            std::fs::create_dir_all(&config.data_dir).with_context(|| {
                format!("creating the data directory {}", config.data_dir.display())
            })?;
        }
        let store = store::Store::open_with(
            &config.database_url,
            config.db_pool_size,
            config.db_timeouts,
        )
        .with_context(|| format!("opening the database {:?}", config.database_url))?;
        if config.seed_demo {
            let report = store
                .seed_if_empty(|| catalogue::generate(config.demo_products))
                .context("seeding the demo catalogue")?;
            tracing::info!(?report, "demo catalogue");
            // Only the process whose transaction seeded the catalogue writes the history, so
            // it is written once, into a database that held nothing.
            if config.demo_history && matches!(report, store::SeedReport::Seeded { .. }) {
                let started = std::time::Instant::now();
                let demo = crate::history::write_demo(&store, clock.now())
                    .context("writing the demo swipe history")?;
                tracing::info!(
                    shoppers = demo.shoppers,
                    swipes = demo.history.swipes,
                    seconds = started.elapsed().as_secs_f64(),
                    "demo swipe history"
                );
            }
        }
        let media_origin = config.public_url.clone().unwrap_or_default();
        let catalogue =
            Catalogue::load(&store, &media_origin).context("loading the catalogue into memory")?;
        // Watched once seeding is done: on SQLite the watcher's heartbeat would take the write
        // lock in the middle of the seed's transaction. The data directory holds the SQLite
        // file and the mail outbox: its disk filling up shows in readiness too.
        store.watch(Some(config.data_dir.clone()));
        if !config.frontend_dir.join("index.html").is_file() {
            tracing::warn!(
                dir = %config.frontend_dir.display(),
                "no built frontend found; the API works, the shop's pages answer 503 until it is built"
            );
        }
        let listener = TcpListener::bind(config.addr)
            .with_context(|| format!("binding {} (SHOP_ADDR)", config.addr))?;
        let port = listener.local_addr()?.port();
        let metrics_listener = match config.metrics_addr {
            Some(addr) => Some(
                TcpListener::bind(addr)
                    .with_context(|| format!("binding {addr} (SHOP_METRICS_ADDR)"))?,
            ),
            None => None,
        };
        let public_metrics = metrics_listener.is_none();
        let sessions = crate::auth::Sessions::from_config(config)?;
        let data_key = crate::services::applications::sealing::DataKey::from_config(config)
            .context("SHOP_DATA_KEY")?;
        let media = crate::services::media::Media::from_config(config)
            .context("SHOP_MEDIA_S3_BUCKET, SHOP_MEDIA_S3_ENDPOINT, SHOP_MEDIA_S3_REGION")?;
        let outbox = config
            .smtp_url
            .is_none()
            .then(|| config.data_dir.join("outbox"));
        tracing::info!(
            mail = %providers.mailer.describe(),
            assistant = %providers.assistant.describe(),
            places = %providers.places.describe(),
            payments = %providers.payments.describe(),
            shipping = %providers.shipping.describe(),
            media = %media.describe(),
            "outside services"
        );
        if providers.payments.sandbox().is_some() {
            // Configuration lets the sandbox run only on loopback or on purpose, and never
            // with Shiprocket; it is still worth a warning every start.
            tracing::warn!(
                addr = %config.addr,
                "TEST PAYMENTS: card payments go to the embedded sandbox; no money moves and any \
                 test card pays. Set SHOP_RAZORPAY_KEY_ID, SHOP_RAZORPAY_KEY_SECRET and \
                 SHOP_RAZORPAY_WEBHOOK_SECRET before taking real orders"
            );
        }
        // Windows are rolled before the first answer, so a process that was down for a while
        // never serves totals that still count hours gone by.
        store
            .roll_windows(clock.now())
            .context("rolling the trending windows")?;
        let trending = Arc::new(crate::services::trending::cache::TrendingCache::default());
        let swipes = crate::services::swipes::ledger::SwipeWriter::start(
            &store,
            &clock,
            crate::services::swipes::ledger::writers_for(&store, config.swipe_writers),
            &trending,
        );
        let state = web::Data::new(AppState {
            swipes: Arc::new(swipes),
            trending,
            feed: Arc::new(crate::services::swipes::feed_view::Feed::default()),
            cards: Arc::default(),
            session_cache: Arc::default(),
            store,
            clock,
            catalogue: Arc::new(catalogue),
            places: providers.places,
            payments: providers.payments,
            shipping: providers.shipping,
            sessions: Arc::new(sessions),
            mailer: providers.mailer,
            log_codes: providers.log_codes,
            assistant: providers.assistant,
            forwarding: config.forwarding,
            media: Arc::new(media),
            data_key: Arc::new(data_key),
            events: Arc::new(crate::services::events::EventHub::new(
                config.events_heartbeat,
            )),
            metrics: Arc::new(crate::telemetry::Metrics::new()),
        });
        let trusted = web::Data::new(trusted_origins(config));
        let edge = web::Data::new(crate::edge::Edge {
            forwarding: config.forwarding,
            public_https: public_https(config),
        });
        let cap = match config.forwarding {
            access::client::Forwarding::Ignore => Some(crate::edge::ConnectionCap::new(
                config.max_connections_per_client,
            )),
            // Every connection comes from the proxy: it caps them itself.
            access::client::Forwarding::Trust { .. } => None,
        };
        let refresh_every = config.catalogue_refresh;
        let app_state = state.clone();
        let blocking = blocking_threads(config.db_pool_size);
        let config = config.clone();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(trusted.clone())
                .app_data(edge.clone())
                .app_data(
                    web::JsonConfig::default()
                        .limit(JSON_LIMIT_BYTES)
                        .error_handler(extractors::json),
                )
                .app_data(web::QueryConfig::default().error_handler(extractors::query))
                .app_data(web::PathConfig::default().error_handler(extractors::path))
                .wrap_fn(|req, srv| {
                    use actix_web::dev::Service;
                    let is_asset = req.path().starts_with("/assets/");
                    let must_revalidate = routes::frontend::must_revalidate(req.path());
                    let is_api_docs = req.path().starts_with("/api/docs");
                    let fut = srv.call(req);
                    async move {
                        let mut res = fut.await?;
                        if is_asset {
                            routes::frontend::mark_immutable(&mut res);
                        }
                        if must_revalidate {
                            routes::frontend::mark_no_cache(&mut res);
                        }
                        if is_api_docs {
                            // Swagger UI sets inline styles as it draws; the page shows only
                            // our own OpenAPI document, so that one relaxation stays on it.
                            res.headers_mut().insert(
                                actix_web::http::header::CONTENT_SECURITY_POLICY,
                                actix_web::http::header::HeaderValue::from_static(API_DOCS_POLICY),
                            );
                        }
                        Ok(res)
                    }
                })
                .wrap(from_fn(crate::auth::guard::sessions))
                .wrap(security_headers(&config))
                .wrap(Compress::default())
                .wrap(from_fn(crate::edge::strict_transport))
                // Before any routing or auth, so a preflight is answered first.
                .wrap(cors(&config.cors_origins))
                .wrap(from_fn(crate::edge::head_limits))
                // Outermost: whatever the layers inside answer as an error is JSON.
                .wrap(from_fn(crate::error::errors_as_json))
                // Around everything: no layer reads a body that has no deadline.
                .wrap(from_fn(crate::edge::body_deadline))
                // Around everything else: every answer has its request id and is counted.
                .wrap(from_fn(crate::telemetry::request::observe))
                .configure(|cfg| {
                    if public_metrics {
                        crate::telemetry::configure(cfg);
                    }
                })
                .configure(|cfg| routes::configure(cfg, &config.frontend_dir))
        })
        // Without it a keep-alive connection can wait 40 ms for a delayed ACK whenever an
        // answer is written in two parts (headers, then a file body).
        .tcp_nodelay(true)
        // Blocking work is mostly database calls, which wait for one of the pool's connections
        // anyway; actix's default (512 threads over the workers) let a flood of requests start
        // hundreds of threads whose stacks and malloc arenas the process kept afterwards.
        .worker_max_blocking_threads(blocking)
        .on_connect(move |conn, data| {
            if let Some(cap) = &cap {
                cap.on_connect(conn, data);
            }
        })
        .shutdown_timeout(20)
        .listen(listener)?
        .run();
        let metrics = match metrics_listener {
            Some(listener) => Some(crate::telemetry::metrics_server(
                listener,
                app_state.clone(),
            )?),
            None => None,
        };
        Ok(Self {
            port,
            server,
            metrics,
            state: app_state,
            refresh_every,
            outbox,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of the metrics' own listener, when `SHOP_METRICS_ADDR` set one.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics.as_ref().map(|(port, _)| *port)
    }

    /// Serves until SIGTERM or Ctrl-C, then stops accepting and lets requests in flight finish.
    /// Meanwhile the catalogue follows the database's change feed.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let roller = tokio::spawn(roll_trending(self.state.clone()));
        let settler = tokio::spawn(crate::services::checkout::settler::run(
            self.state.clone(),
            SETTLE_ORDERS_EVERY,
        ));
        let pruner = tokio::spawn(crate::retention::run(self.state.clone(), self.outbox));
        let events = tokio::spawn(crate::services::events::follow(self.state.clone()));
        let sessions = tokio::spawn(crate::auth::cache::follow(self.state.clone()));
        let closer = tokio::spawn(close_streams_on_stop(self.state.clone()));
        let cards = tokio::spawn(crate::services::insights::cards::flush_every(
            self.state.clone(),
        ));
        let state = self.state.clone();
        let follower = tokio::spawn(follow_catalogue_changes(self.state, self.refresh_every));
        let metrics = self.metrics.map(|(_, server)| {
            let handle = server.handle();
            (handle, tokio::spawn(server))
        });
        let outcome = self.server.await;
        if let Some((handle, task)) = metrics {
            handle.stop(false).await;
            task.abort();
        }
        cards.abort();
        // The cards served until the end are written before the process goes.
        crate::services::insights::cards::flush(&state).await;
        follower.abort();
        sessions.abort();
        events.abort();
        closer.abort();
        pruner.abort();
        settler.abort();
        roller.abort();
        outcome
    }
}

/// Ends the brands' event streams when the process is told to stop (SIGTERM or Ctrl-C, which
/// the server hears too): otherwise its graceful shutdown would wait its whole timeout on them.
async fn close_streams_on_stop(state: web::Data<AppState>) {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let Ok(mut term) = signal(SignalKind::terminate()) else {
            return;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
    state.events.close();
}

/// Threads for blocking work per worker: the database pool's size and a few for other blocking
/// calls (the address directory's search, file reads).
fn blocking_threads(db_pool_size: u32) -> usize {
    usize::try_from(db_pool_size)
        .unwrap_or(usize::MAX)
        .saturating_add(4)
}

/// How often lapsed reservations are released, refunds followed and express shipments
/// tracked: a refund or a courier's scan shows within this.
const SETTLE_ORDERS_EVERY: Duration = Duration::from_secs(5);

/// Change-feed entries older than this are deleted: every process has long since read them.
const CHANGE_FEED_RETENTION: chrono::TimeDelta = chrono::TimeDelta::minutes(10);
/// Rate-limit windows unused this long are deleted: every limit's window is shorter.
const RATE_LIMIT_RETENTION: chrono::TimeDelta = chrono::TimeDelta::hours(2);
/// Polls between two prunings of the change feed and the rate limits.
const POLLS_PER_PRUNE: u32 = 600;

/// Polls the catalogue's change feed every `every` and applies it; failures (the database
/// down, say) are logged and retried on the next poll, while answers keep coming from the
/// catalogue as last loaded.
async fn follow_catalogue_changes(state: web::Data<AppState>, every: Duration) {
    let mut ticker = tokio::time::interval(every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut polls: u32 = 0;
    loop {
        ticker.tick().await;
        polls = polls.wrapping_add(1);
        let state = state.clone();
        let prune = polls.is_multiple_of(POLLS_PER_PRUNE);
        let outcome = tokio::task::spawn_blocking(move || -> Result<Refresh, CatalogueError> {
            if prune {
                let cutoff = (state.clock.now() - CHANGE_FEED_RETENTION).naive_utc();
                state.store.prune_catalogue_changes(cutoff)?;
                // The sessions' feed is stamped by the database's clock, not the pinnable one.
                let wall = (chrono::Utc::now() - CHANGE_FEED_RETENTION).naive_utc();
                state.store.prune_session_changes(wall)?;
                let stale = state.clock.now() - RATE_LIMIT_RETENTION;
                state.store.prune_rate_limits(stale)?;
            }
            state.catalogue.follow_changes(&state.store)
        })
        .await;
        match outcome {
            Ok(Ok(Refresh::Unchanged)) => {}
            Ok(Ok(refresh)) => tracing::info!(?refresh, "catalogue changes applied"),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "following the catalogue's changes failed; retrying")
            }
            Err(e) => tracing::error!(error = %e, "the catalogue follower panicked; retrying"),
        }
    }
}

/// How often the trending windows are rolled and the feed's trend refreshed: an hour leaves a
/// window at most this late.
const TRENDING_ROLL_EVERY: Duration = Duration::from_secs(60);

/// Rolls the trending windows (hours that left a window stop counting) and refreshes the feed's
/// weekly trend; failures are logged and retried on the next tick.
async fn roll_trending(state: web::Data<AppState>) {
    let mut ticker = tokio::time::interval(TRENDING_ROLL_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        let state = state.clone();
        let outcome = tokio::task::spawn_blocking(move || -> Result<(), store::StoreError> {
            if state.store.roll_windows(state.clock.now())? > 0 {
                state.trending.changed();
            }
            let trend = state.store.trend_scores(trending::TimeWindow::Week)?;
            state.feed.refresh(&state.catalogue.snapshot(), trend);
            Ok(())
        })
        .await;
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "rolling the trending windows failed; retrying")
            }
            Err(e) => tracing::error!(error = %e, "the trending roller panicked; retrying"),
        }
    }
}

/// Headers every answer carries: no MIME sniffing (an uploaded or generated file is only ever
/// what its Content-Type says), no framing by other sites, referrers cut to the origin when
/// leaving the shop, and a Content-Security-Policy the shop's own pages satisfy: scripts,
/// styles and calls from the shop's origin only, so injected markup can neither run code nor
/// send data elsewhere.
fn security_headers(config: &Config) -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
        .add(("Content-Security-Policy", content_security_policy(config)))
        .add((
            "Permissions-Policy",
            "geolocation=(self), camera=(), microphone=()",
        ))
}

/// Razorpay's checkout, allowed only when Razorpay is the payment service: its script, the
/// frame it opens the payment in, the calls and images that frame's parent page makes.
const RAZORPAY_SCRIPTS: &str = " https://checkout.razorpay.com";
const RAZORPAY_FRAMES: &str = "https://api.razorpay.com https://checkout.razorpay.com";
const RAZORPAY_CONNECT: &str = " https://api.razorpay.com https://lumberjack.razorpay.com";
const RAZORPAY_IMAGES: &str = " https://cdn.razorpay.com";

/// The policy: everything from the shop's origin; images also from the public URL (absolute
/// image URLs point there) and `data:` (inline SVG placeholders); with Razorpay configured, its
/// checkout's script, frame, calls and images, and nothing of it otherwise.
pub fn content_security_policy(config: &Config) -> String {
    let razorpay = config.razorpay.is_some();
    let or_none = |extra: &'static str| if razorpay { extra } else { "" };
    let images = match &config.public_url {
        Some(url) => format!("'self' data: blob: {url}"),
        None => "'self' data: blob:".to_owned(),
    };
    let frames = if razorpay { RAZORPAY_FRAMES } else { "'none'" };
    format!(
        "default-src 'self'; script-src 'self'{}; style-src 'self'; img-src {images}{}; \
         font-src 'self' data:; connect-src 'self'{}; frame-src {frames}; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'; manifest-src 'self'",
        or_none(RAZORPAY_SCRIPTS),
        or_none(RAZORPAY_IMAGES),
        or_none(RAZORPAY_CONNECT),
    )
}

/// The policy of the API's documentation page (`/api/docs/`).
const API_DOCS_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

/// Whether the shop's public URL is HTTPS (its cookies are then always Secure and every answer
/// carries `Strict-Transport-Security`).
pub fn public_https(config: &Config) -> bool {
    config
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"))
}

/// Origins other than the shop's own allowed to send unsafe requests (without the cookie).
fn trusted_origins(config: &Config) -> crate::auth::guard::TrustedOrigins {
    let (any, list) = match &config.cors_origins {
        CorsOrigins::None => (false, Vec::new()),
        CorsOrigins::Any => (true, Vec::new()),
        CorsOrigins::List(list) => (false, list.clone()),
    };
    crate::auth::guard::TrustedOrigins {
        any,
        list,
        own: config.public_url.clone(),
    }
}

fn cors(origins: &CorsOrigins) -> Cors {
    let base = Cors::default()
        .allow_any_method()
        .allow_any_header()
        .max_age(3600);
    match origins {
        CorsOrigins::None => base,
        CorsOrigins::Any => base.allow_any_origin(),
        CorsOrigins::List(list) => list
            .iter()
            .fold(base, |cors, origin| cors.allowed_origin(origin)),
    }
}
