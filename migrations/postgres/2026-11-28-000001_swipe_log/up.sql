-- Swipes stop writing the rollups themselves: each batch appends its net changes to swipe_log
-- (one row per product and hour), and a fold moves the log into swipe_hours and swipe_totals in
-- one go. A busy second then rewrites each product's hour and totals once instead of once per
-- swipe.
CREATE TABLE swipe_log (
    seq        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id TEXT NOT NULL,
    gender     TEXT NOT NULL,
    hour       BIGINT NOT NULL,
    likes      BIGINT NOT NULL,
    dislikes   BIGINT NOT NULL
);

-- Hour buckets keyed hour first: a fold writes the current hour's rows, which now sit together,
-- and the roller reads an hour range by the key, so the separate index by hour goes.
ALTER TABLE swipe_hours DROP CONSTRAINT swipe_hours_pkey;
ALTER TABLE swipe_hours ADD PRIMARY KEY (hour, product_id);
DROP INDEX swipe_hours_hour;
