-- A brand's live events (order placed, cancellation requested, refund completed, stock low),
-- written in the transaction of the fact they tell of. `id` orders rows as written; `seq` is
-- given afterwards, in commit order, by the API processes' follower (see the store's
-- brand_events module), and is what the event stream's ids and Last-Event-ID name. Kept 24 h.
CREATE TABLE brand_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    seq        BIGINT UNIQUE,
    brand_id   TEXT NOT NULL,
    type       TEXT NOT NULL
        CHECK (type IN ('order.placed', 'cancellation.requested', 'refund.completed', 'stock.low')),
    order_id   TEXT,
    product_id TEXT,
    size       TEXT,
    units      INTEGER,
    at         TIMESTAMP NOT NULL
);
CREATE INDEX brand_events_unsequenced ON brand_events (id) WHERE seq IS NULL;
CREATE INDEX brand_events_brand ON brand_events (brand_id, seq);
CREATE INDEX brand_events_order ON brand_events (order_id, type);
CREATE INDEX brand_events_at ON brand_events (at);
