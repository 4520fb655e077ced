-- A brand's name is unique, ignoring letter case (the admin console checks it first and answers
-- BRAND_NAME_TAKEN; this index settles two admins creating the same name at once).
CREATE UNIQUE INDEX brands_name_lower ON brands (lower(name));
