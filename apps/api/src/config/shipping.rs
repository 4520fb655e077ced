//! Shiprocket for shipping.

use super::vars::{Vars, base_url};
use super::{ConfigError, Secret, invalid};

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

/// Shiprocket's account, all or nothing: the e-mail and the password together, the pickup
/// location and the URL only with them.
pub(super) fn shiprocket(vars: &Vars) -> Result<Option<ShiprocketConfig>, ConfigError> {
    let email = vars
        .get("SHOP_SHIPROCKET_EMAIL")
        .map(|e| e.trim().to_owned());
    // Not trimmed: spaces may be part of a password.
    let password = vars.get("SHOP_SHIPROCKET_PASSWORD");
    let pickup = vars
        .get("SHOP_SHIPROCKET_PICKUP")
        .map(|p| p.trim().to_owned());
    let url = vars.get("SHOP_SHIPROCKET_URL");
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
    let url = base_url(
        "SHOP_SHIPROCKET_URL",
        url,
        "the base URL Shiprocket's /v1/external paths",
        "https://apiv2.shiprocket.in",
    )?;
    Ok(Some(ShiprocketConfig {
        url,
        email,
        password: Secret::new(password),
        pickup: pickup.unwrap_or_else(|| providers::DEFAULT_PICKUP_LOCATION.to_owned()),
    }))
}
