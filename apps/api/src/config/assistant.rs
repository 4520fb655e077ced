//! The support assistant's chat API.

use super::vars::{Vars, is_http};
use super::{ConfigError, Secret, invalid};

/// An OpenAI-compatible chat completions API.
#[derive(Clone, Debug)]
pub struct AssistantConfig {
    /// The API's base URL, e.g. `https://api.openai.com/v1`.
    pub url: String,
    pub key: Option<Secret>,
    pub model: String,
}

/// `SHOP_ASSISTANT_URL`, with `SHOP_ASSISTANT_KEY` and `SHOP_ASSISTANT_MODEL` (gpt-4o-mini
/// unless set); none, the local assistant, without the URL.
pub(super) fn assistant(vars: &Vars) -> Result<Option<AssistantConfig>, ConfigError> {
    let Some(raw) = vars.get("SHOP_ASSISTANT_URL") else {
        return Ok(None);
    };
    let url = raw.trim().trim_end_matches('/').to_owned();
    if !is_http(&url) {
        return Err(invalid(
            "SHOP_ASSISTANT_URL",
            format!("'{url}' is not an http(s) URL such as https://api.openai.com/v1"),
        ));
    }
    Ok(Some(AssistantConfig {
        url,
        key: vars
            .get("SHOP_ASSISTANT_KEY")
            .map(|k| Secret::new(k.trim())),
        model: vars
            .get("SHOP_ASSISTANT_MODEL")
            .map(|m| m.trim().to_owned())
            .unwrap_or_else(|| "gpt-4o-mini".to_owned()),
    }))
}
