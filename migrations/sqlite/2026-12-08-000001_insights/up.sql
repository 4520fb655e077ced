-- A brand's figures (the brand console's insights), kept by brand and day as orders, refunds,
-- swipes, bag adds and feed cards happen, in the same transaction as what they count: the
-- insights calls read these rows, never the orders or swipes themselves.
-- `day` is a day in India's time zone (IST, UTC+5:30), as days since 1970-01-01.

-- Per brand and day: placed orders (their totals, count and units) and completed refunds (the
-- refunded amount, counted on the day the refund completed).
CREATE TABLE insight_brand_days (
    brand_id      TEXT NOT NULL,
    day           BIGINT NOT NULL,
    revenue_paise BIGINT NOT NULL DEFAULT 0,
    orders        BIGINT NOT NULL DEFAULT 0,
    units         BIGINT NOT NULL DEFAULT 0,
    refunds_paise BIGINT NOT NULL DEFAULT 0,
    refunds       BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (brand_id, day)
);

-- Per product and day, with the product's brand so that a brand's period is one index range.
-- cards_shown: cards the swipe feed served; likes/dislikes: current verdicts by the day they
-- were swiped (an undo takes its verdict back from that day); bag_adds: lines new in a bag;
-- orders/units/revenue_paise: placed orders' lines (revenue at the lines' prices).
CREATE TABLE insight_product_days (
    brand_id      TEXT NOT NULL,
    day           BIGINT NOT NULL,
    product_id    TEXT NOT NULL,
    cards_shown   BIGINT NOT NULL DEFAULT 0,
    likes         BIGINT NOT NULL DEFAULT 0,
    dislikes      BIGINT NOT NULL DEFAULT 0,
    bag_adds      BIGINT NOT NULL DEFAULT 0,
    orders        BIGINT NOT NULL DEFAULT 0,
    units         BIGINT NOT NULL DEFAULT 0,
    revenue_paise BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (brand_id, day, product_id)
);
CREATE INDEX insight_product_days_product ON insight_product_days (product_id, day);

-- A brand's buyers with the day of their first placed order from it (returning shoppers).
CREATE TABLE insight_buyers (
    brand_id  TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    first_day BIGINT NOT NULL,
    PRIMARY KEY (brand_id, user_id)
);

-- The days each buyer placed an order with a brand (distinct shoppers in a period).
CREATE TABLE insight_buyer_days (
    brand_id TEXT NOT NULL,
    day      BIGINT NOT NULL,
    user_id  TEXT NOT NULL,
    PRIMARY KEY (brand_id, day, user_id)
);

-- The refunds counted in insight_brand_days, one per order: a refund's status may be written
-- more than once, and is counted the first time it is completed.
CREATE TABLE insight_refunds (
    order_id     TEXT PRIMARY KEY NOT NULL,
    brand_id     TEXT NOT NULL,
    day          BIGINT NOT NULL,
    amount_paise BIGINT NOT NULL
);
