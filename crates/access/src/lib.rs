//! Access rules.
