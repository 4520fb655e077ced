-- Brands applying to sell (docs/http-api.md, "Brand applications"). The bank account is kept
-- sealed (AES-256-GCM under SHOP_DATA_KEY: hex of the 12-byte nonce then the ciphertext and its
-- tag, the row's id as associated data) beside the masked form answers show; no column holds
-- the plain number.
CREATE TABLE brand_applications (
    id TEXT PRIMARY KEY NOT NULL,
    applicant_id TEXT NOT NULL,
    applicant_email TEXT NOT NULL,
    name TEXT NOT NULL,
    gender TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_email TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    gstin TEXT NOT NULL,
    pan TEXT NOT NULL,
    bank_account_sealed TEXT NOT NULL,
    bank_account_masked TEXT NOT NULL,
    ifsc TEXT NOT NULL,
    pickup_address TEXT NOT NULL,
    pickup_pincode TEXT NOT NULL,
    pickup_city TEXT NOT NULL,
    pickup_state TEXT NOT NULL,
    return_policy TEXT NOT NULL,
    shipping_policy TEXT NOT NULL,
    -- 'pending', 'approved' or 'rejected'
    status TEXT NOT NULL,
    reason TEXT,
    brand_id TEXT,
    decided_by TEXT,
    created_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP
);

-- One pending application per shopper: the service checks first and answers
-- APPLICATION_PENDING; this index settles two sent at once.
CREATE UNIQUE INDEX brand_applications_one_pending
    ON brand_applications (applicant_id) WHERE status = 'pending';
CREATE INDEX brand_applications_by_applicant ON brand_applications (applicant_id, created_at);
CREATE INDEX brand_applications_by_status ON brand_applications (status, created_at);
