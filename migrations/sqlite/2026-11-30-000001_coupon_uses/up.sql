-- Coupon usage limits. times_used counts the orders that used the coupon; an order placement
-- claims a use in its own transaction with a conditional UPDATE (times_used < usage_limit), so
-- concurrent checkouts never take a coupon past its limit. NULL limits mean no limit.
ALTER TABLE coupons ADD COLUMN usage_limit BIGINT CHECK (usage_limit >= 0);
ALTER TABLE coupons ADD COLUMN usage_limit_per_user BIGINT CHECK (usage_limit_per_user >= 0);
ALTER TABLE coupons ADD COLUMN times_used BIGINT NOT NULL DEFAULT 0 CHECK (times_used >= 0);

-- One row per order that used a coupon: counts a shopper's uses (the per-shopper limit), and
-- the key makes a retried claim for the same order a no-op rather than a second use. order_id
-- has no foreign key yet: the orders table comes with order placement.
CREATE TABLE coupon_uses (
    coupon_id TEXT NOT NULL REFERENCES coupons (id),
    user_id   TEXT NOT NULL REFERENCES users (id),
    order_id  TEXT NOT NULL,
    used_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (coupon_id, order_id)
);
CREATE INDEX coupon_uses_shopper ON coupon_uses (coupon_id, user_id);
