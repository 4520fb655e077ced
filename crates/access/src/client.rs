//! Which client a request comes from, for its rate-limit and connection buckets.
//!
//! Without a proxy in front the client is the peer of the connection. Behind trusted proxies
//! the client is read from the proxies' forwarding header, from the right: each proxy appends
//! the address it saw, so with `n` trusted proxies the last `n - 1` entries were written by
//! the inner proxies, the `n`-th from the right by the outermost one (the client's address as
//! it saw it), and everything left of that is whatever the client itself sent, never trusted.
//!
//! IPv6 clients are bucketed by their /64: one subscriber usually holds a whole /64 and can
//! pick a new address in it for every request.

use std::net::{IpAddr, Ipv6Addr};

/// The header the trusted proxies write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For: client, proxy1, ...` (and `X-Forwarded-Proto`).
    XForwardedFor,
    /// RFC 7239 `Forwarded: for=client;proto=https, for=proxy1` .
    Forwarded,
}

/// How far the forwarding headers are believed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forwarding {
    /// No proxy in front: the peer is the client; forwarding headers are ignored.
    Ignore,
    /// `proxies` trusted proxies (at least 1) in front, writing `header`.
    Trust { header: ProxyHeader, proxies: u8 },
}

/// The forwarding header's hops, left to right: each entry's address, or `None` for one
/// that is not an address (`unknown`, an obfuscated name, garbage).
pub fn hops(header: ProxyHeader, values: &[&str]) -> Vec<Option<IpAddr>> {
    values
        .iter()
        .flat_map(|value| value.split(','))
        .map(|entry| match header {
            ProxyHeader::XForwardedFor => parse_address(entry),
            ProxyHeader::Forwarded => forwarded_param(entry, "for").and_then(parse_address),
        })
        .collect()
}

/// The value of `name` in one element of a `Forwarded` header (`for=...;proto=...`).
pub fn forwarded_param<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    element.split(';').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case(name)
            .then(|| value.trim().trim_matches('"'))
    })
}

/// An address as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`,
/// `[2001:db8::1]` or `[2001:db8::1]:4711`.
fn parse_address(raw: &str) -> Option<IpAddr> {
    let raw = raw.trim().trim_matches('"');
    if let Ok(ip) = raw.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = raw.strip_prefix('[') {
        let (inside, _) = rest.split_once(']')?;
        return inside.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
    }
    let (host, port) = raw.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    host.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}

/// The client of a request that came from `peer` with these forwarding hops (left to right).
/// With `proxies` trusted proxies the client is the `proxies`-th hop from the right; a chain
/// shorter than that came past fewer proxies than configured, and its left-most hop is the
/// furthest any trusted proxy saw. A hop that is not an address falls back to the peer.
pub fn client_of(peer: IpAddr, hops: &[Option<IpAddr>], forwarding: Forwarding) -> IpAddr {
    let Forwarding::Trust { proxies, .. } = forwarding else {
        return peer;
    };
    if hops.is_empty() {
        return peer;
    }
    let from_right = usize::from(proxies.max(1));
    let index = hops.len().saturating_sub(from_right);
    hops[index].unwrap_or(peer)
}

