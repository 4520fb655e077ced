DROP TABLE brand_events;
