//! # access: who may do what, and how often
//!
//! The rules of signing in and of sessions, with no clock and no I/O (the caller passes `now`
//! and does the cryptography):
//!
//! - **Roles** ([`Role`]): 0 shopper, 1 brand user, 2 admin, from the user record's `is_admin`
//!   and `is_brand_user` flags (000 §6); -1 is what pages use for "logged out"
//!   ([`LOGGED_OUT_ROLE`]). [`may_act_for`] says whether a caller may read or change a user's
//!   records: only their own, unless they are an admin.
//! - **Sign-in codes** ([`code`]): 6 digits drawn uniformly from a random number
//!   ([`code::code_from_random`]), valid for 10 minutes, single use, burnt by the fifth wrong
//!   try ([`code::judge`]).
//! - **Rate limits** ([`limit`]): at least 30 seconds between two codes and at most 5 an hour
//!   for one e-mail, at most 20 an hour from one client address; at most 10 e-mail-change
//!   codes an hour from one account; at most 100 wrong codes an hour from one client address;
//!   at most 60 support-chat messages an hour from one account (120 from one client address
//!   signed out); at most 1,200 address searches in ten minutes from one client address
//!   ([`limit::check`]).
//! - **Clients** ([`client`]): the client of a request behind trusted proxies (the right-most
//!   hop they did not write themselves) and its bucket (an IPv6 client's /64).
//! - **Sessions** ([`session`]): 7 days long, renewed when used more than a day after issue,
//!   never past 30 days after the sign-in.
//! - **Consoles** ([`console`]): a brand user manages their own brand, an admin every brand
//!   (naming it where one is needed), a shopper none; another brand's record is answered as
//!   missing. An edit names the version it read ([`console::expected_version`]).
//! - **Identities** ([`identity`]): the random Indian mobile number a new user gets (000 §7).
//!
//! The server owns codes and identities: the code is never handed to a client (where the
//! requirements' client compared it itself, the server compares it here).
//!
//! ## What it must never import
//!
//! No I/O and no clock: no diesel, actix, reqwest, tokio, no randomness source (random numbers
//! come in as arguments) and no cryptography (the caller says whether a code matched).

pub mod client;
pub mod code;
pub mod console;
pub mod identity;
pub mod limit;
mod role;
pub mod session;

pub use role::{LOGGED_OUT_ROLE, Role, UnknownRole, may_act_for};
