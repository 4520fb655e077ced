//! Categories (filled below).
