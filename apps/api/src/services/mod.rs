//! The use cases of the shop, one module per family: each takes the application state and
//! typed inputs and returns its own error, which `error/` maps to HTTP once.

pub mod bag;
pub mod catalogue;
pub mod chat;
pub mod swipes;
pub mod trending;
