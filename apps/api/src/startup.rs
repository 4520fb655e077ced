//! Building and running the server: `main` and the tests start it the same way.

use std::net::TcpListener;

use actix_cors::Cors;
use actix_web::dev::Server;
use actix_web::middleware::{Compress, DefaultHeaders, from_fn};
use actix_web::{App, HttpServer, web};

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
}

impl std::fmt::Debug for Application {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Application")
            .field("port", &self.port)
            .finish_non_exhaustive()
    }
}

impl Application {
    /// Opens the database (migrating and seeding it as configured) and binds the listener.
    pub fn build(config: &Config, clock: Clock) -> anyhow::Result<Self> {
        use anyhow::Context;
        if let store::DatabaseUrl::Sqlite(_) = config.database_url {
            std::fs::create_dir_all(&config.data_dir).with_context(|| {
                format!("creating the data directory {}", config.data_dir.display())
            })?;
        }
        let store = store::Store::open(&config.database_url, config.db_pool_size)
            .with_context(|| format!("opening the database {:?}", config.database_url))?;
        if config.seed_demo {
            let report = store
                .seed_if_empty(&catalogue::generate(config.demo_products))
                .context("seeding the demo catalogue")?;
            tracing::info!(?report, "demo catalogue");
        }
        if !config.frontend_dir.join("index.html").is_file() {
            tracing::warn!(
                dir = %config.frontend_dir.display(),
                "no built frontend found; the API works, the shop's pages answer 503 until it is built"
            );
        }
        let listener = TcpListener::bind(config.addr)
            .with_context(|| format!("binding {} (SHOP_ADDR)", config.addr))?;
        let port = listener.local_addr()?.port();
        let state = web::Data::new(AppState {
            store,
            clock,
            media_origin: config.public_url.clone().unwrap_or_default(),
        });
        let config = config.clone();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
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
                    let fut = srv.call(req);
                    async move {
                        let mut res = fut.await?;
                        if is_asset {
                            routes::frontend::mark_immutable(&mut res);
                        }
                        Ok(res)
                    }
                })
                .wrap(security_headers())
                .wrap(Compress::default())
                .wrap(from_fn(crate::telemetry::log_request))
                // Outermost, so a preflight is answered before any routing or auth.
                .wrap(cors(&config.cors_origins))
                .configure(|cfg| routes::configure(cfg, &config.frontend_dir))
        })
        .shutdown_timeout(20)
        .listen(listener)?
        .run();
        Ok(Self { port, server })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until SIGTERM or Ctrl-C, then stops accepting and lets requests in flight finish.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Headers every answer carries: no MIME sniffing (an uploaded or generated file is only ever
/// what its Content-Type says), no framing by other sites, and referrers cut to the origin
/// when leaving the shop.
fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"))
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
