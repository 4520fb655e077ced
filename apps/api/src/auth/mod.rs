//! Who is calling: sessions (signed tokens in an HttpOnly cookie or a Bearer header), the
//! extractors handlers ask for the caller with, and the guards every request passes
//! (cross-site refusal, session renewal).
//!
//! The decisions (docs/architecture.md, "Security"):
//! - The server owns sign-in codes: drawn here from the operating system's CSPRNG, stored only
//!   as an HMAC keyed by a server secret, compared in constant time.
//! - A session is an HS256 token of `{sub, role, ver, iat, exp}`. `ver` is the user's token
//!   version: bumping it (logout, account deletion) revokes every session at once, so each
//!   signed-in call compares it with the user's row. The role is read from that same row. The
//!   row comes from the process's [`cache`], which every process empties of a user within a
//!   second of any write to their row (the sessions' change feed), or from the database when
//!   the feed cannot be read.
//! - Browsers carry the token in an HttpOnly, SameSite=Lax cookie that page scripts cannot
//!   read; other clients send it as a Bearer header. Unsafe methods carrying the cookie must
//!   show they come from the shop's own pages ([`guard`]).

pub mod cache;
mod caller;
pub mod codes;
pub mod guard;
mod keys;

pub use caller::{Caller, MaybeCaller, presented_token};
pub use keys::{Claims, Sessions};

/// The cookie that carries a browser's session.
pub const SESSION_COOKIE: &str = "shop_session";
/// The answer header that carries a renewed session to a Bearer client.
pub const RENEWED_TOKEN_HEADER: &str = "x-session-token";

/// A failure of the server's own keys or random source: a bug or a broken host, answered 500
/// with its cause in the log only.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("signing a session: {0}")]
    Signing(String),
    #[error("the system random source failed")]
    Random,
}

/// Why a request is not let through as the caller it claims to be, or a mailed code refused.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// No session, or one that is tampered with, expired or revoked.
    #[error("Please sign in to continue.")]
    Unauthenticated,
    /// The caller's role does not allow this.
    #[error("You do not have permission to do this.")]
    Forbidden,
    /// A user-scoped record that is not the caller's, whether or not it exists.
    #[error("You can only see and change your own account.")]
    NotYours,
    /// An unsafe request from another site ([`guard`]).
    #[error("This request came from another site and was refused.")]
    CrossSite,
    /// The one answer of every failed try at a mailed code ([`codes`]).
    #[error("{}", validation::ValidationError::InvalidOtp)]
    InvalidCode,
    /// A new code was asked for too soon; `seconds` to wait.
    #[error("Please wait {} before asking for a new code.", codes::seconds_text(*seconds))]
    CodeAskedTooOften { seconds: i64 },
    /// Too many codes that were not right from one client; `seconds` to wait.
    #[error("Too many wrong codes. Please wait {} and try again.", codes::seconds_text(*seconds))]
    TooManyWrongCodes { seconds: i64 },
    /// The code could not be mailed; nothing was stored.
    #[error("Failed to generate OTP")]
    MailFailed(providers::MailError),
    /// The application was assembled without its state (a bug).
    #[error("the application state is missing")]
    StateMissing,
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

/// Drops the renewal the session check planned for this request: the answer replaces the
/// session with a token of a new version, and a renewal of the old one would undo that.
pub fn forget_renewal(req: &actix_web::HttpRequest) {
    use actix_web::HttpMessage;
    req.extensions_mut().remove::<caller::Renewal>();
}
