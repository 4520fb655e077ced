-- Swipes, their hourly rollups, the per-window totals trending reads, and the curated list.

-- One verdict per shopper and product: a repeated swipe replaces the row and keeps the verdict
-- it replaced (prev_*) so an undo can put it back. seq orders a shopper's swipes (latest last).
CREATE TABLE swipes (
    user_id           TEXT NOT NULL REFERENCES users (id),
    product_id        TEXT NOT NULL REFERENCES products (id),
    liked             BOOLEAN NOT NULL,
    swiped_at         TIMESTAMP NOT NULL,
    seq               BIGINT NOT NULL,
    session_id        TEXT,
    device_info       TEXT,
    -- Whether this swipe put the product into the curated list (an undo takes it out again).
    added_to_list     BOOLEAN NOT NULL,
    prev_liked        BOOLEAN,
    prev_swiped_at    TIMESTAMP,
    prev_seq          BIGINT,
    prev_added_to_list BOOLEAN,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX swipes_user_seq ON swipes (user_id, seq);

-- Likes and dislikes per product per hour (hours since the Unix epoch), kept exact on write.
CREATE TABLE swipe_hours (
    product_id TEXT NOT NULL,
    hour       BIGINT NOT NULL,
    likes      BIGINT NOT NULL,
    dislikes   BIGINT NOT NULL,
    PRIMARY KEY (product_id, hour)
);
CREATE INDEX swipe_hours_hour ON swipe_hours (hour);

-- The sum of each window's hours per product, kept exact on write; the roller subtracts an
-- hour when it leaves a window. Rows at zero swipes are deleted. gender copies the product's
-- so a gender's ranking is one index range.
CREATE TABLE swipe_totals (
    time_window TEXT NOT NULL,
    product_id  TEXT NOT NULL,
    gender      TEXT NOT NULL,
    likes       BIGINT NOT NULL,
    dislikes    BIGINT NOT NULL,
    score       BIGINT NOT NULL,
    total       BIGINT NOT NULL,
    PRIMARY KEY (time_window, product_id)
);
CREATE INDEX swipe_totals_rank ON swipe_totals (time_window, score DESC, total DESC, product_id);
CREATE INDEX swipe_totals_gender_rank
    ON swipe_totals (time_window, gender, score DESC, total DESC, product_id);

-- The first hour each window's totals count; hours before it have been rolled out.
CREATE TABLE swipe_windows (
    time_window  TEXT PRIMARY KEY NOT NULL,
    counted_from BIGINT NOT NULL
);
INSERT INTO swipe_windows (time_window, counted_from) VALUES ('24h', 0), ('7d', 0), ('30d', 0);

CREATE TABLE curated_list (
    user_id    TEXT NOT NULL REFERENCES users (id),
    product_id TEXT NOT NULL REFERENCES products (id),
    added_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX curated_list_user_added ON curated_list (user_id, added_at);
