//! E-mail: the [`Mailer`] port, the one mail the shop sends, and what goes wrong.

use std::fmt;
use std::path::PathBuf;

use lettre::Message;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;

use crate::BoxFuture;

/// Sends the shop's e-mail. Adapters: [`crate::SmtpMailer`] (a real server) and
/// [`crate::OutboxMailer`] (files in a folder, for running the shop locally).
pub trait Mailer: Send + Sync + fmt::Debug {
    /// Hands the mail over for delivery; `Ok` once the server (or the folder) has it.
    fn send<'a>(&'a self, mail: &'a OutgoingMail) -> BoxFuture<'a, Result<(), MailError>>;

    /// Where mail goes, for logs and the start-up banner; never contains credentials.
    fn describe(&self) -> String;
}

/// One plain-text mail to one recipient.
///
/// `Debug` leaves the body out: it may hold a sign-in code, and mails end up in logs.
#[derive(Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    /// An address the caller has already validated (001 §5), such as `asha@example.in`.
    pub to: String,
    pub subject: String,
    pub text_body: String,
}

impl fmt::Debug for OutgoingMail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OutgoingMail")
            .field("to", &self.to)
            .field("subject", &self.subject)
            .field(
                "text_body",
                &format_args!("<{} bytes>", self.text_body.len()),
            )
            .finish()
    }
}

/// The sign-in code mail (000 §2.3, §7): the 6-digit code, how long it is valid, and what to
/// do with a code nobody asked for.
pub fn sign_in_code_mail(to: &str, code: &str) -> OutgoingMail {
    let minutes = access::code::CODE_LIFETIME.num_minutes();
    OutgoingMail {
        to: to.to_owned(),
        subject: "Your sign-in code".to_owned(),
        text_body: format!(
            "Your sign-in code is {code}.\n\
             \n\
             It is valid for {minutes} minutes. Never share it with anyone.\n\
             \n\
             If you did not ask for this code, you can ignore this e-mail.\n"
        ),
    }
}

/// The code that proves a new e-mail address before it replaces an account's old one: the same
/// 6 digits and lifetime as a sign-in code, and what to do when nobody asked.
pub fn email_change_code_mail(to: &str, code: &str) -> OutgoingMail {
    let minutes = access::code::CODE_LIFETIME.num_minutes();
    OutgoingMail {
        to: to.to_owned(),
        subject: "Confirm your new e-mail address".to_owned(),
        text_body: format!(
            "Your code to make this the e-mail address of your shop account is {code}.\n\
             \n\
             It is valid for {minutes} minutes. Never share it with anyone.\n\
             \n\
             If you did not ask for this, you can ignore this e-mail: nothing changes until the \
             code is typed in.\n"
        ),
    }
}

/// What an address that already has an account receives instead of a code when another
/// account asks to move to it: the asker's answer looks the same either way, so nobody learns
/// from it which addresses have accounts, and this address can never be taken over.
pub fn email_change_refused_mail(to: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: "Your e-mail address was not changed".to_owned(),
        text_body: "Someone asked to use this e-mail address for another shop account. This \
                    address already belongs to an account, so nothing was changed and no code \
                    was sent.\n\
                    \n\
                    If it was you, sign in with this address instead. Otherwise you can ignore \
                    this e-mail.\n"
            .to_owned(),
    }
}

/// Tells the old address of an account that its e-mail was changed, so a change the owner did
/// not make does not go unnoticed.
pub fn email_changed_mail(to: &str, new_email: &str) -> OutgoingMail {
    OutgoingMail {
        to: to.to_owned(),
        subject: "Your e-mail address was changed".to_owned(),
        text_body: format!(
            "The e-mail address of your shop account is now {new_email}, and every device was \
             signed out.\n\
             \n\
             If you did not make this change, write to the shop's support at once.\n"
        ),
    }
}

/// Why a mail was not sent. The messages say what to check; they never carry the mail's body
/// (a sign-in code) or the SMTP password.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The SMTP URL cannot be used.
    #[error(
        "the SMTP URL is not usable: {0}. Expected smtps://user:password@host[:465], \
         smtp://user:password@host[:587]?tls=required, or smtp://host[:25] for a relay \
         without TLS (percent-encode special characters in the user and password)"
    )]
    BadUrl(String),
    /// The sender is not a mailbox.
    #[error(
        "the sender {sender:?} is not a mailbox such as 'Shop <no-reply@shop.example.in>': {reason}"
    )]
    BadSender { sender: String, reason: String },
    /// The recipient is not a mailbox (the address is left out of the message).
    #[error("the recipient is not a valid mailbox: {0}")]
    BadRecipient(String),
    /// The mail could not be put together.
    #[error("the mail could not be composed: {0}")]
    Compose(String),
    /// The server took longer than the adapter's time limit.
    #[error(
        "the SMTP server {server} did not finish within {seconds} s: check that it is running, \
         reachable from here, and that the port and TLS mode match the server"
    )]
    Timeout { server: String, seconds: u64 },
    /// The server refused the connection, the login or the mail.
    #[error("sending through the SMTP server {server} failed: {reason}")]
    Smtp { server: String, reason: String },
    /// The outbox folder cannot be created or written; `io` is the operating system's kind of
    /// failure, when it was one (a full or read-only disk, say).
    #[error("the mail outbox {} cannot be written: {reason}", dir.display())]
    Outbox {
        dir: PathBuf,
        reason: String,
        io: Option<std::io::ErrorKind>,
    },
}