/// The bucket of a client address: an IPv4 address as itself (an IPv4-mapped IPv6 address as
/// its IPv4 address), an IPv6 address as its /64 (`2001:db8:1:2::/64`).
pub fn bucket(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                let net = Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
                format!("{net}/64")
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    const XFF1: Forwarding = Forwarding::Trust {
        header: ProxyHeader::XForwardedFor,
        proxies: 1,
    };

    #[test]
    fn hops_parse_every_form_proxies_write() {
        type Row = (ProxyHeader, &'static [&'static str], Vec<Option<IpAddr>>);
        let table: [Row; 6] = [
            (
                ProxyHeader::XForwardedFor,
                &["203.0.113.7, 10.0.0.2"],
                vec![Some(ip("203.0.113.7")), Some(ip("10.0.0.2"))],
            ),
            (
                ProxyHeader::XForwardedFor,
                &["1.2.3.4:5678", "2001:db8::1"],
                vec![Some(ip("1.2.3.4")), Some(ip("2001:db8::1"))],
            ),
            (
                ProxyHeader::XForwardedFor,
                &["[2001:db8::9]:443,unknown, not an address"],
                vec![Some(ip("2001:db8::9")), None, None],
            ),
            (
                ProxyHeader::Forwarded,
                &["for=192.0.2.60;proto=https;by=203.0.113.43, For=\"[2001:db8:cafe::17]:4711\""],
                vec![Some(ip("192.0.2.60")), Some(ip("2001:db8:cafe::17"))],
            ),
            (
                ProxyHeader::Forwarded,
                &["proto=https", "for=_hidden, for=198.51.100.17"],
                vec![None, None, Some(ip("198.51.100.17"))],
            ),
            (ProxyHeader::Forwarded, &[], vec![]),
        ];
        for (header, values, expected) in table {
            assert_eq!(hops(header, values), expected, "{header:?} {values:?}");
        }
    }

    #[test]
    fn the_client_is_the_right_most_untrusted_hop() {
        let peer = ip("10.0.0.1");
        let table = [
            // (hops, proxies, client)
            ("", 1, "10.0.0.1"),
            ("203.0.113.7", 1, "203.0.113.7"),
            // The client wrote the left-most entry itself: it never counts.
            ("6.6.6.6, 203.0.113.7", 1, "203.0.113.7"),
            ("6.6.6.6, 203.0.113.7, 10.0.0.2", 2, "203.0.113.7"),
            // Fewer hops than proxies: the furthest one a trusted proxy wrote.
            ("203.0.113.7", 3, "203.0.113.7"),
            // A hop that is not an address is not a client to bucket.
            ("6.6.6.6, unknown", 1, "10.0.0.1"),
        ];
        for (chain, proxies, client) in table {
            let values = [chain];
            let hops = hops(ProxyHeader::XForwardedFor, &values);
            let forwarding = Forwarding::Trust {
                header: ProxyHeader::XForwardedFor,
                proxies,
            };
            assert_eq!(
                client_of(peer, &hops, forwarding),
                ip(client),
                "{chain} / {proxies}"
            );
        }
    }

    #[test]
    fn without_trust_the_peer_is_the_client() {
        let values = ["6.6.6.6"];
        let hops = hops(ProxyHeader::XForwardedFor, &values);
        assert_eq!(
            client_of(ip("192.0.2.1"), &hops, Forwarding::Ignore),
            ip("192.0.2.1")
        );
    }

    #[test]
    fn buckets_follow_the_table() {
        let table = [
            ("203.0.113.7", "203.0.113.7"),
            ("::ffff:203.0.113.7", "203.0.113.7"),
            ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
            ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
            ("::1", "::/64"),
        ];
        for (address, expected) in table {
            assert_eq!(bucket(ip(address)), expected, "{address}");
        }
    }

    proptest! {
        #[test]
        fn an_ipv6_subscriber_has_one_bucket(prefix in any::<u64>(), a in any::<u64>(), b in any::<u64>()) {
            let one = Ipv6Addr::from((u128::from(prefix) << 64) | u128::from(a));
            let two = Ipv6Addr::from((u128::from(prefix) << 64) | u128::from(b));
            prop_assume!(one.to_ipv4_mapped().is_none());
            prop_assert_eq!(bucket(IpAddr::V6(one)), bucket(IpAddr::V6(two)));
        }

        #[test]
        fn what_the_client_prepends_never_changes_its_bucket(
            written in proptest::collection::vec(any::<[u8; 4]>(), 0..6),
            client in any::<[u8; 4]>(),
        ) {
            let mut chain: Vec<String> = written.iter().map(|o| IpAddr::from(*o).to_string()).collect();
            chain.push(IpAddr::from(client).to_string());
            let joined = chain.join(", ");
            let values = [joined.as_str()];
            let hops = hops(ProxyHeader::XForwardedFor, &values);
            prop_assert_eq!(client_of(ip("10.0.0.1"), &hops, XFF1), IpAddr::from(client));
        }

        #[test]
        fn any_header_text_parses_without_panicking(text in ".{0,200}") {
            let values = [text.as_str()];
            let _ = hops(ProxyHeader::XForwardedFor, &values);
            let _ = hops(ProxyHeader::Forwarded, &values);
        }
    }
}
