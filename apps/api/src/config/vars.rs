//! The parsing the configuration's parts share.

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

use super::{ConfigError, invalid};

/// The variables, read through the lookup `Config::from_lookup` was given. A blank value is
/// read as unset, so an operator can clear a variable with `NAME=`.
pub(super) struct Vars<'a> {
    lookup: &'a dyn Fn(&str) -> Option<String>,
}

impl<'a> Vars<'a> {
    pub(super) fn new(lookup: &'a dyn Fn(&str) -> Option<String>) -> Self {
        Self { lookup }
    }

    pub(super) fn get(&self, name: &str) -> Option<String> {
        (self.lookup)(name).filter(|v| !v.trim().is_empty())
    }

    /// A whole number within `range`, or `default` when unset.
    pub(super) fn number<T>(
        &self,
        name: &'static str,
        default: T,
        range: RangeInclusive<T>,
    ) -> Result<T, ConfigError>
    where
        T: FromStr + PartialOrd + Display,
    {
        match self.get(name) {
            None => Ok(default),
            Some(raw) => in_range(name, &raw, range, "a whole number"),
        }
    }

    /// A duration given in whole milliseconds within `range`, or `default` when unset.
    pub(super) fn millis(
        &self,
        name: &'static str,
        default: Duration,
        range: RangeInclusive<u64>,
    ) -> Result<Duration, ConfigError> {
        match self.get(name) {
            None => Ok(default),
            Some(raw) => in_range(name, &raw, range, "a whole number of milliseconds")
                .map(Duration::from_millis),
        }
    }
}

/// `raw` read as a number within `range`; the message calls it `what` ("a whole number").
pub(super) fn in_range<T>(
    name: &'static str,
    raw: &str,
    range: RangeInclusive<T>,
    what: &str,
) -> Result<T, ConfigError>
where
    T: FromStr + PartialOrd + Display,
{
    raw.trim()
        .parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            invalid(
                name,
                format!(
                    "'{raw}' is not {what} from {} to {}",
                    range.start(),
                    range.end()
                ),
            )
        })
}

/// Whether `url` starts with an http or https scheme.
pub(super) fn is_http(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}

/// A provider's base URL (`SHOP_..._URL`: a proxy, or a local fake in tests), trimmed and
/// without a trailing slash. `serves` says what answers under it and `unset` what unset means,
/// for the message when it is not an http(s) URL.
pub(super) fn base_url(
    name: &'static str,
    url: Option<String>,
    serves: &str,
    unset: &str,
) -> Result<Option<String>, ConfigError> {
    let url = url.map(|u| u.trim().trim_end_matches('/').to_owned());
    if let Some(url) = url.as_deref().filter(|u| !is_http(u)) {
        return Err(invalid(
            name,
            format!(
                "'{url}' is not an http(s) URL; it is {serves} answer under (a proxy, or a \
                 local fake), and unset means {unset}"
            ),
        ));
    }
    Ok(url)
}
