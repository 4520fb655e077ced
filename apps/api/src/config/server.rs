//! The listener and the edge in front of it: the address, the frontend's files, which origins
//! may call, the public origin, the proxies' forwarding headers and the connection limit.

use std::net::SocketAddr;
use std::path::PathBuf;

use super::vars::{Vars, in_range};
use super::{ConfigError, invalid};

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

/// Open connections from one address unless `SHOP_MAX_CONNECTIONS_PER_CLIENT` says otherwise:
/// generous, as many mobile shoppers share one carrier address (CGNAT) and a browser opens
/// several connections each.
pub const DEFAULT_CONNECTIONS_PER_CLIENT: u32 = 1_000;

/// `SHOP_ADDR`, 127.0.0.1:8080 unless set.
pub(super) fn addr(vars: &Vars) -> Result<SocketAddr, ConfigError> {
    let addr_text = vars
        .get("SHOP_ADDR")
        .unwrap_or_else(|| "127.0.0.1:8080".to_owned());
    addr_text.trim().parse().map_err(|_| {
        invalid(
            "SHOP_ADDR",
            format!("'{addr_text}' is not a socket address such as 127.0.0.1:8080 or 0.0.0.0:8080"),
        )
    })
}

/// `SHOP_METRICS_ADDR`: the metrics' own listener, none unless set.
pub(super) fn metrics_addr(vars: &Vars) -> Result<Option<SocketAddr>, ConfigError> {
    let Some(text) = vars.get("SHOP_METRICS_ADDR") else {
        return Ok(None);
    };
    text.trim().parse().map(Some).map_err(|_| {
        invalid(
            "SHOP_METRICS_ADDR",
            format!("'{text}' is not a socket address such as 127.0.0.1:9090 or 0.0.0.0:9090"),
        )
    })
}

/// `SHOP_FRONTEND_DIR`, ./frontend/dist unless set.
pub(super) fn frontend_dir(vars: &Vars) -> PathBuf {
    PathBuf::from(
        vars.get("SHOP_FRONTEND_DIR")
            .unwrap_or_else(|| "./frontend/dist".to_owned()),
    )
}

/// `SHOP_CORS_ORIGINS`: `*`, or origins separated by commas; none unless set.
pub(super) fn cors_origins(vars: &Vars) -> Result<CorsOrigins, ConfigError> {
    let Some(raw) = vars.get("SHOP_CORS_ORIGINS") else {
        return Ok(CorsOrigins::None);
    };
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

/// `SHOP_PUBLIC_URL`, an origin.
pub(super) fn public_url(vars: &Vars) -> Result<Option<String>, ConfigError> {
    vars.get("SHOP_PUBLIC_URL")
        .map(|raw| parse_origin("SHOP_PUBLIC_URL", raw.trim()))
        .transpose()
}

/// `SHOP_TRUST_FORWARDED` (`false`, `true` or `x-forwarded-for`, `forwarded`) and
/// `SHOP_TRUSTED_PROXIES` (how many proxies stand in front, 1 to 10, 1 unless set).
pub(super) fn forwarding(vars: &Vars) -> Result<access::client::Forwarding, ConfigError> {
    use access::client::{Forwarding, ProxyHeader};
    let header = match vars.get("SHOP_TRUST_FORWARDED").as_deref().map(str::trim) {
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
    match (header, vars.get("SHOP_TRUSTED_PROXIES")) {
        (None, None) => Ok(Forwarding::Ignore),
        (None, Some(_)) => Err(invalid(
            "SHOP_TRUSTED_PROXIES",
            "is set but SHOP_TRUST_FORWARDED is not; set both behind proxies, neither otherwise",
        )),
        (Some(header), None) => Ok(Forwarding::Trust { header, proxies: 1 }),
        (Some(header), Some(raw)) => {
            in_range("SHOP_TRUSTED_PROXIES", &raw, 1..=10, "a whole number")
                .map(|proxies| Forwarding::Trust { header, proxies })
        }
    }
}

/// `SHOP_MAX_CONNECTIONS_PER_CLIENT`, 1 to 1,000,000.
pub(super) fn max_connections_per_client(vars: &Vars) -> Result<u32, ConfigError> {
    vars.number(
        "SHOP_MAX_CONNECTIONS_PER_CLIENT",
        DEFAULT_CONNECTIONS_PER_CLIENT,
        1..=1_000_000,
    )
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
