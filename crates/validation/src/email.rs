//! E-mail addresses (000 §5, 001 §5, §9).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ValidationError;

/// An e-mail address that passed the sign-in rule (000 §5): no whitespace anywhere, exactly one
/// `@`, a non-empty part before it, and after it a domain of at least two dot-separated labels,
/// none empty, the last (the TLD) at least 2 characters long.
///
/// Within that rule, only addresses a mail system can deliver to are accepted (the rule of an
/// HTML e-mail field, RFC 5321's lengths): the part before the `@` is at most 64 letters, digits
/// and ``!#$%&'*+/=?^_`{|}~-`` in dot-separated runs (no leading, trailing or double dot); each
/// domain label is at most 63 letters, digits and inner hyphens; the whole is at most 254
/// characters. Letters and digits are ASCII (an international domain is typed in its `xn--`
/// form). Anything else would be refused by the mailer only after the code was made.
///
/// The address is kept exactly as typed (no trimming: a leading or trailing space makes it
/// invalid, as the sign-in rule says "no spaces"). [`Email::normalized`] gives the lower-case
/// form the user record stores (000 §7).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

impl Email {
    /// Parses an address; anything else is [`ValidationError::InvalidEmail`]
    /// ('Please enter a valid email address').
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        if is_email(raw) {
            Ok(Email(raw.to_owned()))
        } else {
            Err(ValidationError::InvalidEmail)
        }
    }

    /// The address as typed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part before the `@`: the default display name (000 §5, §7).
    pub fn local_part(&self) -> &str {
        self.0
            .split_once('@')
            .map_or(self.0.as_str(), |(local, _)| local)
    }

    /// The part after the `@`.
    pub fn domain(&self) -> &str {
        self.0.split_once('@').map_or("", |(_, domain)| domain)
    }

    /// The address in lower case, as the user record stores it (000 §7).
    pub fn normalized(&self) -> String {
        self.0.to_lowercase()
    }
}

/// The longest address (RFC 5321's 256-character path less its angle brackets) and local part.
pub const MAX_EMAIL_CHARS: usize = 254;
const MAX_LOCAL_CHARS: usize = 64;
const MAX_LABEL_CHARS: usize = 63;

fn is_email(raw: &str) -> bool {
    if raw.len() > MAX_EMAIL_CHARS {
        return false;
    }
    let Some((local, domain)) = raw.split_once('@') else {
        return false;
    };
    let labels: Vec<&str> = domain.split('.').collect();
    is_local_part(local)
        && labels.len() >= 2
        && labels.iter().all(|label| is_label(label))
        && labels.last().is_some_and(|tld| tld.len() >= 2)
}

/// A dot-atom (RFC 5322) of at most 64 characters.
fn is_local_part(local: &str) -> bool {
    const SPECIALS: &str = "!#$%&'*+/=?^_`{|}~-";
    local.len() <= MAX_LOCAL_CHARS
        && local.split('.').all(|run| {
            !run.is_empty()
                && run
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || SPECIALS.contains(c))
        })
}

