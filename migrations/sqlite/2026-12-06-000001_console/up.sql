-- The consoles: brand teams and admins write the catalogue (docs/architecture.md, "The consoles").
-- Edits carry a version (a stale edit is refused, never merged); every write leaves an audit row.

-- A product's version counts its edits; is_active is the brand's own switch; archived_at is set
-- by archiving (DELETE), which hides the product from shoppers while orders and bags keep it.
ALTER TABLE products ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN is_active BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE products ADD COLUMN archived_at TIMESTAMP;
CREATE INDEX products_brand_listing ON products (brand_id, created_at DESC, id DESC);

-- An uploaded image has an id (its content hash) and the srcset of its width variants; the
-- generated demo art has neither.
ALTER TABLE product_images ADD COLUMN image_id TEXT;
ALTER TABLE product_images ADD COLUMN srcset TEXT;

ALTER TABLE brands ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE categories ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE coupons ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- Banners: tags (comma-separated, lower case), a campaign, a display period (either end open)
-- and a priority (the highest wins where one image is shown).
ALTER TABLE static_images ADD COLUMN tags TEXT NOT NULL DEFAULT '';
ALTER TABLE static_images ADD COLUMN campaign TEXT;
ALTER TABLE static_images ADD COLUMN start_date TIMESTAMP;
ALTER TABLE static_images ADD COLUMN end_date TIMESTAMP;
ALTER TABLE static_images ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
ALTER TABLE static_images ADD COLUMN srcset TEXT;
ALTER TABLE static_images ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- Every console write: who (a snapshot of their e-mail, kept when the user is deleted), when,
-- what, and the entity before and after as JSON. Written in the write's own transaction.
CREATE TABLE audit_log (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    at          TIMESTAMP NOT NULL,
    actor_id    TEXT NOT NULL,
    actor_email TEXT,
    actor_role  TEXT NOT NULL CHECK (actor_role IN ('brand', 'admin')),
    brand_id    TEXT,
    action      TEXT NOT NULL,
    entity      TEXT NOT NULL,
    entity_id   TEXT NOT NULL,
    before      TEXT,
    after       TEXT
);
CREATE INDEX audit_log_actor ON audit_log (actor_id, seq);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, seq);
