//! The brand console's products (docs/http-api.md, "Console products"): a brand's products
//! as its team sees them, created, edited, restocked and archived.

pub mod input;
