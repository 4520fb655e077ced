//! API tests: the real server over HTTP, on SQLite and on PostgreSQL. One binary, one link.

mod helpers;

mod errors;
mod frontend;
mod health;
mod media;
mod products;
mod startup;
