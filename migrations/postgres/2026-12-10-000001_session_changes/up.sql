-- The sessions' change feed. Every write to a user's row (sign-out everywhere, deletion, a role
-- change, an e-mail change, a profile save) adds a row here in the same transaction; API
-- processes poll it to drop that user from their in-memory session cache.
CREATE TABLE session_changes (
    seq        BIGSERIAL PRIMARY KEY,
    user_id    TEXT NOT NULL,
    changed_at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')
);
CREATE INDEX session_changes_changed_at ON session_changes (changed_at);
