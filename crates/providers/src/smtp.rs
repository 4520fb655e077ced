//! Mail through an SMTP server, with lettre.

use std::fmt;
use std::sync::OnceLock;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::transport::smtp::AsyncSmtpTransportBuilder;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use url::Url;

use crate::BoxFuture;
use crate::mail::{MailError, Mailer, OutgoingMail, compose, parse_sender};

/// How long one mail may take, connecting included, before the send fails: a dead server
/// must not hold a sign-in request for minutes.
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// Sends mail through the SMTP server of a URL (lettre's connection URL):
///
/// | URL | connection | default port |
/// |---|---|---|
/// | `smtps://user:password@host[:port]` | TLS from the first byte (recommended) | 465 |
/// | `smtp://user:password@host[:port]?tls=required` | STARTTLS, refusing a server without it | 587 |
/// | `smtp://user:password@host[:port]?tls=opportunistic` | STARTTLS when offered (open to a man in the middle) | 587 |
/// | `smtp://[user:password@]host[:port]` | no TLS at all: only for a relay on the same machine or network | 25 |
///
/// The user and password are optional and must be percent-encoded (`p%40ss` for `p@ss`). A
/// path names the EHLO host (`smtps://host/shop.example.in`). Certificates are checked against
/// the Mozilla roots compiled into lettre (`webpki-roots`), with rustls on `ring`.
///
/// Each send, connecting included, is limited to [`SMTP_TIMEOUT`] (10 s). Connections are
/// pooled and checked with NOOP before reuse. The pool starts with the first send, so the
/// adapter can be built outside a Tokio runtime, but sending and dropping a mailer that has
/// sent need one.
pub struct SmtpMailer {
    builder: AsyncSmtpTransportBuilder,
    transport: OnceLock<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    server: String,
    timeout: Duration,
}

impl SmtpMailer {
    /// The mailer of an SMTP URL (see the type's table), sending as `from`
    /// (`Shop <no-reply@shop.example.in>`), with the 10 s time limit.
    pub fn from_url(url: &str, from: &str) -> Result<Self, MailError> {
        Self::from_url_with_timeout(url, from, SMTP_TIMEOUT)
    }

    /// As [`SmtpMailer::from_url`], with another time limit per mail.
    pub fn from_url_with_timeout(
        url: &str,
        from: &str,
        timeout: Duration,
    ) -> Result<Self, MailError> {
        let server = server_of(url)?;
        let from = parse_sender(from)?;
        let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.trim())
            .map_err(|e| MailError::BadUrl(e.to_string()))?
            .timeout(Some(timeout));
        Ok(Self {
            builder,
            transport: OnceLock::new(),
            from,
            server,
            timeout,
        })
    }
}

/// "smtp.example.in:465 (TLS)": the server of an SMTP URL without its credentials, after
/// checking the parts lettre would reject with a less helpful message.
fn server_of(raw: &str) -> Result<String, MailError> {
    let url = Url::parse(raw.trim()).map_err(|e| MailError::BadUrl(e.to_string()))?;
    let tls = url
        .query_pairs()
        .find(|(key, _)| key == "tls")
        .map(|(_, value)| value.into_owned());
    let (security, default_port) = match (url.scheme(), tls.as_deref()) {
        ("smtps", None) => ("TLS", 465),
        ("smtp", Some("required")) => ("STARTTLS required", 587),
        ("smtp", Some("opportunistic")) => ("STARTTLS if offered", 587),
        ("smtp", None) => ("no TLS", 25),
        ("smtp" | "smtps", Some(other)) => {
            return Err(MailError::BadUrl(format!(
                "tls={other} is not one of tls=required or tls=opportunistic (smtps:// needs none)"
            )));
        }
        (scheme, _) => {
            return Err(MailError::BadUrl(format!(
                "the scheme is {scheme}:// instead of smtp:// or smtps://"
            )));
        }
    };
    let host = url
        .host_str()
        .filter(|host| !host.is_empty())
        .ok_or_else(|| MailError::BadUrl("it names no host".to_owned()))?;
    let port = url.port().unwrap_or(default_port);
    Ok(format!("{host}:{port} ({security})"))
}

impl fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Not the transport: its configuration holds the password.
        f.debug_struct("SmtpMailer")
            .field("server", &self.server)
            .field("from", &self.from.to_string())
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl Mailer for SmtpMailer {
    fn send<'a>(&'a self, mail: &'a OutgoingMail) -> BoxFuture<'a, Result<(), MailError>> {
        Box::pin(async move {
            let message = compose(&self.from, mail)?;
            let transport = self.transport.get_or_init(|| self.builder.clone().build());
            // lettre's own timeout covers connecting only; this one covers the whole exchange
            // with a server that accepts and then stalls.
            match tokio::time::timeout(self.timeout, transport.send(message)).await {
                Ok(Ok(_response)) => Ok(()),
                Ok(Err(e)) => Err(MailError::Smtp {
                    server: self.server.clone(),
                    reason: e.to_string(),
                }),
                Err(_elapsed) => Err(MailError::Timeout {
                    server: self.server.clone(),
                    seconds: self.timeout.as_secs().max(1),
                }),
            }
        })
    }

    fn describe(&self) -> String {
        format!("SMTP {}", self.server)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted_urls() {
        let cases = [
            (
                "smtps://shop:p%40ss@smtp.example.in",
                "smtp.example.in:465 (TLS)",
            ),
            (
                "smtps://smtp.example.in:2465/shop.example.in",
                "smtp.example.in:2465 (TLS)",
            ),
            (
                "smtp://shop:pass@smtp.example.in?tls=required",
                "smtp.example.in:587 (STARTTLS required)",
            ),
            (
                "smtp://smtp.example.in:2587?tls=opportunistic",
                "smtp.example.in:2587 (STARTTLS if offered)",
            ),
            ("smtp://127.0.0.1:2525", "127.0.0.1:2525 (no TLS)"),
            (" smtp://localhost ", "localhost:25 (no TLS)"),
        ];
        for (url, server) in cases {
            let mailer = SmtpMailer::from_url(url, "Shop <no-reply@shop.example.in>")
                .unwrap_or_else(|e| panic!("{url}: {e}"));
            assert_eq!(mailer.describe(), format!("SMTP {server}"), "{url}");
            let debug = format!("{mailer:?}");
            assert!(!debug.contains("pass"), "{debug}");
        }
    }

    #[test]
    fn rejected_urls_say_why_without_the_password() {
        let cases = [
            ("mail.example.in:25", "scheme is mail.example.in://"),
            ("smtp.example.in", "relative URL without a base"),
            ("https://smtp.example.in", "scheme is https://"),
            ("smtp://smtp.example.in?tls=yes", "tls=yes is not one of"),
            ("smtps://shop:s3cret@/", "s3cret"),
            ("", "relative URL without a base"),
        ];
        for (url, why) in cases {
            let error = SmtpMailer::from_url(url, "no-reply@shop.example.in")
                .map(|_| ())
                .expect_err(url);
            let message = error.to_string();
            assert!(matches!(error, MailError::BadUrl(_)), "{url}: {error:?}");
            assert!(!message.contains("s3cret"), "{url}: {message}");
            if why != "s3cret" {
                assert!(message.contains(why), "{url}: {message}");
            }
        }
    }

    #[test]
    fn a_bad_sender_is_refused_at_start_up() {
        let error = SmtpMailer::from_url("smtp://localhost", "shop")
            .map(|_| ())
            .expect_err("not a mailbox");
        assert!(matches!(error, MailError::BadSender { .. }), "{error:?}");
    }
}
