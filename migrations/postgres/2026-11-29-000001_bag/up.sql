-- The shopper's bag. A bag row exists once a shopper has changed their bag; every change
-- writes it first, so the change holds the bag's lock (PostgreSQL's row lock, SQLite's write
-- lock) before it reads the lines: two concurrent adds of different brands are decided one
-- after the other, and the bag never holds two brands.
CREATE TABLE bags (
    user_id    TEXT PRIMARY KEY NOT NULL REFERENCES users (id),
    changed_at TIMESTAMP NOT NULL
);

-- One line per product and size; position keeps the order the shopper added them in.
-- price_at_add_paise is the price of one item when the line was first added.
CREATE TABLE bag_lines (
    user_id            TEXT NOT NULL REFERENCES bags (user_id),
    product_id         TEXT NOT NULL REFERENCES products (id),
    size               TEXT NOT NULL,
    quantity           INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    price_at_add_paise BIGINT NOT NULL,
    position           INTEGER NOT NULL,
    PRIMARY KEY (user_id, product_id, size)
);
