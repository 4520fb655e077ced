//! Users and roles (filled below).
