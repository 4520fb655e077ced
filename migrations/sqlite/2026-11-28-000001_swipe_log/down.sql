-- Back to rollups written by each swipe batch. Fold the log first (`shop-api check-rollups`
-- does): rows still in it are dropped here.
CREATE TABLE swipe_hours_old (
    product_id TEXT NOT NULL,
    hour       BIGINT NOT NULL,
    likes      BIGINT NOT NULL,
    dislikes   BIGINT NOT NULL,
    PRIMARY KEY (product_id, hour)
) WITHOUT ROWID;
INSERT INTO swipe_hours_old SELECT product_id, hour, likes, dislikes FROM swipe_hours;
DROP TABLE swipe_hours;
ALTER TABLE swipe_hours_old RENAME TO swipe_hours;
CREATE INDEX swipe_hours_hour ON swipe_hours (hour);
DROP TABLE swipe_log;
