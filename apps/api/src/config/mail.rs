//! Where the shop's mail goes, and who sends it.

use super::vars::Vars;
use super::{ConfigError, Secret, invalid};

/// `SMTP_URL`, an smtp:// or smtps:// URL.
pub(super) fn smtp_url(vars: &Vars) -> Result<Option<Secret>, ConfigError> {
    match vars.get("SMTP_URL") {
        None => Ok(None),
        Some(raw) if raw.trim().starts_with("smtp://") || raw.trim().starts_with("smtps://") => {
            Ok(Some(Secret::new(raw.trim())))
        }
        Some(_) => Err(invalid(
            "SMTP_URL",
            "must start with smtp:// or smtps:// (e.g. smtps://user:password@smtp.example.in)",
        )),
    }
}

/// `SHOP_MAIL_FROM`, a mailbox; `Casa <no-reply@casa.local>` unless set.
pub(super) fn from(vars: &Vars) -> Result<String, ConfigError> {
    let mail_from = vars
        .get("SHOP_MAIL_FROM")
        .map(|raw| raw.trim().to_owned())
        .unwrap_or_else(|| "Casa <no-reply@casa.local>".to_owned());
    if !mail_from.contains('@') {
        return Err(invalid(
            "SHOP_MAIL_FROM",
            format!("'{mail_from}' is not a mailbox such as 'Casa <no-reply@shop.example.in>'"),
        ));
    }
    Ok(mail_from)
}
