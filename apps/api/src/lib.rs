//! The HTTP edge of the shop: configuration, routes, errors to HTTP, OpenAPI and the built
//! frontend, over the `store` and the pure domain crates. Handlers stay thin: extract, call the
//! store or a domain crate, map to the wire shape.

pub mod admin;
pub mod auth;
pub mod catalogue;
pub mod config;
pub mod edge;
pub mod error;
pub mod feed;
pub mod history;
pub mod ledger;
pub mod retention;
pub mod routes;
pub mod services;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod trending_cache;
pub mod wire;
