-- Orders, from the moment a shopper starts paying. create-order writes the row with the
-- server's priced snapshot in stage 'reserved': in the same transaction its lines' stock is
-- taken off sale (product_stock.quantity is what is left for sale) and its coupon use is
-- claimed, until reserved_until. Paid in time, it becomes 'placed': the shopper's order. Unpaid
-- by then, it becomes 'lapsed' and its stock and coupon use are given back. Money is paise.
CREATE TABLE orders (
    id                 TEXT PRIMARY KEY NOT NULL,
    user_id            TEXT NOT NULL REFERENCES users (id),
    brand_id           TEXT NOT NULL REFERENCES brands (id),
    stage              TEXT NOT NULL CHECK (stage IN ('reserved', 'placed', 'lapsed')),
    -- Bought from the bag (emptied when the order is placed) or with Buy Now.
    from_bag           BOOLEAN NOT NULL,
    -- The delivery address as it was when the order was made (the saved address may be
    -- changed or deleted since).
    ship_name          TEXT NOT NULL,
    ship_phone         TEXT NOT NULL,
    ship_email         TEXT NOT NULL,
    ship_address       TEXT NOT NULL,
    ship_address_2     TEXT NOT NULL,
    ship_city          TEXT NOT NULL,
    ship_pincode       TEXT NOT NULL,
    ship_state         TEXT NOT NULL,
    ship_country       TEXT NOT NULL,
    subtotal_paise     BIGINT NOT NULL CHECK (subtotal_paise >= 0),
    discount_paise     BIGINT NOT NULL CHECK (discount_paise >= 0),
    delivery_fee_paise BIGINT NOT NULL CHECK (delivery_fee_paise >= 0),
    total_paise        BIGINT NOT NULL CHECK (total_paise >= 0),
    delivery_speed     TEXT NOT NULL CHECK (delivery_speed IN ('standard', 'express')),
    estimated_delivery TIMESTAMP NOT NULL,
    coupon_id          TEXT REFERENCES coupons (id),
    coupon_code        TEXT,
    -- The payment service's order (one per attempt) and the payment that paid it. Unique, so a
    -- browser's verify and a webhook for the same payment can never make two orders.
    provider_order_id  TEXT UNIQUE,
    payment_id         TEXT UNIQUE,
    payment_status     TEXT NOT NULL,
    delivery_status    TEXT NOT NULL,
    status             TEXT CHECK (status IN ('cancelled', 'cancel_requested', 'cancel_rejected')),
    refund_status      TEXT NOT NULL,
    refund_id          TEXT,
    created_at         TIMESTAMP NOT NULL,
    reserved_until     TIMESTAMP NOT NULL,
    placed_at          TIMESTAMP
);
CREATE INDEX orders_user ON orders (user_id, stage, created_at);
CREATE INDEX orders_brand ON orders (brand_id, stage, created_at);
CREATE INDEX orders_reservations ON orders (stage, reserved_until);

-- The shipping service's booking of an express delivery: at most one per order.
CREATE TABLE order_shipments (
    order_id    TEXT PRIMARY KEY NOT NULL REFERENCES orders (id),
    shipment_id BIGINT NOT NULL,
    order_ref   BIGINT NOT NULL,
    channel_id  BIGINT,
    booked_at   TIMESTAMP NOT NULL
);

-- What was bought, as it was priced. product_id has no foreign key: an order outlives its
-- product, and shows the name and image it was bought with.
CREATE TABLE order_lines (
    order_id         TEXT NOT NULL REFERENCES orders (id),
    position         INTEGER NOT NULL,
    product_id       TEXT NOT NULL,
    name             TEXT NOT NULL,
    image            TEXT,
    size             TEXT NOT NULL,
    quantity         INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    unit_price_paise BIGINT NOT NULL CHECK (unit_price_paise >= 0),
    PRIMARY KEY (order_id, position)
);
CREATE INDEX order_lines_product ON order_lines (product_id, size);

-- A shopper's request to cancel, and the brand's decision. At most one waits per order.
CREATE TABLE cancel_requests (
    id              TEXT PRIMARY KEY NOT NULL,
    order_id        TEXT NOT NULL REFERENCES orders (id),
    line            INTEGER NOT NULL CHECK (line >= 0),
    reason          TEXT,
    -- The delivery status before the request, put back when the brand rejects it.
    delivery_before TEXT NOT NULL,
    requested_at    TIMESTAMP NOT NULL,
    decision        TEXT CHECK (decision IN ('approve', 'reject')),
    decided_by      TEXT REFERENCES users (id),
    decided_at      TIMESTAMP
);
CREATE UNIQUE INDEX cancel_requests_one_open ON cancel_requests (order_id) WHERE decision IS NULL;
CREATE INDEX cancel_requests_order ON cancel_requests (order_id, requested_at);

-- Webhook events handled, by the payment service's event id: a redelivered event is
-- recognised and answered without doing anything twice.
CREATE TABLE payment_events (
    event_id    TEXT PRIMARY KEY NOT NULL,
    event       TEXT NOT NULL,
    payment_id  TEXT,
    received_at TIMESTAMP NOT NULL
);
