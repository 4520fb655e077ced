-- One row every API process rewrites every few seconds: a write that fails tells readiness the
-- database's storage is full or read-only before a shopper's write meets it.
CREATE TABLE heartbeats (
    id      INTEGER PRIMARY KEY NOT NULL,
    beat_at TIMESTAMP NOT NULL
);
INSERT INTO heartbeats (id, beat_at) VALUES (1, CURRENT_TIMESTAMP);
