//! Sign-in and users (000 §2.3, §4, §5, §7; 001 §5, §8): the server sends, stores (as an
//! HMAC) and checks sign-in codes, and every users call acts for the signed-in caller only.
//! The work is the accounts service's; these handlers read the request and answer.

mod email;
mod lookup;
mod profile;
mod sign_in;

use actix_web::HttpRequest;

pub use email::*;
pub use lookup::*;
pub use profile::*;
pub use sign_in::*;

pub use crate::services::accounts::wire::*;
use crate::state::AppState;

/// Whether the request came over HTTPS, which decides the session cookie's flags.
fn https(req: &HttpRequest, state: &AppState) -> bool {
    crate::edge::came_over_https(req, state.forwarding)
}

/// The key the client's limits count under.
fn client(req: &HttpRequest, state: &AppState) -> String {
    crate::edge::client_bucket(req, state.forwarding)
}
