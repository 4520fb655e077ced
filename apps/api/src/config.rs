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

/// An OpenAI-compatible chat completions API.
#[derive(Clone, Debug)]
pub struct AssistantConfig {
    /// The API's base URL, e.g. `https://api.openai.com/v1`.
    pub url: String,
    pub key: Option<Secret>,
    pub model: String,
}

/// Google's Places API (New) and Geocoding API.
#[derive(Clone, Debug)]
pub struct PlacesConfig {
    /// One base URL both APIs answer under (`SHOP_PLACES_URL`: a local fake in tests, or a
    /// proxy); `None` for Google's own hosts, `https://places.googleapis.com` for the Places API
    /// (New) and `https://maps.googleapis.com` for the Geocoding API.
    pub url: Option<String>,
    /// Server-side only: sent to Google, never to a browser.
    pub key: Secret,
}

/// Razorpay's API, for card payments.
#[derive(Clone, Debug)]
pub struct RazorpayConfig {
    /// The public key id (`rzp_test_...` for test mode, `rzp_live_...` for live); the browser
    /// opens the checkout with it.
    pub key_id: String,
    /// Server-side only: authenticates the API calls and keys the checkout's signatures.
    pub key_secret: Secret,
    /// The secret set for the shop's webhook in Razorpay's dashboard; keys webhook signatures.
    pub webhook_secret: Secret,
    /// The base URL Razorpay's `/v1` paths answer under (`SHOP_RAZORPAY_URL`: a local fake in
    /// tests, or a proxy); `None` for `https://api.razorpay.com`.
    pub url: Option<String>,
}

/// The variables that configure Razorpay: all three or none.
const RAZORPAY_KEYS: [&str; 3] = [
    "SHOP_RAZORPAY_KEY_ID",
    "SHOP_RAZORPAY_KEY_SECRET",
    "SHOP_RAZORPAY_WEBHOOK_SECRET",
];

/// A Shiprocket account's API user.
#[derive(Clone, Debug)]
pub struct ShiprocketConfig {
    /// The base URL Shiprocket's `/v1/external` paths answer under (`SHOP_SHIPROCKET_URL`: a
    /// local fake in tests, or a proxy); `None` for `https://apiv2.shiprocket.in`.
    pub url: Option<String>,
    /// The API user's e-mail (Shiprocket: Settings > API > Add New API User).
    pub email: String,
    /// The API user's password; sent to Shiprocket's login only.
    pub password: Secret,
    /// The name of the pickup location orders leave from, as the account knows it.
    pub pickup: String,
}

