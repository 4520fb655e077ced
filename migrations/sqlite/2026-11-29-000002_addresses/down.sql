DROP TABLE addresses;
