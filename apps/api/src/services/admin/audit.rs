//! The audit trail (filled below).
