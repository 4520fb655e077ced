ALTER TABLE users DROP COLUMN pending_email;
