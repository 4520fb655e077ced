-- The catalogue: brands, the category tree, coupons, products and their per-size stock.
-- Money is integer paise; time is UTC without zone; ids are time-ordered text.
CREATE TABLE brands (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    logo_url    TEXT,
    is_active   BOOLEAN NOT NULL,
    gender      TEXT NOT NULL CHECK (gender IN ('male', 'female', 'unisex')),
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE categories (
    id        TEXT PRIMARY KEY NOT NULL,
    name      TEXT NOT NULL,
    gender    TEXT NOT NULL CHECK (gender IN ('male', 'female', 'unisex')),
    parent_id TEXT REFERENCES categories (id),
    image     TEXT NOT NULL,
    position  INTEGER NOT NULL
);
CREATE INDEX categories_gender ON categories (gender, position);
CREATE INDEX categories_parent ON categories (parent_id);

CREATE TABLE coupons (
    id                 TEXT PRIMARY KEY NOT NULL,
    title              TEXT NOT NULL,
    code               TEXT NOT NULL UNIQUE,
    discount_type      TEXT NOT NULL CHECK (discount_type IN ('percentage', 'fixed')),
    discount_value     BIGINT NOT NULL CHECK (discount_value >= 0),
    max_discount_paise BIGINT CHECK (max_discount_paise >= 0),
    min_order_paise    BIGINT NOT NULL CHECK (min_order_paise >= 0),
    is_active          BOOLEAN NOT NULL,
    valid_from         TIMESTAMP NOT NULL,
    valid_until        TIMESTAMP NOT NULL,
    brand_id           TEXT REFERENCES brands (id)
);

CREATE TABLE products (
    id                 TEXT PRIMARY KEY NOT NULL,
    name               TEXT NOT NULL,
    description        TEXT NOT NULL,
    brand_id           TEXT NOT NULL REFERENCES brands (id),
    gender             TEXT NOT NULL CHECK (gender IN ('male', 'female', 'unisex')),
    price_paise        BIGINT NOT NULL CHECK (price_paise >= 0),
    offer_percentage   INTEGER NOT NULL CHECK (offer_percentage BETWEEN 0 AND 100),
    currency           TEXT NOT NULL,
    colour             TEXT NOT NULL,
    pattern            TEXT NOT NULL,
    length             TEXT NOT NULL,
    fabric             TEXT NOT NULL,
    sleeve_length      TEXT NOT NULL,
    fit                TEXT NOT NULL,
    distress           TEXT NOT NULL,
    assigned_coupon_id TEXT REFERENCES coupons (id),
    created_at         TIMESTAMP NOT NULL
);
CREATE INDEX products_listing ON products (created_at DESC, id DESC);
CREATE INDEX products_gender_listing ON products (gender, created_at DESC, id DESC);
CREATE INDEX products_brand ON products (brand_id);
CREATE INDEX products_price ON products (price_paise);

CREATE TABLE product_categories (
    product_id  TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    category_id TEXT NOT NULL REFERENCES categories (id),
    position    INTEGER NOT NULL,
    PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories (category_id);

CREATE TABLE product_images (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    url        TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);

-- One row per size the product comes in; the sizes list is these rows in position order.
CREATE TABLE product_stock (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    size       TEXT NOT NULL,
    position   INTEGER NOT NULL,
    quantity   INTEGER NOT NULL CHECK (quantity >= 0),
    PRIMARY KEY (product_id, size)
);

CREATE TABLE product_tags (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    tag        TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);
CREATE INDEX product_tags_tag ON product_tags (tag);

CREATE TABLE static_images (
    id        TEXT PRIMARY KEY NOT NULL,
    category  TEXT NOT NULL,
    device    TEXT NOT NULL,
    title     TEXT NOT NULL,
    url       TEXT NOT NULL,
    is_active BOOLEAN NOT NULL
);
CREATE INDEX static_images_category ON static_images (category, device);
