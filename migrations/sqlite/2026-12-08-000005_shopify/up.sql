-- Shopify import (docs/http-api.md, "Shopify import").

-- A preview of a Shopify CSV: the parsed products (JSON) kept for an hour by a random token,
-- the brand's, so any API process can commit it.
CREATE TABLE shopify_previews (
    token      TEXT PRIMARY KEY NOT NULL,
    brand_id   TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    body       TEXT NOT NULL
);
CREATE INDEX shopify_previews_expiry ON shopify_previews (expires_at);

-- Which product a Shopify handle imported into, per brand: a later import of the same handle
-- updates that product instead of creating another.
CREATE TABLE product_handles (
    brand_id   TEXT NOT NULL,
    handle     TEXT NOT NULL,
    product_id TEXT NOT NULL,
    PRIMARY KEY (brand_id, handle)
);
CREATE INDEX product_handles_product ON product_handles (product_id);
