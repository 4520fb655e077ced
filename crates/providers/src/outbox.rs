//! Mail written to a folder instead of sent: the default when no SMTP server is configured.

use std::fmt;
use std::path::{Path, PathBuf};

use lettre::message::Mailbox;
use lettre::{AsyncFileTransport, AsyncTransport, Tokio1Executor};

use crate::BoxFuture;
use crate::mail::{MailError, Mailer, OutgoingMail, compose, parse_sender};

/// Writes each mail as one `<uuid>.eml` file (the raw message, as a server would receive it)
/// into a folder, created if missing. Whoever runs the shop locally opens the file, or reads
/// the code the API logs next to it.
pub struct OutboxMailer {
    transport: AsyncFileTransport<Tokio1Executor>,
    dir: PathBuf,
    from: Mailbox,
}

impl OutboxMailer {
    /// The outbox in `dir` (the API uses `<data dir>/outbox`), sending as `from`.
    pub fn new(dir: PathBuf, from: &str) -> Result<Self, MailError> {
        let from = parse_sender(from)?;
        std::fs::create_dir_all(&dir).map_err(|e| MailError::Outbox {
            dir: dir.clone(),
            reason: e.to_string(),
            io: Some(e.kind()),
        })?;
        Ok(Self {
            transport: AsyncFileTransport::new(&dir),
            dir,
            from,
        })
    }

    /// The folder the mails go to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl fmt::Debug for OutboxMailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OutboxMailer")
            .field("dir", &self.dir)
            .field("from", &self.from.to_string())
            .finish_non_exhaustive()
    }
}

/// The I/O error behind lettre's file error, found down its chain of sources.
fn io_kind(e: &(dyn std::error::Error + 'static)) -> Option<std::io::ErrorKind> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(error) = cause {
        if let Some(io) = error.downcast_ref::<std::io::Error>() {
            return Some(io.kind());
        }
        cause = error.source();
    }
    None
}

impl Mailer for OutboxMailer {
    fn send<'a>(&'a self, mail: &'a OutgoingMail) -> BoxFuture<'a, Result<(), MailError>> {
        Box::pin(async move {
            let message = compose(&self.from, mail)?;
            self.transport
                .send(message)
                .await
                .map(|_id| ())
                .map_err(|e| MailError::Outbox {
                    dir: self.dir.clone(),
                    reason: e.to_string(),
                    io: io_kind(&e),
                })
        })
    }

    fn describe(&self) -> String {
        format!("outbox {}", self.dir.display())
    }
}
