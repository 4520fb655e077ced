DROP INDEX insight_product_days_period;
DROP INDEX insight_buyer_days_buyer;
DROP TABLE insight_buyer_gaps;
ALTER TABLE insight_brand_days DROP COLUMN new_buyers;
ALTER TABLE insight_brand_days DROP COLUMN buyers;
ALTER TABLE insight_brand_days DROP COLUMN bag_adds;
ALTER TABLE insight_brand_days DROP COLUMN dislikes;
ALTER TABLE insight_brand_days DROP COLUMN likes;
ALTER TABLE insight_brand_days DROP COLUMN cards_shown;
