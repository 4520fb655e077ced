DROP TABLE coupon_uses;
ALTER TABLE coupons DROP COLUMN times_used;
ALTER TABLE coupons DROP COLUMN usage_limit_per_user;
ALTER TABLE coupons DROP COLUMN usage_limit;
