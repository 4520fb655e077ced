//! The guarded image fetcher of the Shopify import: an image named by URL in a file a brand
//! uploads is fetched by the server, so the URL must not reach anything the server can reach
//! and the public cannot.
//!
//! - Only `http` and `https`.
//! - The host is resolved here and every address it resolves to must be public
//!   ([`forbidden`]: private, CGNAT, loopback, link-local, unique-local, unspecified,
//!   multicast, documentation and other reserved ranges, IPv4-mapped and embedded IPv4 in
//!   IPv6 too); the connection is then made to the address checked (pinned in the client, so
//!   no second resolution can answer otherwise).
//! - Redirects are followed by hand, at most [`MAX_REDIRECTS`], each hop checked again.
//! - At most [`MAX_BYTES`] are read (counted while streaming), within [`TIMEOUT`] in all.
//! - No proxy from the environment is used.
//!
//! `host:port` pairs on the allow list (`SHOP_IMPORT_FETCH_ALLOW`) are reached whatever their
//! addresses: for tests and local set-ups.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use reqwest::Url;

/// Redirects followed at most.
pub const MAX_REDIRECTS: usize = 3;
/// The largest image fetched, in bytes.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
/// The whole fetch, redirects included.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Why an image was not fetched; the Display is the message a brand reads in the report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("Not an http(s) URL.")]
    BadUrl,
    #[error("The address {0} is not a public address: it is not fetched.")]
    Forbidden(IpAddr),
    #[error("The host {0} could not be resolved.")]
    Unresolved(String),
    #[error("More than 3 redirects.")]
    TooManyRedirects,
    #[error("The server answered {0}.")]
    Status(u16),
    #[error("The image is larger than 10 MB.")]
    TooLarge,
    #[error("The server took longer than 10 seconds.")]
    Timeout,
    #[error("The image could not be fetched: {0}")]
    Failed(String),
}

/// Whether `ip` is no public unicast address: refused as a fetch target.
pub fn forbidden(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4),
        IpAddr::V6(v6) => forbidden_v6(v6),
    }
}

fn forbidden_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0 // "this network"
        || (a == 100 && (64..128).contains(&b)) // CGNAT 100.64/10
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking 198.18/15
        || a >= 240 // reserved
}

fn forbidden_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return forbidden_v4(v4);
    }
    let s = ip.segments();
    ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xffc0) == 0xfe80 // link-local fe80::/10
        || (s[0] & 0xffc0) == 0xfec0 // site-local fec0::/10 (deprecated)
        || (s[0] & 0xfe00) == 0xfc00 // unique-local fc00::/7
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation 2001:db8::/32
        || (s[0] == 0x0100 && s[1..4] == [0, 0, 0]) // discard-only 100::/64
}

/// The IPv4 address an IPv6 address carries: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible
/// (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`).
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let tail = || Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    if let Some(v4) = ip.to_ipv4_mapped() {
        return Some(v4);
    }
    if s[..6] == [0, 0, 0, 0, 0, 0] && !ip.is_loopback() && !ip.is_unspecified() {
        return Some(tail());
    }
    if s[0] == 0x0064 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return Some(tail());
    }
    if s[0] == 0x2002 {
        return Some(Ipv4Addr::new(
            (s[1] >> 8) as u8,
            s[1] as u8,
            (s[2] >> 8) as u8,
            s[2] as u8,
        ));
    }
    None
}

/// Fetches images under these rules.
#[derive(Debug, Clone)]
pub struct Fetcher {
    /// `host:port`, lower case.
    allow: Vec<String>,
}

/// The hop's target: the URL, and the address to connect to (checked).
struct Hop {
    url: Url,
    host: String,
    addr: SocketAddr,
}

impl Fetcher {
    pub fn new(allow: &[String]) -> Self {
        Self {
            allow: allow.iter().map(|a| a.to_ascii_lowercase()).collect(),
        }
    }

    /// The bytes at `url`, under every rule of this module.
    pub async fn fetch(&self, url: &str) -> Result<Vec<u8>, FetchError> {
        tokio::time::timeout(TIMEOUT, self.follow(url))
            .await
            .map_err(|_| FetchError::Timeout)?
    }

