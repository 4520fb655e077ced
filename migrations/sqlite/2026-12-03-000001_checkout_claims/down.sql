DROP INDEX orders_one_open_checkout;
DROP TABLE order_refund_claims;
