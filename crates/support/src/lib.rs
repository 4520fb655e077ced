//! The support assistant (filled in by the support issue work).