    async fn follow(&self, url: &str) -> Result<Vec<u8>, FetchError> {
        let mut url = Url::parse(url.trim()).map_err(|_| FetchError::BadUrl)?;
        for _ in 0..=MAX_REDIRECTS {
            let hop = self.checked(url).await?;
            let client = reqwest::Client::builder()
                .no_proxy()
                .redirect(reqwest::redirect::Policy::none())
                .resolve(&hop.host, hop.addr)
                .connect_timeout(TIMEOUT)
                .user_agent("casa-shop-import/1")
                .build()
                .map_err(|e| FetchError::Failed(e.to_string()))?;
            let response = client
                .get(hop.url.clone())
                .send()
                .await
                .map_err(|e| FetchError::Failed(without_url(&e)))?;
            let status = response.status();
            if status.is_redirection() {
                let next = response
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|location| hop.url.join(location).ok())
                    .ok_or(FetchError::Status(status.as_u16()))?;
                url = next;
                continue;
            }
            if !status.is_success() {
                return Err(FetchError::Status(status.as_u16()));
            }
            return read_bounded(response).await;
        }
        Err(FetchError::TooManyRedirects)
    }

    /// `url` checked: http(s), and resolved to an address that may be reached.
    async fn checked(&self, url: Url) -> Result<Hop, FetchError> {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(FetchError::BadUrl);
        }
        let port = url.port_or_known_default().ok_or(FetchError::BadUrl)?;
        let raw = url
            .host_str()
            .ok_or(FetchError::BadUrl)?
            .to_ascii_lowercase();
        let literal: Option<IpAddr> = match raw.strip_prefix('[').and_then(|h| h.strip_suffix(']'))
        {
            Some(v6) => Some(IpAddr::V6(v6.parse().map_err(|_| FetchError::BadUrl)?)),
            None => raw.parse::<Ipv4Addr>().ok().map(IpAddr::V4),
        };
        let host = raw;
        let allowed = self.allow.contains(&format!("{host}:{port}"));
        let addrs: Vec<SocketAddr> = match literal {
            Some(ip) => vec![SocketAddr::new(ip, port)],
            None => tokio::net::lookup_host((host.as_str(), port))
                .await
                .map_err(|_| FetchError::Unresolved(host.clone()))?
                .collect(),
        };
        let first = *addrs
            .first()
            .ok_or_else(|| FetchError::Unresolved(host.clone()))?;
        if !allowed && let Some(bad) = addrs.iter().find(|a| forbidden(a.ip())) {
            return Err(FetchError::Forbidden(bad.ip()));
        }
        let host = host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned();
        Ok(Hop {
            url,
            host,
            addr: first,
        })
    }
}

/// The body, refused past [`MAX_BYTES`] (by its length when it says, else while reading).
async fn read_bounded(mut response: reqwest::Response) -> Result<Vec<u8>, FetchError> {
    if response
        .content_length()
        .is_some_and(|n| n > MAX_BYTES as u64)
    {
        return Err(FetchError::TooLarge);
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| FetchError::Failed(without_url(&e)))?
    {
        if bytes.len() + chunk.len() > MAX_BYTES {
            return Err(FetchError::TooLarge);
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// reqwest's message without the URL (the report names the URL already).
fn without_url(e: &reqwest::Error) -> String {
    let mut e = std::error::Error::source(e)
        .map(ToString::to_string)
        .unwrap_or_else(|| e.to_string());
    e.truncate(200);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_and_special_addresses_are_forbidden() {
        for bad in [
            "10.0.0.1",
            "172.16.5.4",
            "172.31.255.255",
            "192.168.1.1",
            "100.64.0.1",
            "100.127.255.254",
            "127.0.0.1",
            "127.8.9.10",
            "169.254.169.254",
            "0.0.0.0",
            "0.1.2.3",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.10",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "240.0.0.1",
            "::1",
            "::",
            "fe80::1",
            "febf::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "2001:db8::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::10.0.0.1",
            "2002:c0a8:0101::1",
        ] {
            let ip: IpAddr = bad.parse().expect(bad);
            assert!(forbidden(ip), "{bad} should be forbidden");
        }
    }

    #[test]
    fn public_addresses_are_allowed() {
        for good in [
            "8.8.8.8",
            "1.1.1.1",
            "100.63.255.255",
            "100.128.0.1",
            "172.15.0.1",
            "172.32.0.1",
            "192.169.0.1",
            "2606:4700::1111",
            "2a00:1450:4001::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            let ip: IpAddr = good.parse().expect(good);
            assert!(!forbidden(ip), "{good} should be allowed");
        }
    }

    #[tokio::test]
    async fn only_http_urls_with_public_addresses_are_fetched() {
        let fetcher = Fetcher::new(&[]);
        for (url, expected) in [
            ("ftp://example.com/a.png", FetchError::BadUrl),
            ("file:///etc/passwd", FetchError::BadUrl),
            ("not a url", FetchError::BadUrl),
            (
                "http://10.1.2.3/a.png",
                FetchError::Forbidden("10.1.2.3".parse().expect("ip")),
            ),
            (
                "http://[::ffff:7f00:1]:8080/a.png",
                FetchError::Forbidden("::ffff:127.0.0.1".parse().expect("ip")),
            ),
            (
                "https://169.254.169.254/latest/meta-data",
                FetchError::Forbidden("169.254.169.254".parse().expect("ip")),
            ),
        ] {
            assert_eq!(fetcher.fetch(url).await, Err(expected), "{url}");
        }
        // A name resolving to loopback is refused by the address it resolves to.
        assert!(matches!(
            fetcher.fetch("http://localhost:9/a.png").await,
            Err(FetchError::Forbidden(ip)) if ip.is_loopback()
        ));
    }
}
