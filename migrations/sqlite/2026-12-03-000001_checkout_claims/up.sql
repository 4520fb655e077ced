-- A refund is asked of the payment service by one caller at a time: the settler, the brand's
-- review and a late payment's refusal each claim the order here first. A claim lasts longer
-- than the payment service's timeout, so that the settler asks again for a claim whose process
-- died mid-call once it ends; an answer from the payment service deletes it.
CREATE TABLE order_refund_claims (
    order_id      TEXT PRIMARY KEY REFERENCES orders (id),
    claimed_until TIMESTAMP NOT NULL
);

-- At most one open checkout per shopper. Open checkouts beyond a shopper's newest are released
-- first, as the settler releases a lapsed one: their stock goes back on sale, their coupon
-- uses are given back, and every process's catalogue reloads.
INSERT INTO catalogue_changes (product_id, changed_at)
SELECT NULL, CURRENT_TIMESTAMP
WHERE EXISTS (
    SELECT 1 FROM orders o
    WHERE o.stage = 'reserved' AND EXISTS (
        SELECT 1 FROM orders n
        WHERE n.user_id = o.user_id AND n.stage = 'reserved'
          AND (n.created_at > o.created_at OR (n.created_at = o.created_at AND n.id > o.id))));

UPDATE product_stock SET quantity = quantity + (
    SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE l.product_id = product_stock.product_id AND l.size = product_stock.size
      AND o.stage = 'reserved' AND EXISTS (
        SELECT 1 FROM orders n
        WHERE n.user_id = o.user_id AND n.stage = 'reserved'
          AND (n.created_at > o.created_at OR (n.created_at = o.created_at AND n.id > o.id))));

UPDATE coupons SET times_used = times_used - (
    SELECT COUNT(*) FROM coupon_uses u JOIN orders o ON o.id = u.order_id
    WHERE u.coupon_id = coupons.id
      AND o.stage = 'reserved' AND EXISTS (
        SELECT 1 FROM orders n
        WHERE n.user_id = o.user_id AND n.stage = 'reserved'
          AND (n.created_at > o.created_at OR (n.created_at = o.created_at AND n.id > o.id))));

DELETE FROM coupon_uses WHERE order_id IN (
    SELECT o.id FROM orders o
    WHERE o.stage = 'reserved' AND EXISTS (
        SELECT 1 FROM orders n
        WHERE n.user_id = o.user_id AND n.stage = 'reserved'
          AND (n.created_at > o.created_at OR (n.created_at = o.created_at AND n.id > o.id))));

UPDATE orders SET stage = 'lapsed' WHERE id IN (
    SELECT o.id FROM orders o
    WHERE o.stage = 'reserved' AND EXISTS (
        SELECT 1 FROM orders n
        WHERE n.user_id = o.user_id AND n.stage = 'reserved'
          AND (n.created_at > o.created_at OR (n.created_at = o.created_at AND n.id > o.id))));

-- A new checkout releases the shopper's open one in the same transaction; this index refuses a
-- second open checkout however two of them race.
CREATE UNIQUE INDEX orders_one_open_checkout ON orders (user_id) WHERE stage = 'reserved';
