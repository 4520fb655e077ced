//! Configuration, read once from the environment at start and validated with messages an
//! operator can act on. Nothing else in the binary reads environment variables.

use std::net::SocketAddr;
use std::path::PathBuf;

use store::DatabaseUrl;

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default).
    Pretty,
    /// One JSON object per line, for log shippers (`SHOP_LOG_FORMAT=json`).
    Json,
}

/// Which browser origins may call the API from another origin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorsOrigins {
    /// No cross-origin access (the default: the shop's own pages are same-origin).
    None,
    /// Any origin (`*`).
    Any,
    /// Exactly these origins.
    List(Vec<String>),
}

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
    /// Seed the demo catalogue into an empty database at start.
    pub seed_demo: bool,
    /// How many products the demo catalogue holds.
    pub demo_products: usize,
    /// The shop's public origin (`SHOP_PUBLIC_URL`, e.g. `https://shop.example.in`). When set,
    /// image URLs in answers are absolute, so clients on other origins can load them.
    pub public_url: Option<String>,
    /// How often the in-memory catalogue reads the database's change feed
    /// (`SHOP_CATALOGUE_REFRESH_MS`).
    pub catalogue_refresh: std::time::Duration,
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
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| lookup(name).filter(|v| !v.trim().is_empty());

        let addr_text = get("SHOP_ADDR").unwrap_or_else(|| "127.0.0.1:8080".to_owned());
        let addr: SocketAddr = addr_text.trim().parse().map_err(|_| {
            invalid(
                "SHOP_ADDR",
                format!(
                    "'{addr_text}' is not a socket address such as 127.0.0.1:8080 or 0.0.0.0:8080"
                ),
            )
        })?;

        let data_dir = PathBuf::from(get("SHOP_DATA_DIR").unwrap_or_else(|| "./data".to_owned()));

        let database_url = match get("DATABASE_URL") {
            Some(url) => {
                DatabaseUrl::parse(&url).map_err(|e| invalid("DATABASE_URL", e.to_string()))?
            }
            None => {
                DatabaseUrl::Sqlite(data_dir.join("shop.sqlite3").to_string_lossy().into_owned())
            }
        };

        let frontend_dir =
            PathBuf::from(get("SHOP_FRONTEND_DIR").unwrap_or_else(|| "./frontend/dist".to_owned()));

        let log_format = match get("SHOP_LOG_FORMAT").as_deref().map(str::trim) {
            None | Some("pretty") | Some("text") => LogFormat::Pretty,
            Some("json") => LogFormat::Json,
            Some(other) => {
                return Err(invalid(
                    "SHOP_LOG_FORMAT",
                    format!("'{other}' is not a log format; use 'json' or 'pretty'"),
                ));
            }
        };

        let cors_origins = match get("SHOP_CORS_ORIGINS") {
            None => CorsOrigins::None,
            Some(raw) => parse_origins(&raw)?,
        };

        let db_pool_size = match get("SHOP_DB_POOL_SIZE") {
            None => 10,
            Some(raw) => raw
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=200).contains(n))
                .ok_or_else(|| {
                    invalid(
                        "SHOP_DB_POOL_SIZE",
                        format!("'{raw}' is not a whole number from 1 to 200"),
                    )
                })?,
        };

        let seed_demo = match get("SHOP_SEED_DEMO").as_deref().map(str::trim) {
            None | Some("1") | Some("true") => true,
            Some("0") | Some("false") => false,
            Some(other) => {
                return Err(invalid(
                    "SHOP_SEED_DEMO",
                    format!("'{other}' is not a boolean; use true or false"),
                ));
            }
        };

        let demo_products = match get("SHOP_DEMO_PRODUCTS") {
            None => catalogue::DEMO_PRODUCT_COUNT,
            Some(raw) => raw
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=1_000_000).contains(n))
                .ok_or_else(|| {
                    invalid(
                        "SHOP_DEMO_PRODUCTS",
                        format!("'{raw}' is not a whole number from 1 to 1000000"),
                    )
                })?,
        };

        let public_url = match get("SHOP_PUBLIC_URL") {
            None => None,
            Some(raw) => Some(parse_origin("SHOP_PUBLIC_URL", raw.trim())?),
        };

        let catalogue_refresh = match get("SHOP_CATALOGUE_REFRESH_MS") {
            None => std::time::Duration::from_millis(1000),
            Some(raw) => raw
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| (10..=600_000).contains(n))
                .map(std::time::Duration::from_millis)
                .ok_or_else(|| {
                    invalid(
                        "SHOP_CATALOGUE_REFRESH_MS",
                        format!("'{raw}' is not a whole number of milliseconds from 10 to 600000"),
                    )
                })?,
        };

        Ok(Self {
            addr,
            data_dir,
            database_url,
            frontend_dir,
            log_format,
            cors_origins,
            db_pool_size,
            seed_demo,
            demo_products,
            public_url,
            catalogue_refresh,
        })
    }
}

