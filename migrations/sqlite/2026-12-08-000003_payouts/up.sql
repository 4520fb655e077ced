-- Payouts (docs/requirements.md, "Payouts"): each brand's commission rate, when each refund
-- completed (a refund counts in the IST month it completed), and the months paid, frozen.

-- The share of a brand's sales the shop keeps, in basis points (1/100 %): 0 to 50%.
ALTER TABLE brands ADD COLUMN commission_rate_bp BIGINT NOT NULL DEFAULT 0
    CHECK (commission_rate_bp BETWEEN 0 AND 5000);

-- Placed orders by brand and the time they were placed: a month's sales are one index range.
CREATE INDEX orders_brand_placed ON orders (brand_id, placed_at) WHERE stage = 'placed';

-- Each placed order's completed refund, once, with the time it completed (written in the
-- transaction that records the refund as completed).
CREATE TABLE payout_refunds (
    order_id     TEXT PRIMARY KEY NOT NULL REFERENCES orders (id),
    brand_id     TEXT NOT NULL,
    completed_at TIMESTAMP NOT NULL,
    amount_paise BIGINT NOT NULL CHECK (amount_paise >= 0)
);
CREATE INDEX payout_refunds_brand ON payout_refunds (brand_id, completed_at);

-- Refunds completed before this table existed count when their order was placed.
INSERT INTO payout_refunds (order_id, brand_id, completed_at, amount_paise)
SELECT id, brand_id, placed_at, total_paise FROM orders
WHERE stage = 'placed' AND refund_status = 'completed' AND placed_at IS NOT NULL;

-- A brand's month once paid: every figure as paid, the order lines as paid (JSON), the
-- payment's reference, when and by whom it was recorded. Never updated nor deleted.
CREATE TABLE payouts (
    brand_id           TEXT NOT NULL REFERENCES brands (id),
    month              TEXT NOT NULL CHECK (length(month) = 7),
    brand_name         TEXT NOT NULL,
    commission_rate_bp BIGINT NOT NULL,
    gross_paise        BIGINT NOT NULL,
    refunds_paise      BIGINT NOT NULL,
    commission_paise   BIGINT NOT NULL,
    carried_in_paise   BIGINT NOT NULL CHECK (carried_in_paise >= 0),
    payout_paise       BIGINT NOT NULL CHECK (payout_paise >= 0),
    carried_out_paise  BIGINT NOT NULL CHECK (carried_out_paise >= 0),
    lines              TEXT NOT NULL,
    reference          TEXT NOT NULL,
    paid_at            TIMESTAMP NOT NULL,
    paid_by            TEXT NOT NULL REFERENCES users (id),
    paid_by_email      TEXT,
    PRIMARY KEY (brand_id, month)
);
CREATE INDEX payouts_month ON payouts (month);

CREATE TRIGGER payouts_never_change BEFORE UPDATE ON payouts
BEGIN
    SELECT RAISE(ABORT, 'a paid month never changes');
END;
CREATE TRIGGER payouts_never_go BEFORE DELETE ON payouts
BEGIN
    SELECT RAISE(ABORT, 'a paid month never changes');
END;
