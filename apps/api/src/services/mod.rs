//! The use cases of the shop, one module per family: each takes the application state and
//! parsed, typed inputs, and returns its own error, which `error/` maps to HTTP once.

pub mod accounts;
pub mod addresses;
pub mod admin;
pub mod applications;
pub mod bag;
pub mod banners;
pub mod catalogue;
pub mod chat;
pub mod checkout;
pub mod console;
pub mod events;
pub mod input;
pub mod lookup;
pub mod media;
pub mod orders;
pub mod swipes;
pub mod trending;
