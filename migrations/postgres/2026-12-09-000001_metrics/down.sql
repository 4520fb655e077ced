DROP INDEX orders_refund_states;
