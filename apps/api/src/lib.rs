//! The HTTP edge of the shop: configuration, routes, errors to HTTP, OpenAPI and the built
//! frontend, over the `store` and the pure domain crates. Handlers (`routes/`) stay thin:
//! extract, call one service (`services/`), answer; `error/` maps the services' typed errors to
//! HTTP.

pub mod admin;
pub mod auth;
pub mod catalogue;
pub mod config;
pub mod edge;
pub mod error;
pub mod history;
pub mod progress;
pub mod retention;
pub mod routes;
pub mod secret_file;
pub mod services;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod wire;
