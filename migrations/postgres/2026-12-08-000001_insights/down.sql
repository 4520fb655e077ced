DROP TABLE insight_refunds;
DROP TABLE insight_buyer_days;
DROP TABLE insight_buyers;
DROP TABLE insight_product_days;
DROP TABLE insight_brand_days;
