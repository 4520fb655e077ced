//! Which query errors are the database's environment failing rather than a bug: storage that
//! refuses writes (a full or read-only disk, an I/O error) and a server that is gone, frozen or
//! out of time. Diesel hands both backends' errors over as a kind plus the server's message;
//! neither SQLite's result code nor PostgreSQL's SQLSTATE survives for most of them, so the
//! messages, which both servers fix in English unless `lc_messages` is changed, are matched.

use diesel::result::{DatabaseErrorKind, Error};

/// What a query error says about the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// The disk is full, read-only or failing: writes cannot succeed until an operator acts.
    Storage,
    /// The server is unreachable, frozen or shutting down, or a statement ran out of time.
    Unavailable,
    /// Anything else: a refused constraint, a missing row, a bug.
    None,
}

/// SQLite's messages for `SQLITE_FULL`, `SQLITE_READONLY` (and its extended codes), `SQLITE_IOERR`
/// and `SQLITE_CANTOPEN`; PostgreSQL's for `disk_full` (53100), `io_error` (58030) and the
/// operating system's own words in "could not write/extend file" errors.
const STORAGE: [&str; 8] = [
    "database or disk is full",
    "attempt to write a readonly database",
    "disk i/o error",
    "unable to open database file",
    "no space left on device",
    "read-only file system",
    "input/output error",
    "disk quota exceeded",
];

/// SQLite's `SQLITE_BUSY`/`SQLITE_LOCKED` after `busy_timeout`; PostgreSQL's `query_canceled`
/// (57014, `statement_timeout`), `admin_shutdown`/`crash_shutdown`/`cannot_connect_now`
/// (57P01-57P03) and libpq's words for a connection that broke under a statement.
const UNAVAILABLE: [&str; 12] = [
    "database is locked",
    "database table is locked",
    "canceling statement due to statement timeout",
    "canceling statement due to lock timeout",
    "terminating connection",
    "the database system is",
    "server closed the connection",
    "no connection to the server",
    "could not receive data from server",
    "could not send data to server",
    "connection to server",
    "ssl syscall error",
];

pub(crate) fn classify(e: &Error) -> Fault {
    match e {
        Error::DatabaseError(kind, info) => {
            if matches!(kind, DatabaseErrorKind::ReadOnlyTransaction) {
                // PostgreSQL's 25006: a standby, or `default_transaction_read_only` set by an
                // operator because the disk is filling up.
                return Fault::Storage;
            }
            if matches!(
                kind,
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand
            ) {
                return Fault::Unavailable;
            }
            of_message(info.message())
        }
        Error::RollbackErrorOnCommit { commit_error, .. } => classify(commit_error),
        Error::BrokenTransactionManager => Fault::Unavailable,
        _ => Fault::None,
    }
}

fn of_message(message: &str) -> Fault {
    let message = message.to_ascii_lowercase();
    if STORAGE.iter().any(|m| message.contains(m)) {
        Fault::Storage
    } else if UNAVAILABLE.iter().any(|m| message.contains(m)) {
        Fault::Unavailable
    } else {
        Fault::None
    }
}

/// Whether an I/O error of this kind is the disk refusing writes (full, read-only, over
/// quota): the data directory's probe and the mail outbox ask here.
pub fn is_storage_failure(kind: std::io::ErrorKind) -> bool {
    use std::io::ErrorKind;
    matches!(
        kind,
        ErrorKind::StorageFull
            | ErrorKind::ReadOnlyFilesystem
            | ErrorKind::QuotaExceeded
            | ErrorKind::FileTooLarge
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Info(&'static str);

    impl diesel::result::DatabaseErrorInformation for Info {
        fn message(&self) -> &str {
            self.0
        }
        fn details(&self) -> Option<&str> {
            None
        }
        fn hint(&self) -> Option<&str> {
            None
        }
        fn table_name(&self) -> Option<&str> {
            None
        }
        fn column_name(&self) -> Option<&str> {
            None
        }
        fn constraint_name(&self) -> Option<&str> {
            None
        }
        fn statement_position(&self) -> Option<i32> {
            None
        }
    }

    fn error(kind: DatabaseErrorKind, message: &'static str) -> Error {
        Error::DatabaseError(kind, Box::new(Info(message)))
    }

    #[test]
    fn each_message_gets_its_fault() {
        let cases = [
            (
                DatabaseErrorKind::Unknown,
                "database or disk is full",
                Fault::Storage,
            ),
            (
                DatabaseErrorKind::Unknown,
                "attempt to write a readonly database",
                Fault::Storage,
            ),
            (DatabaseErrorKind::Unknown, "disk I/O error", Fault::Storage),
            (
                DatabaseErrorKind::Unknown,
                "could not extend file \"base/16384/2619\": No space left on device",
                Fault::Storage,
            ),
            (
                DatabaseErrorKind::ReadOnlyTransaction,
                "cannot execute UPDATE in a read-only transaction",
                Fault::Storage,
            ),
            (
                DatabaseErrorKind::Unknown,
                "database is locked",
                Fault::Unavailable,
            ),
            (
                DatabaseErrorKind::Unknown,
                "canceling statement due to statement timeout",
                Fault::Unavailable,
            ),
            (
                DatabaseErrorKind::Unknown,
                "server closed the connection unexpectedly",
                Fault::Unavailable,
            ),
            (DatabaseErrorKind::ClosedConnection, "", Fault::Unavailable),
            (
                DatabaseErrorKind::UniqueViolation,
                "UNIQUE constraint failed: users.email",
                Fault::None,
            ),
            (
                DatabaseErrorKind::Unknown,
                "no such table: users",
                Fault::None,
            ),
        ];
        for (kind, message, fault) in cases {
            assert_eq!(classify(&error(kind, message)), fault, "{message}");
        }
        assert_eq!(classify(&Error::NotFound), Fault::None);
    }

    #[test]
    fn full_and_read_only_disks_are_storage_failures() {
        use std::io::{Error as Io, ErrorKind};
        assert!(is_storage_failure(Io::from_raw_os_error(28).kind()));
        assert!(is_storage_failure(Io::from_raw_os_error(30).kind()));
        assert!(!is_storage_failure(ErrorKind::NotFound));
        assert!(!is_storage_failure(ErrorKind::PermissionDenied));
    }
}
