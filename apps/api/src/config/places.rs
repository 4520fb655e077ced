//! Google Places for the address search.

use super::vars::{Vars, base_url};
use super::{ConfigError, Secret, invalid};

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

/// `SHOP_PLACES_KEY`, with `SHOP_PLACES_URL` only beside it; none, the embedded directory,
/// without the key.
pub(super) fn places(vars: &Vars) -> Result<Option<PlacesConfig>, ConfigError> {
    match (vars.get("SHOP_PLACES_KEY"), vars.get("SHOP_PLACES_URL")) {
        (None, None) => Ok(None),
        (None, Some(_)) => Err(invalid(
            "SHOP_PLACES_URL",
            "is set without SHOP_PLACES_KEY; Google Places needs the key (without \
             both, the embedded directory answers)",
        )),
        (Some(key), url) => Ok(Some(PlacesConfig {
            url: base_url(
                "SHOP_PLACES_URL",
                url,
                "the one base URL Google's Places API (New) and Geocoding API",
                "Google's own hosts",
            )?,
            key: Secret::new(key.trim()),
        })),
    }
}
