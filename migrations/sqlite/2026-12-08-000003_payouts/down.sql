DROP TRIGGER payouts_never_go;
DROP TRIGGER payouts_never_change;
DROP TABLE payouts;
DROP TABLE payout_refunds;
DROP INDEX orders_brand_placed;
ALTER TABLE brands DROP COLUMN commission_rate_bp;
