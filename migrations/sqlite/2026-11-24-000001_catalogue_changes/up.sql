-- The catalogue's change feed. Every write to a product (stock, price, its rows in the related
-- tables) adds a row here in the same transaction; API processes poll it to keep their
-- in-memory catalogue and search index in step. A row without a product id means "reload
-- everything" (brands, categories, coupons or static images changed).
CREATE TABLE catalogue_changes (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    product_id TEXT,
    changed_at TIMESTAMP NOT NULL
);
CREATE INDEX catalogue_changes_changed_at ON catalogue_changes (changed_at);
