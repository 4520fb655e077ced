//! Razorpay for card payments, and where the embedded payment sandbox may run instead.

use std::net::SocketAddr;

use super::vars::{Vars, base_url};
use super::{ConfigError, Secret, invalid};

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

/// Razorpay when its three keys are set; none when none is (the sandbox). Some but not all is
/// a mistake worth stopping for: an operator who set two meant Razorpay, and quietly taking
/// sandbox payments instead would give goods away.
pub(super) fn razorpay(vars: &Vars) -> Result<Option<RazorpayConfig>, ConfigError> {
    let [key_id, key_secret, webhook_secret] = RAZORPAY_KEYS.map(|name| vars.get(name));
    let url = vars.get("SHOP_RAZORPAY_URL");
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
    let url = base_url(
        "SHOP_RAZORPAY_URL",
        url,
        "the base URL Razorpay's /v1 paths",
        "https://api.razorpay.com",
    )?;
    Ok(Some(RazorpayConfig {
        key_id,
        key_secret: Secret::new(key_secret.trim()),
        webhook_secret: Secret::new(webhook_secret.trim()),
        url,
    }))
}

/// Where test payments may run. Without Razorpay's keys the embedded sandbox takes card
/// payments, and it takes any test card: only on a shop bound to a loopback address (a
/// developer's machine, the tests) or one whose operator opted in with `SHOP_PAYMENTS=sandbox`
/// (a demo), and never with Shiprocket, whose couriers would carry real goods paid with test
/// cards. `SHOP_PAYMENTS=razorpay` asks for Razorpay: its keys must then be set.
pub(super) fn check_sandbox(
    vars: &Vars,
    addr: SocketAddr,
    razorpay: bool,
    shiprocket: bool,
) -> Result<(), ConfigError> {
    let chosen = vars.get("SHOP_PAYMENTS");
    const KEYS: &str =
        "SHOP_RAZORPAY_KEY_ID, SHOP_RAZORPAY_KEY_SECRET and SHOP_RAZORPAY_WEBHOOK_SECRET";
    let sandbox_chosen = match chosen.as_deref().map(str::trim) {
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