impl MailError {
    /// The kind of the file-system failure behind an outbox error, if one was.
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match self {
            Self::Outbox { io, .. } => *io,
            _ => None,
        }
    }
}

/// Reads the configured sender once, at start-up.
pub(crate) fn parse_sender(from: &str) -> Result<Mailbox, MailError> {
    from.trim()
        .parse()
        .map_err(|e: lettre::address::AddressError| MailError::BadSender {
            sender: from.to_owned(),
            reason: e.to_string(),
        })
}

/// The message as it goes on the wire: plain UTF-8 text; lettre picks the transfer encoding.
pub(crate) fn compose(from: &Mailbox, mail: &OutgoingMail) -> Result<Message, MailError> {
    let to: Mailbox = mail
        .to
        .trim()
        .parse()
        .map_err(|e: lettre::address::AddressError| MailError::BadRecipient(e.to_string()))?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.as_str())
        // A Message-ID on the sender's host: mail without one looks like spam to receivers.
        .message_id(None)
        .header(ContentType::TEXT_PLAIN)
        .body(mail.text_body.clone())
        .map_err(|e| MailError::Compose(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_mail() {
        let mail = sign_in_code_mail("asha@example.in", "493817");
        assert_eq!(mail.to, "asha@example.in");
        assert_eq!(mail.subject, "Your sign-in code");
        assert!(mail.text_body.contains("Your sign-in code is 493817."));
        assert!(mail.text_body.contains("valid for 10 minutes"));
        assert!(mail.text_body.contains("If you did not ask for this code"));
        assert!(
            !format!("{mail:?}").contains("493817"),
            "Debug hides the code"
        );
    }

    #[test]
    fn the_email_change_mails() {
        let mail = email_change_code_mail("new@example.in", "493817");
        assert_eq!(mail.to, "new@example.in");
        assert!(mail.text_body.contains("is 493817."));
        assert!(mail.text_body.contains("valid for 10 minutes"));
        let refused = email_change_refused_mail("taken@example.in");
        assert_eq!(refused.to, "taken@example.in");
        assert!(
            !refused.text_body.bytes().any(|b| b.is_ascii_digit()),
            "no code goes to an address that has an account"
        );
        let changed = email_changed_mail("old@example.in", "new@example.in");
        assert_eq!(changed.to, "old@example.in");
        assert!(changed.text_body.contains("now new@example.in"));
    }

    #[test]
    fn senders_and_recipients() {
        assert!(parse_sender("Shop <no-reply@shop.example.in>").is_ok());
        assert!(parse_sender(" no-reply@shop.example.in ").is_ok());
        let error = parse_sender("no-reply").map(|_| ()).expect_err("rejected");
        assert!(
            error.to_string().contains("\"no-reply\" is not a mailbox"),
            "{error}"
        );

        let from = parse_sender("no-reply@shop.example.in").expect("valid sender");
        let bad = OutgoingMail {
            to: "asha@".to_owned(),
            ..sign_in_code_mail("x", "493817")
        };
        let error = compose(&from, &bad).map(|_| ()).expect_err("rejected");
        assert!(matches!(error, MailError::BadRecipient(_)), "{error:?}");
        assert!(!error.to_string().contains("493817"));
        assert!(compose(&from, &sign_in_code_mail("asha@example.in", "493817")).is_ok());
    }

    proptest::proptest! {
        /// Every address the shop's e-mail rule accepts is one the mailer takes: the sign-in
        /// call checks the rule before it makes a code, so a refusal here would be a 503 for
        /// bad input. Arbitrary text (most of it refused by the rule) and address-shaped text
        /// with every character class the rule weighs.
        #[test]
        fn the_mailer_takes_every_address_the_rule_accepts(
            raw in proptest::prop_oneof![
                proptest::arbitrary::any::<String>(),
                "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.()<>,;:\\\"\\[\\] \\x00-\\x1f\\x7f\u{80}-\u{10ffff}-]{1,70}@[a-zA-Z0-9.\\x00-\\x1f_\u{80}-\u{2ff}-]{1,70}"
            ]
        ) {
            let from = parse_sender("no-reply@shop.example.in").expect("valid sender");
            if let Ok(email) = validation::Email::parse(&raw) {
                let mail = sign_in_code_mail(email.as_str(), "493817");
                proptest::prop_assert!(compose(&from, &mail).is_ok(), "{raw:?}");
            }
        }
    }
}
