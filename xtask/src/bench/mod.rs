//! `cargo xtask bench [catalogue | trending | feed | swipe | signed-in | places | checkout | admin | insights | web]`: the shop's
//! speed under load, one module per bench, each using only `common` (the options, the server
//! launcher, the load generator and the printed figures); no bench uses another.
//!
//! - `catalogue` (the default): the catalogue's calls next to static copies of their answers.
//! - `trending`, `feed`, `swipe`: the swipe side (`swipes`).
//! - `signed-in`: a signed-in shopper's account, bag and curated list (`signed_in`).
//! - `places`: the address wizard's autocomplete.
//! - `checkout`: the checkout under a race and under a crash.
//! - `admin`: the consoles: an edit's way to every process, image uploads, a CSV import.
//! - `insights`: the brand's summary and products over a million orders and ten million swipes.
//! - `web`: Lighthouse on the shop's first screens with a phone's throttling.

mod admin;
mod catalogue;
mod checkout;
pub mod common;
mod insights;
mod places;
mod signed_in;
mod swipes;
mod web;

use anyhow::Result;
use xshell::Shell;

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    match args.first().map(String::as_str) {
        Some("trending") => swipes::trending(sh, &args[1..]),
        Some("feed") => swipes::feed(sh, &args[1..]),
        Some("signed-in") => signed_in::run(sh, &args[1..]),
        Some("swipe") => swipes::swipe_trace(sh, &args[1..]),
        Some("catalogue") => catalogue::run(sh, &args[1..]),
        Some("places") => places::run(sh, &args[1..]),
        Some("checkout") => checkout::run(sh, &args[1..]),
        Some("admin") => admin::run(sh, &args[1..]),
        Some("insights") => insights::run(sh, &args[1..]),
        Some("web") => web::run(sh, &args[1..]),
        _ => catalogue::run(sh, args),
    }
}
