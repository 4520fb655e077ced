-- A shopper's saved delivery addresses (the requirements' shipments). Exactly one is the
-- default while any is saved: this index allows at most one, and every write that moves or
-- removes the default leaves one (the store's transactions).
CREATE TABLE addresses (
    id            TEXT PRIMARY KEY NOT NULL,
    user_id       TEXT NOT NULL REFERENCES users (id),
    customer_name TEXT NOT NULL,
    phone         TEXT NOT NULL,
    email         TEXT NOT NULL,
    -- Flat number and wing or building, joined.
    address       TEXT NOT NULL,
    -- The street, or the searched address.
    address_2     TEXT NOT NULL,
    city          TEXT NOT NULL,
    pincode       TEXT NOT NULL,
    state         TEXT NOT NULL,
    country       TEXT NOT NULL,
    is_default    BOOLEAN NOT NULL,
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX addresses_user_created ON addresses (user_id, created_at);
CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default;
