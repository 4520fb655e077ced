-- A new e-mail the user asked for and has not proven yet: the account keeps `email` until the
-- code mailed to this address is typed back. Its code is a `sign_in_codes` row keyed
-- 'email-change:<user id>'.
ALTER TABLE users ADD COLUMN pending_email TEXT;
