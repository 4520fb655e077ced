DROP TABLE brand_applications;
