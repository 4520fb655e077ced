//! The base URLs adapters are configured with (the service's own, a proxy, or a local fake in
//! tests): checking one, joining a path under it, and showing an endpoint in a message without
//! the credentials or query it may carry.

use reqwest::Url;

/// `base_url` (trimmed) when it is an http(s) URL with a host; otherwise why not, in words an
/// operator can act on.
pub(crate) fn http_base(base_url: &str) -> Result<Url, String> {
    let url = Url::parse(base_url.trim()).map_err(|e| e.to_string())?;
    match url.scheme() {
        "http" | "https" if url.host_str().is_some_and(|host| !host.is_empty()) => Ok(url),
        "http" | "https" => Err("it names no host".to_owned()),
        scheme => Err(format!(
            "the scheme is {scheme}:// instead of https:// or http://"
        )),
    }
}

/// `{base}/{path}`: the base's own path is kept, so a proxy's prefix stays in front.
pub(crate) fn endpoint(base: &Url, path: &str) -> Url {
    let mut url = base.clone();
    let joined = format!("{}/{path}", url.path().trim_end_matches('/'));
    url.set_path(&joined);
    url
}

/// An endpoint as shown in messages and logs: no query (where keys travel), user or password.
pub(crate) fn shown(endpoint: &Url) -> String {
    let mut shown = endpoint.clone();
    shown.set_query(None);
    // Only fails for URLs that cannot have credentials, which then have none to hide.
    let _ = shown.set_username("");
    let _ = shown.set_password(None);
    shown.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bases_are_http_with_a_host() {
        assert!(http_base(" https://api.example.in/v1/ ").is_ok());
        assert_eq!(
            http_base("ftp://example.in").err().as_deref(),
            Some("the scheme is ftp:// instead of https:// or http://")
        );
        assert!(http_base("not a url").is_err());
        assert!(http_base("http://").is_err());
    }

    #[test]
    fn paths_join_under_the_base_and_secrets_never_show() {
        let base = http_base("https://user:secret@proxy.example.in/razorpay/").expect("a base");
        let joined = endpoint(&base, "v1/orders");
        assert_eq!(
            joined.as_str(),
            "https://user:secret@proxy.example.in/razorpay/v1/orders"
        );
        let mut keyed = joined.clone();
        keyed.set_query(Some("key=AIza-secret"));
        assert_eq!(shown(&keyed), "https://proxy.example.in/razorpay/v1/orders");
    }
}