/// A host name label: letters, digits and hyphens, not starting or ending with a hyphen.
fn is_label(label: &str) -> bool {
    !label.is_empty()
        && label.len() <= MAX_LABEL_CHARS
        && !label.starts_with('-')
        && !label.ends_with('-')
        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Email {
    type Err = ValidationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<String> for Email {
    type Error = ValidationError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Email> for String {
    fn from(email: Email) -> Self {
        email.0
    }
}

/// The only e-mail domain a delivery address accepts (001 §5, §9).
pub const GMAIL_DOMAIN: &str = "gmail.com";

/// An [`Email`] at `gmail.com` (the domain compared without regard to letter case): the contact
/// e-mail of a delivery address (001 §5). `googlemail.com` and sub-domains do not count.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GmailAddress(Email);

impl GmailAddress {
    /// Parses an address; anything else is [`ValidationError::InvalidGmail`]
    /// ('Must be a valid @gmail.com address').
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match Email::parse(raw) {
            Ok(email) if email.domain().eq_ignore_ascii_case(GMAIL_DOMAIN) => {
                Ok(GmailAddress(email))
            }
            _ => Err(ValidationError::InvalidGmail),
        }
    }

    /// The address as typed.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The address as an [`Email`].
    pub fn email(&self) -> &Email {
        &self.0
    }
}

impl fmt::Display for GmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl TryFrom<String> for GmailAddress {
    type Error = ValidationError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<GmailAddress> for String {
    fn from(address: GmailAddress) -> Self {
        address.0.0
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn accepts_addresses() {
        // (spec, input)
        let table = [
            ("000 §5", "a@b.co"),
            ("000 §5", "first.last+tag@mail.example.in"),
            ("000 §5", "User@Example.COM"),
            ("000 §5", "x_y-z@sub.domain.travel"),
            ("000 §5", "asha@gmail.com"),
            ("000 §5", "o'brien!#$%&*/=?^_`{|}~@x-y.example.in"),
            ("000 §5", "a@xn--80ak6aa92e.co"),
            ("RFC 5321", &format!("{}@b.co", "a".repeat(64))),
            ("RFC 5321", &format!("a@{}.co", "b".repeat(63))),
        ];
        for (spec, input) in table {
            assert_eq!(
                Email::parse(input).map(|e| e.to_string()),
                Ok(input.to_owned()),
                "{spec}"
            );
        }
    }

    #[test]
    fn rejects_non_addresses() {
        // (spec, input)
        let table = [
            ("000 §5", ""),
            ("000 §5", "a@b"),
            ("000 §5", "a@b.c"),
            ("000 §5", "a@b.cc.d"),
            ("000 §5", "a b@c.co"),
            ("000 §5", " a@b.co"),
            ("000 §5", "a@b.co "),
            ("000 §5", "a@b.co\t"),
            ("000 §5", "ab.co"),
            ("000 §5", "@b.co"),
            ("000 §5", "a@.co"),
            ("000 §5", "a@b..co"),
            ("000 §5", "a@b.co."),
            ("000 §5", "a@@b.co"),
            ("000 §5", "a@b@c.co"),
            // Addresses no mail system delivers to: the mailer would refuse them after the
            // code was made.
            ("RFC 5322", ".a@b.co"),
            ("RFC 5322", "a.@b.co"),
            ("RFC 5322", "a..b@b.co"),
            ("RFC 5322", "a\u{7}b@b.co"),
            ("RFC 5322", "a\u{0}@b.co"),
            ("RFC 5322", "a(b)@b.co"),
            ("RFC 5322", "a\"b@b.co"),
            ("RFC 5322", "a<b>@b.co"),
            ("RFC 5322", "a,b@b.co"),
            ("RFC 5322", "ü@b.co"),
            ("RFC 1035", "a@bü.co"),
            ("RFC 1035", "a@-b.co"),
            ("RFC 1035", "a@b-.co"),
            ("RFC 1035", "a@b_c.co"),
            ("RFC 1035", "a@[1.2.3.4]"),
            ("RFC 1035", "a@\u{1c}.0.co"),
            ("RFC 5321", &format!("{}@b.co", "a".repeat(65))),
            ("RFC 5321", &format!("a@{}.co", "b".repeat(64))),
            (
                "RFC 5321",
                &format!("a@{}.co", vec!["b".repeat(60); 5].join(".")),
            ),
        ];
        for (spec, input) in table {
            assert_eq!(
                Email::parse(input),
                Err(ValidationError::InvalidEmail),
                "{spec}: {input:?}"
            );
        }
    }

    #[test]
    fn parts_and_normal_form() {
        let email = Email::parse("Asha.Rao@Example.COM").unwrap();
        assert_eq!(email.local_part(), "Asha.Rao");
        assert_eq!(email.domain(), "Example.COM");
        assert_eq!(email.normalized(), "asha.rao@example.com");
        assert_eq!(email.as_str(), "Asha.Rao@Example.COM");
    }

    #[test]
    fn gmail_only_for_delivery_contacts() {
        // (spec, input, valid)
        let table = [
            ("001 §5", "asha@gmail.com", true),
            ("001 §5", "Asha.Rao@GMail.COM", true),
            ("001 §5", "asha@googlemail.com", false),
            ("001 §5", "asha@gmail.co", false),
            ("001 §5", "asha@mail.gmail.com", false),
            ("001 §5", "asha@gmail", false),
            ("001 §5", "@gmail.com", false),
            ("001 §5", "as ha@gmail.com", false),
            ("001 §5", "", false),
        ];
        for (spec, input, valid) in table {
            let expected = if valid {
                Ok(input.to_owned())
            } else {
                Err(ValidationError::InvalidGmail)
            };
            assert_eq!(
                GmailAddress::parse(input).map(|g| g.to_string()),
                expected,
                "{spec}: {input:?}"
            );
        }
    }

    #[test]
    fn serde_parses_on_the_way_in() {
        let email: Email = serde_json::from_str("\"a@b.co\"").unwrap();
        assert_eq!(email.as_str(), "a@b.co");
        assert!(serde_json::from_str::<Email>("\"a@b\"").is_err());
        assert!(serde_json::from_str::<GmailAddress>("\"a@b.co\"").is_err());
        let gmail = GmailAddress::parse("a@gmail.com").unwrap();
        assert_eq!(serde_json::to_string(&gmail).unwrap(), "\"a@gmail.com\"");
        assert_eq!(String::from(gmail), "a@gmail.com");
    }
}
