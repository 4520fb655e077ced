-- Insights that answer in time over a long history: the summary reads one row per day of its
-- period (its funnel and its shoppers come from brand-day columns and a small table of gaps,
-- not from product-days or buyer-days), and a product's period is read from one index range.

-- The brand's swipe funnel by day (the sums of its product-days' columns), and its buyers:
-- `buyers` the distinct buyers of the day, `new_buyers` those of them buying from the brand for
-- the first time.
ALTER TABLE insight_brand_days ADD COLUMN cards_shown BIGINT NOT NULL DEFAULT 0;
ALTER TABLE insight_brand_days ADD COLUMN likes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE insight_brand_days ADD COLUMN dislikes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE insight_brand_days ADD COLUMN bag_adds BIGINT NOT NULL DEFAULT 0;
ALTER TABLE insight_brand_days ADD COLUMN buyers BIGINT NOT NULL DEFAULT 0;
ALTER TABLE insight_brand_days ADD COLUMN new_buyers BIGINT NOT NULL DEFAULT 0;

-- A buyer's purchase days with a brand, in order, make gaps: a buyer who bought on `prev_day`
-- and next on `day`. `buyers` counts the buyers with that gap. The shoppers of a period
-- from..to are its buyer-days less those whose buyer had already bought in the period (a gap
-- with prev_day in from..to and day <= to); the returning shoppers are the shoppers less the
-- period's first-time buyers.
CREATE TABLE insight_buyer_gaps (
    brand_id TEXT NOT NULL,
    prev_day BIGINT NOT NULL,
    day      BIGINT NOT NULL,
    buyers   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (brand_id, prev_day, day)
) WITHOUT ROWID;

-- A buyer's days with a brand, in order (the gaps a new purchase day changes).
CREATE INDEX insight_buyer_days_buyer ON insight_buyer_days (brand_id, user_id, day);

UPDATE insight_brand_days SET
    cards_shown = COALESCE((SELECT SUM(p.cards_shown) FROM insight_product_days p
                   WHERE p.brand_id = insight_brand_days.brand_id AND p.day = insight_brand_days.day), 0),
    likes = COALESCE((SELECT SUM(p.likes) FROM insight_product_days p
             WHERE p.brand_id = insight_brand_days.brand_id AND p.day = insight_brand_days.day), 0),
    dislikes = COALESCE((SELECT SUM(p.dislikes) FROM insight_product_days p
                WHERE p.brand_id = insight_brand_days.brand_id AND p.day = insight_brand_days.day), 0),
    bag_adds = COALESCE((SELECT SUM(p.bag_adds) FROM insight_product_days p
                WHERE p.brand_id = insight_brand_days.brand_id AND p.day = insight_brand_days.day), 0);

INSERT INTO insight_brand_days (brand_id, day, cards_shown, likes, dislikes, bag_adds)
SELECT p.brand_id, p.day, SUM(p.cards_shown), SUM(p.likes), SUM(p.dislikes), SUM(p.bag_adds)
  FROM insight_product_days p
 WHERE NOT EXISTS (SELECT 1 FROM insight_brand_days b WHERE b.brand_id = p.brand_id AND b.day = p.day)
 GROUP BY p.brand_id, p.day;

UPDATE insight_brand_days SET
    buyers = (SELECT COUNT(*) FROM insight_buyer_days d
               WHERE d.brand_id = insight_brand_days.brand_id AND d.day = insight_brand_days.day),
    new_buyers = (SELECT COUNT(*) FROM insight_buyers u
                   WHERE u.brand_id = insight_brand_days.brand_id AND u.first_day = insight_brand_days.day);

INSERT INTO insight_buyer_gaps (brand_id, prev_day, day, buyers)
SELECT brand_id, prev_day, day, COUNT(*) FROM (
    SELECT brand_id, day, LAG(day) OVER (PARTITION BY brand_id, user_id ORDER BY day) AS prev_day
      FROM insight_buyer_days
) g
 WHERE prev_day IS NOT NULL
 GROUP BY brand_id, prev_day, day;

-- A brand's product-days of a period are read whole (every column) for its products list: kept
-- in their primary key's order (WITHOUT ROWID), they are one contiguous range of the table.
CREATE TABLE insight_product_days_new (
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
) WITHOUT ROWID;
INSERT INTO insight_product_days_new SELECT brand_id, day, product_id, cards_shown, likes,
    dislikes, bag_adds, orders, units, revenue_paise FROM insight_product_days;
DROP INDEX insight_product_days_product;
DROP TABLE insight_product_days;
ALTER TABLE insight_product_days_new RENAME TO insight_product_days;
CREATE INDEX insight_product_days_product ON insight_product_days (product_id, day);
