DROP TABLE rate_limits;
DROP TABLE sign_in_codes;
DROP TABLE users;
