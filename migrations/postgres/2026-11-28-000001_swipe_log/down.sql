-- Back to rollups written by each swipe batch. Fold the log first (`shop-api check-rollups`
-- does): rows still in it are dropped here.
ALTER TABLE swipe_hours DROP CONSTRAINT swipe_hours_pkey;
ALTER TABLE swipe_hours ADD PRIMARY KEY (product_id, hour);
CREATE INDEX swipe_hours_hour ON swipe_hours (hour);
DROP TABLE swipe_log;