fn parse_origins(raw: &str) -> Result<CorsOrigins, ConfigError> {
    let origins: Vec<&str> = raw
        .split(',')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .collect();
    if origins.contains(&"*") {
        return Ok(CorsOrigins::Any);
    }
    let origins = origins
        .into_iter()
        .map(|origin| parse_origin("SHOP_CORS_ORIGINS", origin))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(CorsOrigins::List(origins))
}

/// A scheme and host (and port), nothing else: `https://shop.example.in`.
fn parse_origin(variable: &'static str, origin: &str) -> Result<String, ConfigError> {
    let valid_scheme = origin.starts_with("http://") || origin.starts_with("https://");
    let host = origin
        .split_once("://")
        .map(|(_, host)| host)
        .unwrap_or_default();
    if !valid_scheme || host.is_empty() || host.contains('/') || host.contains(char::is_whitespace)
    {
        return Err(invalid(
            variable,
            format!(
                "'{origin}' is not an origin such as https://shop.example.in (scheme and host, no path)"
            ),
        ));
    }
    Ok(origin.to_owned())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_serve_on_loopback_with_sqlite_under_data() {
        let c = config(&[]).expect("defaults are valid");
        assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(
            c.database_url,
            DatabaseUrl::Sqlite("./data/shop.sqlite3".into())
        );
        assert_eq!(c.log_format, LogFormat::Pretty);
        assert_eq!(c.cors_origins, CorsOrigins::None);
        assert!(c.seed_demo);
        assert_eq!(c.public_url, None);
    }

    #[test]
    fn postgres_url_selects_postgres() {
        let c = config(&[("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/shop")]).expect("valid");
        assert_eq!(c.database_url.backend(), "postgres");
    }

    #[test]
    fn bad_values_name_the_variable() {
        for (var, value) in [
            ("SHOP_ADDR", "localhost"),
            ("SHOP_LOG_FORMAT", "xml"),
            ("DATABASE_URL", "mysql://x"),
            ("SHOP_CORS_ORIGINS", "shop.example.in"),
            ("SHOP_CORS_ORIGINS", "https://a.in/path"),
            ("SHOP_DB_POOL_SIZE", "0"),
            ("SHOP_SEED_DEMO", "maybe"),
            ("SHOP_DEMO_PRODUCTS", "lots"),
            ("SHOP_PUBLIC_URL", "shop.example.in"),
            ("SHOP_PUBLIC_URL", "https://shop.example.in/"),
            ("SHOP_CATALOGUE_REFRESH_MS", "0"),
            ("SHOP_CATALOGUE_REFRESH_MS", "soon"),
        ] {
            let err = config(&[(var, value)]).expect_err(var);
            assert_eq!(err.variable, var);
        }
    }

    #[test]
    fn cors_lists_and_wildcard() {
        let c =
            config(&[("SHOP_CORS_ORIGINS", "https://a.in, http://localhost:5173")]).expect("valid");
        assert_eq!(
            c.cors_origins,
            CorsOrigins::List(vec!["https://a.in".into(), "http://localhost:5173".into()])
        );
        let c = config(&[("SHOP_CORS_ORIGINS", "*")]).expect("valid");
        assert_eq!(c.cors_origins, CorsOrigins::Any);
    }

    #[test]
    fn database_password_never_reaches_debug_output() {
        let c = config(&[("DATABASE_URL", "postgres://shop:s3cret@db:5432/shop")]).expect("valid");
        assert!(!format!("{c:?}").contains("s3cret"));
    }
}
