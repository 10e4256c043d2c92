-- Rotating the bank's token and webhook RSA key (docs/operations.md "Keys"). The newest key
-- not retired signs; a retired key stops signing but stays published in the JWKS, and
-- verifies the tokens it signed, until verify_until (their lifetime past the rotation).
ALTER TABLE signing_keys ADD COLUMN retired_at timestamptz;
ALTER TABLE signing_keys ADD COLUMN verify_until timestamptz;
CREATE INDEX signing_keys_published ON signing_keys (created_at) WHERE verify_until IS NULL;
