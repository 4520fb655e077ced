DROP TABLE payment_events;
DROP TABLE cancel_requests;
DROP TABLE order_lines;
DROP TABLE order_shipments;
DROP TABLE orders;
