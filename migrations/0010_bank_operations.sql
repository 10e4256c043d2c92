-- Bank operations (issue 12, docs/operations.md): clients that can be suspended, client
-- secrets as credentials that rotate with an overlap, bank staff (`operator`) who belong
-- to no client, portal users invited by a single-use set-password link and disabled at once.

-- A suspended client is refused at the token endpoint and at every API request's
-- admission (the same round trip that checks the IP allow-list), and its webhooks stop.
ALTER TABLE clients ADD COLUMN suspended_at timestamptz;

-- A client's secrets. Several may be valid at once during a rotation: the old one until
-- expires_at, the new one until the next rotation. Only a slow hash is stored.
CREATE TABLE client_credentials (
  client_id      text NOT NULL REFERENCES clients (client_id),
  credential_id  uuid NOT NULL,
  secret_hash    text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz,
  last_used_at   timestamptz,
  PRIMARY KEY (client_id, credential_id)
);
-- Existing clients keep their secret as their first credential.
INSERT INTO client_credentials (client_id, credential_id, secret_hash, created_at)
SELECT client_id, gen_random_uuid(), secret_hash, created_at FROM clients;
ALTER TABLE clients ALTER COLUMN secret_hash DROP NOT NULL;

-- Operators are the bank's staff: no client. Everyone else belongs to exactly one client.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('viewer', 'treasurer', 'admin', 'operator'));
ALTER TABLE users ALTER COLUMN client_id DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_operator_has_no_client CHECK ((role = 'operator') = (client_id IS NULL));
-- An invited user has no password until they open their link; NULL never verifies.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
-- A disabled user's pages and portal API calls are refused from the next request on.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

-- Set-password links (invitations and resets). Only the SHA-256 of the token is kept;
-- a link is single-use and expires. Issuing a new link for a user voids the older ones.
CREATE TABLE password_links (
  token_hash  bytea PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (user_id),
  purpose     text NOT NULL CHECK (purpose IN ('invite', 'reset')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_links_user ON password_links (user_id);