/// Shortest session secret accepted: 32 characters of a random string carry enough entropy
/// for HMAC-SHA256.
pub const MIN_SESSION_SECRET_CHARS: usize = 32;

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

        let swipe_writers = match get("SHOP_SWIPE_WRITERS") {
            None => 1,
            Some(raw) => raw
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=32).contains(n))
                .ok_or_else(|| {
                    invalid(
                        "SHOP_SWIPE_WRITERS",
                        format!("'{raw}' is not a whole number from 1 to 32"),
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

        let defaults = store::Timeouts::default();
        let db_timeouts = store::Timeouts {
            connect: millis(
                &get,
                "SHOP_DB_CONNECT_TIMEOUT_MS",
                defaults.connect,
                200..=60_000,
            )?,
            statement: millis(
                &get,
                "SHOP_DB_STATEMENT_TIMEOUT_MS",
                defaults.statement,
                100..=3_600_000,
            )?,
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

        let session_secret = match get("SHOP_SESSION_SECRET") {
            None => None,
            Some(raw) if raw.trim().chars().count() >= MIN_SESSION_SECRET_CHARS => {
                Some(Secret::new(raw.trim()))
            }
            Some(_) => {
                return Err(invalid(
                    "SHOP_SESSION_SECRET",
                    format!(
                        "is shorter than {MIN_SESSION_SECRET_CHARS} characters; use a long random string (e.g. `openssl rand -hex 32`)"
                    ),
                ));
            }
        };

        let smtp_url = match get("SMTP_URL") {
            None => None,
            Some(raw)
                if raw.trim().starts_with("smtp://") || raw.trim().starts_with("smtps://") =>
            {
                Some(Secret::new(raw.trim()))
            }
            Some(_) => {
                return Err(invalid(
                    "SMTP_URL",
                    "must start with smtp:// or smtps:// (e.g. smtps://user:password@smtp.example.in)",
                ));
            }
        };

        let mail_from = get("SHOP_MAIL_FROM")
            .map(|raw| raw.trim().to_owned())
            .unwrap_or_else(|| "Casa <no-reply@casa.local>".to_owned());
        if !mail_from.contains('@') {
            return Err(invalid(
                "SHOP_MAIL_FROM",
                format!("'{mail_from}' is not a mailbox such as 'Casa <no-reply@shop.example.in>'"),
            ));
        }

        let assistant = match get("SHOP_ASSISTANT_URL") {
            None => None,
            Some(raw) => {
                let url = raw.trim().trim_end_matches('/').to_owned();
                if !(url.starts_with("http://") || url.starts_with("https://")) {
                    return Err(invalid(
                        "SHOP_ASSISTANT_URL",
                        format!("'{url}' is not an http(s) URL such as https://api.openai.com/v1"),
                    ));
                }
                Some(AssistantConfig {
                    url,
                    key: get("SHOP_ASSISTANT_KEY").map(|k| Secret::new(k.trim())),
                    model: get("SHOP_ASSISTANT_MODEL")
                        .map(|m| m.trim().to_owned())
                        .unwrap_or_else(|| "gpt-4o-mini".to_owned()),
                })
            }
        };

        let places = match (get("SHOP_PLACES_KEY"), get("SHOP_PLACES_URL")) {
            (None, None) => None,
            (None, Some(_)) => {
                return Err(invalid(
                    "SHOP_PLACES_URL",
                    "is set without SHOP_PLACES_KEY; Google Places needs the key (without \
                     both, the embedded directory answers)",
                ));
            }
            (Some(key), url) => {
                let url = url.map(|u| u.trim().trim_end_matches('/').to_owned());
                if let Some(url) = url
                    .as_deref()
                    .filter(|u| !(u.starts_with("http://") || u.starts_with("https://")))
                {
                    return Err(invalid(
                        "SHOP_PLACES_URL",
                        format!(
                            "'{url}' is not an http(s) URL; it is the one base URL Google's \
                             Places API (New) and Geocoding API answer under (a proxy, or a \
                             local fake), and unset means Google's own hosts"
                        ),
                    ));
                }
                Some(PlacesConfig {
                    url,
                    key: Secret::new(key.trim()),
                })
            }
        };

        let razorpay = razorpay_config(&get)?;
        let shipping = shiprocket(&get)?;
        check_payments(
            get("SHOP_PAYMENTS").as_deref().map(str::trim),
            addr,
            razorpay.is_some(),
            shipping.is_some(),
        )?;

        let forwarding = forwarding(&get)?;
        let max_connections_per_client = match get("SHOP_MAX_CONNECTIONS_PER_CLIENT") {
            None => DEFAULT_CONNECTIONS_PER_CLIENT,
            Some(raw) => raw
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=1_000_000).contains(n))
                .ok_or_else(|| {
                    invalid(
                        "SHOP_MAX_CONNECTIONS_PER_CLIENT",
                        format!("'{raw}' is not a whole number from 1 to 1000000"),
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
            db_timeouts,
            swipe_writers,
            seed_demo,
            demo_products,
            public_url,
            catalogue_refresh,
            session_secret,
            smtp_url,
            mail_from,
            assistant,
            places,
            razorpay,
            shipping,
            forwarding,
            max_connections_per_client,
        })
    }
}

/// Open connections from one address unless `SHOP_MAX_CONNECTIONS_PER_CLIENT` says otherwise:
/// generous, as many mobile shoppers share one carrier address (CGNAT) and a browser opens
/// several connections each.
pub const DEFAULT_CONNECTIONS_PER_CLIENT: u32 = 1_000;

/// `SHOP_TRUST_FORWARDED` (`false`, `true` or `x-forwarded-for`, `forwarded`) and
/// `SHOP_TRUSTED_PROXIES` (how many proxies stand in front, 1 to 10, 1 unless set).
fn forwarding(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<access::client::Forwarding, ConfigError> {
    use access::client::{Forwarding, ProxyHeader};
    let header = match get("SHOP_TRUST_FORWARDED").as_deref().map(str::trim) {
        None | Some("0") | Some("false") => None,
        Some("1") | Some("true") | Some("x-forwarded-for") => Some(ProxyHeader::XForwardedFor),
        Some("forwarded") => Some(ProxyHeader::Forwarded),
        Some(other) => {
            return Err(invalid(
                "SHOP_TRUST_FORWARDED",
                format!("'{other}' is not one of false, true (or x-forwarded-for) and forwarded"),
            ));
        }
    };
    let proxies = get("SHOP_TRUSTED_PROXIES");
    match (header, proxies) {
        (None, None) => Ok(Forwarding::Ignore),
        (None, Some(_)) => Err(invalid(
            "SHOP_TRUSTED_PROXIES",
            "is set but SHOP_TRUST_FORWARDED is not; set both behind proxies, neither otherwise"
                .to_owned(),
        )),
        (Some(header), None) => Ok(Forwarding::Trust { header, proxies: 1 }),
        (Some(header), Some(raw)) => raw
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=10).contains(n))
            .map(|proxies| Forwarding::Trust { header, proxies })
            .ok_or_else(|| {
                invalid(
                    "SHOP_TRUSTED_PROXIES",
                    format!("'{raw}' is not a whole number from 1 to 10"),
                )
            }),
    }
}

/// Where test payments may run. Without Razorpay's keys the embedded sandbox takes card
/// payments, and it takes any test card: only on a shop bound to a loopback address (a
/// developer's machine, the tests) or one whose operator opted in with `SHOP_PAYMENTS=sandbox`
/// (a demo), and never with Shiprocket, whose couriers would carry real goods paid with test
/// cards. `SHOP_PAYMENTS=razorpay` asks for Razorpay: its keys must then be set.
fn check_payments(
    chosen: Option<&str>,
    addr: SocketAddr,
    razorpay: bool,
    shiprocket: bool,
) -> Result<(), ConfigError> {
    const KEYS: &str =
        "SHOP_RAZORPAY_KEY_ID, SHOP_RAZORPAY_KEY_SECRET and SHOP_RAZORPAY_WEBHOOK_SECRET";
    let sandbox_chosen = match chosen {
        None => false,
        Some("sandbox") => true,
        Some("razorpay") if razorpay => return Ok(()),
        Some("razorpay") => {
            return Err(invalid(
                "SHOP_PAYMENTS",
                format!("is razorpay, but {KEYS} are not set; set all three"),
            ));
        }
        Some(other) => {
            return Err(invalid(
                "SHOP_PAYMENTS",
                format!(
                    "'{other}' is not a payment service; use razorpay (with {KEYS}) or sandbox \
                     (test cards, no money moves)"
                ),
            ));
        }
    };
    if razorpay {
        if sandbox_chosen {
            return Err(invalid(
                "SHOP_PAYMENTS",
                format!("is sandbox while {KEYS} are set; unset one or the other"),
            ));
        }
        return Ok(());
    }
    if shiprocket {
        return Err(invalid(
            "SHOP_PAYMENTS",
            format!(
                "the payment sandbox (no {KEYS} set) takes test cards, and Shiprocket \
                 (SHOP_SHIPROCKET_EMAIL, SHOP_SHIPROCKET_PASSWORD) would ship real goods for \
                 them; set the Razorpay keys, or unset the Shiprocket variables for the \
                 shipping simulator"
            ),
        ));
    }
    if !addr.ip().is_loopback() && !sandbox_chosen {
        return Err(invalid(
            "SHOP_PAYMENTS",
            format!(
                "the shop listens on {addr} (SHOP_ADDR), beyond this machine, with no {KEYS} \
                 set: the payment sandbox would take test cards from anyone; set the Razorpay \
                 keys, or SHOP_PAYMENTS=sandbox to run a test shop on purpose"
            ),
        ));
    }
    Ok(())
}

/// A duration given in whole milliseconds within `range`, or `default` when unset.
fn millis(
    get: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: std::time::Duration,
    range: std::ops::RangeInclusive<u64>,
) -> Result<std::time::Duration, ConfigError> {
    let Some(raw) = get(name) else {
        return Ok(default);
    };
    raw.trim()
        .parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .map(std::time::Duration::from_millis)
        .ok_or_else(|| {
            invalid(
                name,
                format!(
                    "'{raw}' is not a whole number of milliseconds from {} to {}",
                    range.start(),
                    range.end()
                ),
            )
        })
}

/// Razorpay when its three keys are set; none when none is (the sandbox). Some but not all is
/// a mistake worth stopping for: an operator who set two meant Razorpay, and quietly taking
/// sandbox payments instead would give goods away.
fn razorpay_config(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Option<RazorpayConfig>, ConfigError> {
    let [key_id, key_secret, webhook_secret] = RAZORPAY_KEYS.map(get);
    let url = get("SHOP_RAZORPAY_URL");
    let (key_id, key_secret, webhook_secret) = match (key_id, key_secret, webhook_secret) {
        (Some(key_id), Some(key_secret), Some(webhook_secret)) => {
            (key_id, key_secret, webhook_secret)
        }
        (None, None, None) => {
            if url.is_some() {
                return Err(invalid(
                    "SHOP_RAZORPAY_URL",
                    "is set without the Razorpay keys; Razorpay needs SHOP_RAZORPAY_KEY_ID, \
                     SHOP_RAZORPAY_KEY_SECRET and SHOP_RAZORPAY_WEBHOOK_SECRET (without them, \
                     the embedded payment sandbox takes payments)",
                ));
            }
            return Ok(None);
        }
        (key_id, key_secret, webhook_secret) => {
            let set = [&key_id, &key_secret, &webhook_secret];
            let missing = RAZORPAY_KEYS
                .iter()
                .zip(set)
                .find(|(_, value)| value.is_none())
                .map_or(RAZORPAY_KEYS[0], |(name, _)| *name);
            let given: Vec<&str> = RAZORPAY_KEYS
                .iter()
                .zip(set)
                .filter(|(_, value)| value.is_some())
                .map(|(name, _)| *name)
                .collect();
            return Err(invalid(
                missing,
                format!(
                    "is not set while {} is; Razorpay needs SHOP_RAZORPAY_KEY_ID, \
                     SHOP_RAZORPAY_KEY_SECRET and SHOP_RAZORPAY_WEBHOOK_SECRET together (with \
                     none of them, the embedded payment sandbox takes payments and no money \
                     moves)",
                    given.join(" and ")
                ),
            ));
        }
    };
    let key_id = key_id.trim().to_owned();
    let key_body = key_id
        .strip_prefix("rzp_test_")
        .or_else(|| key_id.strip_prefix("rzp_live_"));
    if !key_body
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric()))
    {
        return Err(invalid(
            "SHOP_RAZORPAY_KEY_ID",
            format!(
                "'{key_id}' is not a Razorpay key id: it is rzp_test_ (test mode) or rzp_live_ \
                 (live mode) followed by letters and digits, from the dashboard's API keys"
            ),
        ));
    }
    let url = url.map(|u| u.trim().trim_end_matches('/').to_owned());
    if let Some(url) = url
        .as_deref()
        .filter(|u| !(u.starts_with("http://") || u.starts_with("https://")))
    {
        return Err(invalid(
            "SHOP_RAZORPAY_URL",
            format!(
                "'{url}' is not an http(s) URL; it is the base URL Razorpay's /v1 paths answer \
                 under (a proxy, or a local fake), and unset means https://api.razorpay.com"
            ),
        ));
    }
    Ok(Some(RazorpayConfig {
        key_id,
        key_secret: Secret::new(key_secret.trim()),
        webhook_secret: Secret::new(webhook_secret.trim()),
        url,
    }))
}

