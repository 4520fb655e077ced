//! Who is calling: sessions (signed tokens in an HttpOnly cookie or a Bearer header), the
//! extractors handlers ask for the caller with, and the guards every request passes
//! (cross-site refusal, session renewal).
//!
//! The decisions (docs/architecture.md, "Security"):
//! - The server owns sign-in codes: drawn here from the operating system's CSPRNG, stored only
//!   as an HMAC keyed by a server secret, compared in constant time.
//! - A session is an HS256 token of `{sub, role, ver, iat, exp}`. `ver` is the user's token
//!   version: bumping it (logout, account deletion) revokes every session at once, so each
//!   signed-in call reads the user (one primary-key lookup) and compares. The role is read
//!   from that same row, so a role granted or withdrawn applies at the next call.
//! - Browsers carry the token in an HttpOnly, SameSite=Lax cookie that page scripts cannot
//!   read; other clients send it as a Bearer header. Unsafe methods carrying the cookie must
//!   show they come from the shop's own pages ([`guard`]).

mod caller;
pub mod codes;
pub mod guard;
mod keys;

pub use caller::{Caller, MaybeCaller};
pub use keys::{Claims, Sessions};

/// The cookie that carries a browser's session.
pub const SESSION_COOKIE: &str = "shop_session";
/// The answer header that carries a renewed session to a Bearer client.
pub const RENEWED_TOKEN_HEADER: &str = "x-session-token";

/// Drops the renewal the session check planned for this request: the answer replaces the
/// session with a token of a new version, and a renewal of the old one would undo that.
pub fn forget_renewal(req: &actix_web::HttpRequest) {
    use actix_web::HttpMessage;
    req.extensions_mut().remove::<caller::Renewal>();
}
