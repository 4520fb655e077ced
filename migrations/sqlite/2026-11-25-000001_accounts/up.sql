-- Users, their sign-in codes and the rate limits on asking for codes. Lists (addresses,
-- interests, fits) are JSON arrays in text: they are read and written whole with their user.
CREATE TABLE users (
    id                 TEXT PRIMARY KEY NOT NULL,
    -- Lower case; NULL once the account is deleted, so the address may sign up again.
    email              TEXT UNIQUE,
    display_name       TEXT NOT NULL,
    phone              TEXT UNIQUE,
    age                INTEGER NOT NULL,
    gender             TEXT NOT NULL,
    date_of_birth      TEXT,
    location           TEXT NOT NULL,
    delivery_addresses TEXT NOT NULL,
    interests          TEXT NOT NULL,
    ml_preferences     TEXT NOT NULL,
    age_range          TEXT NOT NULL,
    onboarded          BOOLEAN NOT NULL,
    is_admin           BOOLEAN NOT NULL,
    is_brand_user      BOOLEAN NOT NULL,
    brand_id           TEXT REFERENCES brands (id),
    -- Every session carries the version it was issued under; bumping it revokes them all.
    token_version      BIGINT NOT NULL,
    last_login         TIMESTAMP,
    created_at         TIMESTAMP NOT NULL,
    deleted_at         TIMESTAMP
);

-- The code last sent to an e-mail, as an HMAC only; one row per e-mail, replaced on resend.
CREATE TABLE sign_in_codes (
    email      TEXT PRIMARY KEY NOT NULL,
    code_hmac  TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    attempts   INTEGER NOT NULL,
    used       BOOLEAN NOT NULL
);

-- One fixed window per bucket ('code:email:<e-mail>', 'code:client:<address>').
CREATE TABLE rate_limits (
    bucket     TEXT PRIMARY KEY NOT NULL,
    started_at TIMESTAMP NOT NULL,
    count      INTEGER NOT NULL,
    last_at    TIMESTAMP NOT NULL
);
CREATE INDEX rate_limits_last_at ON rate_limits (last_at);
