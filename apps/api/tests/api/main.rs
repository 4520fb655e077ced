//! API tests: the real server over HTTP, on SQLite and on PostgreSQL. One binary, one link.

mod helpers;

mod addresses;
mod admin_audit;
mod admin_banners;
mod admin_brands;
mod admin_categories;
mod admin_users;
mod bag;
mod brands;
mod catalogue_changes;
mod categories;
mod chat;
mod checkout;
mod console_coupons;
mod console_images;
mod console_products;
mod contract;
mod edge;
mod errors;
mod faults;
mod frontend;
mod health;
mod media;
mod offers;
mod places;
mod places_google;
mod products;
mod retention;
mod search;
mod sessions;
mod sign_in;
mod startup;
mod static_images;
mod swipes;
mod users;
