-- The metrics count orders by refund state when scraped: this index holds only refunded orders,
-- so the count never walks the orders that were never refunded.
CREATE INDEX orders_refund_states ON orders (refund_status) WHERE refund_status <> 'not_initiated';
