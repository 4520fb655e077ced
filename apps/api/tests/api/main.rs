//! API tests: the real server over HTTP, on SQLite and on PostgreSQL. One binary, one link.

mod helpers;

mod brands;
mod catalogue_changes;
mod categories;
mod errors;
mod frontend;
mod health;
mod media;
mod products;
mod search;
mod startup;
mod static_images;
