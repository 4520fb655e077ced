DROP TABLE product_handles;
DROP TABLE shopify_previews;
