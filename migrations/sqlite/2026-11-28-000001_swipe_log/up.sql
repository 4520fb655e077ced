-- Swipes stop writing the rollups themselves: each batch appends its net changes to swipe_log
-- (one row per product and hour), and a fold moves the log into swipe_hours and swipe_totals in
-- one go. A busy second then rewrites each product's hour and totals once instead of once per
-- swipe.
CREATE TABLE swipe_log (
    seq        INTEGER PRIMARY KEY,
    product_id TEXT NOT NULL,
    gender     TEXT NOT NULL,
    hour       BIGINT NOT NULL,
    likes      BIGINT NOT NULL,
    dislikes   BIGINT NOT NULL
);

-- Hour buckets keyed hour first: a fold writes the current hour's rows, which now sit together,
-- and the roller reads an hour range by the key, so the separate index by hour goes.
CREATE TABLE swipe_hours_new (
    hour       BIGINT NOT NULL,
    product_id TEXT NOT NULL,
    likes      BIGINT NOT NULL,
    dislikes   BIGINT NOT NULL,
    PRIMARY KEY (hour, product_id)
) WITHOUT ROWID;
INSERT INTO swipe_hours_new SELECT hour, product_id, likes, dislikes FROM swipe_hours;
DROP TABLE swipe_hours;
ALTER TABLE swipe_hours_new RENAME TO swipe_hours;