/// Shiprocket's account, all or nothing: the e-mail and the password together, the pickup
/// location and the URL only with them.
fn shiprocket(
    get: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<ShiprocketConfig>, ConfigError> {
    let email = get("SHOP_SHIPROCKET_EMAIL").map(|e| e.trim().to_owned());
    // Not trimmed: spaces may be part of a password.
    let password = get("SHOP_SHIPROCKET_PASSWORD");
    let pickup = get("SHOP_SHIPROCKET_PICKUP").map(|p| p.trim().to_owned());
    let url = get("SHOP_SHIPROCKET_URL").map(|u| u.trim().trim_end_matches('/').to_owned());
    let (email, password) = match (email, password) {
        (Some(email), Some(password)) => (email, password),
        (None, None) => {
            for (variable, value) in [
                ("SHOP_SHIPROCKET_PICKUP", &pickup),
                ("SHOP_SHIPROCKET_URL", &url),
            ] {
                if value.is_some() {
                    return Err(invalid(
                        variable,
                        "is set without SHOP_SHIPROCKET_EMAIL and SHOP_SHIPROCKET_PASSWORD; \
                         Shiprocket needs its API user's e-mail and password (without both, the \
                         shipping simulator answers)",
                    ));
                }
            }
            return Ok(None);
        }
        (Some(_), None) => {
            return Err(invalid(
                "SHOP_SHIPROCKET_PASSWORD",
                "is not set, but SHOP_SHIPROCKET_EMAIL is; Shiprocket needs both (unset both \
                 for the shipping simulator)",
            ));
        }
        (None, Some(_)) => {
            return Err(invalid(
                "SHOP_SHIPROCKET_EMAIL",
                "is not set, but SHOP_SHIPROCKET_PASSWORD is; Shiprocket needs both (unset both \
                 for the shipping simulator)",
            ));
        }
    };
    if !email.contains('@') {
        return Err(invalid(
            "SHOP_SHIPROCKET_EMAIL",
            format!("'{email}' is not an e-mail address such as api@shop.example.in"),
        ));
    }
    if let Some(url) = url
        .as_deref()
        .filter(|u| !(u.starts_with("http://") || u.starts_with("https://")))
    {
        return Err(invalid(
            "SHOP_SHIPROCKET_URL",
            format!(
                "'{url}' is not an http(s) URL; it is the base URL Shiprocket's /v1/external \
                 paths answer under (a proxy, or a local fake), and unset means \
                 https://apiv2.shiprocket.in"
            ),
        ));
    }
    Ok(Some(ShiprocketConfig {
        url,
        email,
        password: Secret::new(password),
        pickup: pickup.unwrap_or_else(|| providers::DEFAULT_PICKUP_LOCATION.to_owned()),
    }))
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
        assert_eq!(c.db_timeouts, store::Timeouts::default());
    }

    #[test]
    fn database_time_limits_are_read_in_milliseconds() {
        let c = config(&[
            ("SHOP_DB_CONNECT_TIMEOUT_MS", "1500"),
            ("SHOP_DB_STATEMENT_TIMEOUT_MS", "30000"),
        ])
        .expect("valid");
        assert_eq!(
            c.db_timeouts.connect,
            std::time::Duration::from_millis(1500)
        );
        assert_eq!(c.db_timeouts.statement, std::time::Duration::from_secs(30));
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
            ("SHOP_DB_CONNECT_TIMEOUT_MS", "50"),
            ("SHOP_DB_CONNECT_TIMEOUT_MS", "2s"),
            ("SHOP_DB_STATEMENT_TIMEOUT_MS", "0"),
            ("SHOP_SWIPE_WRITERS", "0"),
            ("SHOP_SWIPE_WRITERS", "33"),
            ("SHOP_SEED_DEMO", "maybe"),
            ("SHOP_DEMO_PRODUCTS", "lots"),
            ("SHOP_PUBLIC_URL", "shop.example.in"),
            ("SHOP_PUBLIC_URL", "https://shop.example.in/"),
            ("SHOP_CATALOGUE_REFRESH_MS", "0"),
            ("SHOP_CATALOGUE_REFRESH_MS", "soon"),
            ("SHOP_SESSION_SECRET", "too-short"),
            ("SMTP_URL", "mail.example.in:25"),
            ("SHOP_MAIL_FROM", "nobody"),
            ("SHOP_ASSISTANT_URL", "api.openai.com"),
            ("SHOP_PLACES_URL", "https://maps.googleapis.com"),
            ("SHOP_RAZORPAY_URL", "https://api.razorpay.com"),
            ("SHOP_SHIPROCKET_PICKUP", "Primary"),
            ("SHOP_SHIPROCKET_URL", "https://apiv2.shiprocket.in"),
            ("SHOP_TRUST_FORWARDED", "perhaps"),
            ("SHOP_TRUSTED_PROXIES", "1"),
            ("SHOP_MAX_CONNECTIONS_PER_CLIENT", "0"),
            ("SHOP_MAX_CONNECTIONS_PER_CLIENT", "many"),
        ] {
            let err = config(&[(var, value)]).expect_err(var);
            assert_eq!(err.variable, var);
        }
    }

    #[test]
    fn forwarding_names_the_header_and_the_proxies() {
        use access::client::{Forwarding, ProxyHeader};
        let table = [
            (vec![], Ok(Forwarding::Ignore)),
            (
                vec![("SHOP_TRUST_FORWARDED", "false")],
                Ok(Forwarding::Ignore),
            ),
            (
                vec![("SHOP_TRUST_FORWARDED", "true")],
                Ok(Forwarding::Trust {
                    header: ProxyHeader::XForwardedFor,
                    proxies: 1,
                }),
            ),
            (
                vec![
                    ("SHOP_TRUST_FORWARDED", "forwarded"),
                    ("SHOP_TRUSTED_PROXIES", "2"),
                ],
                Ok(Forwarding::Trust {
                    header: ProxyHeader::Forwarded,
                    proxies: 2,
                }),
            ),
            (
                vec![
                    ("SHOP_TRUST_FORWARDED", "x-forwarded-for"),
                    ("SHOP_TRUSTED_PROXIES", "0"),
                ],
                Err("SHOP_TRUSTED_PROXIES"),
            ),
            (
                vec![
                    ("SHOP_TRUST_FORWARDED", "true"),
                    ("SHOP_TRUSTED_PROXIES", "11"),
                ],
                Err("SHOP_TRUSTED_PROXIES"),
            ),
        ];
        for (vars, expected) in table {
            let outcome = config(&vars).map(|c| c.forwarding).map_err(|e| e.variable);
            assert_eq!(outcome, expected, "{vars:?}");
        }
        let c = config(&[]).expect("defaults");
        assert_eq!(c.max_connections_per_client, DEFAULT_CONNECTIONS_PER_CLIENT);
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

    #[test]
    fn secrets_never_reach_debug_output() {
        let c = config(&[
            (
                "SHOP_SESSION_SECRET",
                "0123456789abcdef0123456789abcdef-session",
            ),
            ("SMTP_URL", "smtps://shop:mailpass@smtp.example.in"),
            ("SHOP_ASSISTANT_URL", "https://llm.example.in/v1/"),
            ("SHOP_ASSISTANT_KEY", "sk-assistant"),
            ("SHOP_PLACES_KEY", "AIza-places"),
            ("SHOP_RAZORPAY_KEY_ID", "rzp_test_1DP5mmOlF5G5ag"),
            ("SHOP_RAZORPAY_KEY_SECRET", "rzp-key-secret"),
            ("SHOP_RAZORPAY_WEBHOOK_SECRET", "rzp-webhook-secret"),
            ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
            ("SHOP_SHIPROCKET_PASSWORD", "sr-password"),
        ])
        .expect("valid");
        let debug = format!("{c:?}");
        for secret in [
            "abcdef-session",
            "mailpass",
            "sk-assistant",
            "AIza-places",
            "rzp-key-secret",
            "rzp-webhook-secret",
            "sr-password",
        ] {
            assert!(!debug.contains(secret), "{secret} leaked");
        }
        let assistant = c.assistant.expect("configured");
        assert_eq!(assistant.url, "https://llm.example.in/v1");
        assert_eq!(assistant.model, "gpt-4o-mini");
    }

    #[test]
    fn the_places_key_selects_google_at_its_url() {
        assert!(config(&[]).expect("valid").places.is_none());
        let google = config(&[("SHOP_PLACES_KEY", " AIza-places ")])
            .expect("valid")
            .places
            .expect("configured");
        assert_eq!(
            (google.url, google.key.expose()),
            (None, "AIza-places"),
            "Google's own hosts"
        );
        let fake = config(&[
            ("SHOP_PLACES_KEY", "k"),
            ("SHOP_PLACES_URL", "http://127.0.0.1:9099/"),
        ])
        .expect("valid")
        .places
        .expect("configured");
        assert_eq!(fake.url.as_deref(), Some("http://127.0.0.1:9099"));
        let err = config(&[
            ("SHOP_PLACES_KEY", "k"),
            ("SHOP_PLACES_URL", "maps.example.in"),
        ])
        .expect_err("no scheme");
        assert_eq!(err.variable, "SHOP_PLACES_URL");
    }

    const RAZORPAY: [(&str, &str); 3] = [
        ("SHOP_RAZORPAY_KEY_ID", "rzp_live_ILgsfZCZoFIKMb"),
        ("SHOP_RAZORPAY_KEY_SECRET", " rzp-secret "),
        ("SHOP_RAZORPAY_WEBHOOK_SECRET", "rzp-webhook"),
    ];

    #[test]
    fn razorpay_needs_all_three_keys_or_none() {
        assert!(
            config(&[]).expect("valid").razorpay.is_none(),
            "the sandbox"
        );
        let razorpay = config(&RAZORPAY)
            .expect("valid")
            .razorpay
            .expect("configured");
        assert_eq!(
            (
                razorpay.key_id.as_str(),
                razorpay.key_secret.expose(),
                razorpay.webhook_secret.expose(),
                razorpay.url
            ),
            ("rzp_live_ILgsfZCZoFIKMb", "rzp-secret", "rzp-webhook", None)
        );
        // Any one or two of the three: stop, naming the first one missing.
        for given in [0b001, 0b010, 0b100, 0b011, 0b101, 0b110] {
            let vars: Vec<(&str, &str)> = RAZORPAY
                .iter()
                .enumerate()
                .filter(|(i, _)| given & (1 << i) != 0)
                .map(|(_, var)| *var)
                .collect();
            let missing = RAZORPAY
                .iter()
                .enumerate()
                .find(|(i, _)| given & (1 << i) == 0)
                .map(|(_, (name, _))| *name)
                .expect("one is missing");
            let err = config(&vars).expect_err("partial");
            assert_eq!(err.variable, missing, "{vars:?}");
            assert!(err.message.contains("together"), "{err}");
            assert!(!err.to_string().contains("rzp-secret"), "{err}");
        }
        let err = config(&[("SHOP_RAZORPAY_URL", "http://127.0.0.1:9")]).expect_err("alone");
        assert_eq!(err.variable, "SHOP_RAZORPAY_URL");
    }

    #[test]
    fn razorpay_s_key_id_and_url_are_checked() {
        let with = |extra: (&'static str, &'static str)| {
            let mut vars = RAZORPAY.to_vec();
            vars.retain(|(name, _)| *name != extra.0);
            vars.push(extra);
            config(&vars)
        };
        let fake = with(("SHOP_RAZORPAY_URL", "http://127.0.0.1:9099/"))
            .expect("valid")
            .razorpay
            .expect("configured");
        assert_eq!(fake.url.as_deref(), Some("http://127.0.0.1:9099"));
        for key_id in ["rzp_sandbox_local", "key_123", "rzp_test_", "rzp_live_a-b"] {
            let err = with(("SHOP_RAZORPAY_KEY_ID", key_id)).expect_err(key_id);
            assert_eq!(err.variable, "SHOP_RAZORPAY_KEY_ID");
        }
        let err = with(("SHOP_RAZORPAY_URL", "api.razorpay.com")).expect_err("no scheme");
        assert_eq!(err.variable, "SHOP_RAZORPAY_URL");
    }

    #[test]
    fn the_sandbox_runs_on_loopback_or_on_purpose_and_never_with_shiprocket() {
        let shiprocket = [
            ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
            ("SHOP_SHIPROCKET_PASSWORD", "sr-password"),
        ];
        let public = ("SHOP_ADDR", "0.0.0.0:8080");
        let opted_in = ("SHOP_PAYMENTS", "sandbox");
        // (variables, accepted)
        let table: [(Vec<(&str, &str)>, bool); 11] = [
            (vec![], true),
            (vec![("SHOP_ADDR", "[::1]:8080")], true),
            (vec![public], false),
            (vec![public, opted_in], true),
            (vec![public, RAZORPAY[0], RAZORPAY[1], RAZORPAY[2]], true),
            (vec![shiprocket[0], shiprocket[1]], false),
            (vec![shiprocket[0], shiprocket[1], opted_in], false),
            (
                vec![
                    shiprocket[0],
                    shiprocket[1],
                    RAZORPAY[0],
                    RAZORPAY[1],
                    RAZORPAY[2],
                ],
                true,
            ),
            (vec![("SHOP_PAYMENTS", "razorpay")], false),
            (vec![opted_in, RAZORPAY[0], RAZORPAY[1], RAZORPAY[2]], false),
            (vec![("SHOP_PAYMENTS", "stripe")], false),
        ];
        for (vars, accepted) in table {
            match config(&vars) {
                Ok(_) => assert!(accepted, "{vars:?} was accepted"),
                Err(e) => {
                    assert!(!accepted, "{vars:?}: {e}");
                    assert_eq!(e.variable, "SHOP_PAYMENTS", "{vars:?}");
                    assert!(!e.to_string().contains("sr-password"), "{e}");
                }
            }
        }
        let err = config(&[public]).expect_err("a public sandbox");
        assert!(
            err.to_string().contains("SHOP_ADDR")
                && err.to_string().contains("SHOP_RAZORPAY_KEY_ID"),
            "{err}"
        );
        let err = config(&shiprocket).expect_err("sandbox and Shiprocket");
        assert!(err.to_string().contains("SHOP_SHIPROCKET_EMAIL"), "{err}");
    }

    #[test]
    fn shiprocket_needs_its_e_mail_and_password_together() {
        assert!(config(&[]).expect("valid").shipping.is_none());
        let shiprocket = config(&[
            ("SHOP_SHIPROCKET_EMAIL", " api@casa.in "),
            ("SHOP_SHIPROCKET_PASSWORD", " pass word "),
            RAZORPAY[0],
            RAZORPAY[1],
            RAZORPAY[2],
        ])
        .expect("valid")
        .shipping
        .expect("configured");
        assert_eq!(
            (
                shiprocket.url,
                shiprocket.email.as_str(),
                shiprocket.password.expose(),
                shiprocket.pickup.as_str()
            ),
            (None, "api@casa.in", " pass word ", "Primary"),
            "Shiprocket's own host; the password as typed; the first pickup location"
        );
        let fake = config(&[
            ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
            ("SHOP_SHIPROCKET_PASSWORD", "pw"),
            ("SHOP_SHIPROCKET_PICKUP", " Casa Mumbai "),
            ("SHOP_SHIPROCKET_URL", "http://127.0.0.1:9100/"),
            RAZORPAY[0],
            RAZORPAY[1],
            RAZORPAY[2],
        ])
        .expect("valid")
        .shipping
        .expect("configured");
        assert_eq!(
            (fake.url.as_deref(), fake.pickup.as_str()),
            (Some("http://127.0.0.1:9100"), "Casa Mumbai")
        );

        let cases: [(&[(&str, &str)], &str); 6] = [
            (
                &[("SHOP_SHIPROCKET_EMAIL", "api@casa.in")],
                "SHOP_SHIPROCKET_PASSWORD",
            ),
            (
                &[("SHOP_SHIPROCKET_PASSWORD", "pw")],
                "SHOP_SHIPROCKET_EMAIL",
            ),
            (
                &[("SHOP_SHIPROCKET_PICKUP", "Primary")],
                "SHOP_SHIPROCKET_PICKUP",
            ),
            (
                &[("SHOP_SHIPROCKET_URL", "http://127.0.0.1:9100")],
                "SHOP_SHIPROCKET_URL",
            ),
            (
                &[
                    ("SHOP_SHIPROCKET_EMAIL", "api"),
                    ("SHOP_SHIPROCKET_PASSWORD", "pw"),
                ],
                "SHOP_SHIPROCKET_EMAIL",
            ),
            (
                &[
                    ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
                    ("SHOP_SHIPROCKET_PASSWORD", "pw"),
                    ("SHOP_SHIPROCKET_URL", "apiv2.shiprocket.in"),
                ],
                "SHOP_SHIPROCKET_URL",
            ),
        ];
        for (vars, variable) in cases {
            let err = config(vars).expect_err(variable);
            assert_eq!(err.variable, variable, "{vars:?}");
            assert!(!err.to_string().contains("pw"), "{err}");
        }
    }
}
