-- Back to rowid tables with the two secondary indexes.
CREATE TABLE swipes_old (
    user_id           TEXT NOT NULL REFERENCES users (id),
    product_id        TEXT NOT NULL REFERENCES products (id),
    liked             BOOLEAN NOT NULL,
    swiped_at         TIMESTAMP NOT NULL,
    seq               BIGINT NOT NULL,
    session_id        TEXT,
    device_info       TEXT,
    added_to_list     BOOLEAN NOT NULL,
    prev_liked        BOOLEAN,
    prev_swiped_at    TIMESTAMP,
    prev_seq          BIGINT,
    prev_added_to_list BOOLEAN,
    PRIMARY KEY (user_id, product_id)
);
INSERT INTO swipes_old SELECT user_id, product_id, liked, swiped_at, seq, session_id, device_info,
    added_to_list, prev_liked, prev_swiped_at, prev_seq, prev_added_to_list FROM swipes;
DROP TABLE swipes;
ALTER TABLE swipes_old RENAME TO swipes;
CREATE INDEX swipes_user_seq ON swipes (user_id, seq);

CREATE TABLE swipe_hours_old (
    product_id TEXT NOT NULL,
    hour       BIGINT NOT NULL,
    likes      BIGINT NOT NULL,
    dislikes   BIGINT NOT NULL,
    PRIMARY KEY (product_id, hour)
);
INSERT INTO swipe_hours_old SELECT product_id, hour, likes, dislikes FROM swipe_hours;
DROP TABLE swipe_hours;
ALTER TABLE swipe_hours_old RENAME TO swipe_hours;
CREATE INDEX swipe_hours_hour ON swipe_hours (hour);

CREATE TABLE swipe_totals_old (
    time_window TEXT NOT NULL,
    product_id  TEXT NOT NULL,
    gender      TEXT NOT NULL,
    likes       BIGINT NOT NULL,
    dislikes    BIGINT NOT NULL,
    score       BIGINT NOT NULL,
    total       BIGINT NOT NULL,
    PRIMARY KEY (time_window, product_id)
);
INSERT INTO swipe_totals_old SELECT time_window, product_id, gender, likes, dislikes, score, total
    FROM swipe_totals;
DROP TABLE swipe_totals;
ALTER TABLE swipe_totals_old RENAME TO swipe_totals;
CREATE INDEX swipe_totals_rank ON swipe_totals (time_window, score DESC, total DESC, product_id);
CREATE INDEX swipe_totals_gender_rank
    ON swipe_totals (time_window, gender, score DESC, total DESC, product_id);

CREATE TABLE curated_list_old (
    user_id    TEXT NOT NULL REFERENCES users (id),
    product_id TEXT NOT NULL REFERENCES products (id),
    added_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
INSERT INTO curated_list_old SELECT user_id, product_id, added_at FROM curated_list;
DROP TABLE curated_list;
ALTER TABLE curated_list_old RENAME TO curated_list;
CREATE INDEX curated_list_user_added ON curated_list (user_id, added_at);
