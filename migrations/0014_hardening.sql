-- Portal sessions kept server-side, so that signing out ends a session for good:
-- a session cookie copied before sign-out, and every API token minted from it,
-- stop working once the row is ended (lib/server/auth/sessions.ts).
CREATE TABLE portal_sessions (
  session_id    uuid PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz,
  ended_reason  text CHECK (ended_reason IS NULL OR length(ended_reason) <= 64)
);
CREATE INDEX portal_sessions_live_by_user ON portal_sessions (user_id) WHERE ended_at IS NULL;

-- Failed credentials counted per (scope, key), shared by every server
-- (lib/server/auth/throttle.ts): portal sign-in per email and per address,
-- token endpoint per client and per address, invalid bearer tokens per address.
-- Replaces portal_login_attempts, which counted sign-in per email only.
CREATE TABLE auth_throttle (
  scope            text NOT NULL,
  key              text NOT NULL,
  failed_attempts  integer NOT NULL,
  last_failed_at   timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz,
  PRIMARY KEY (scope, key)
);
INSERT INTO auth_throttle (scope, key, failed_attempts, last_failed_at, locked_until)
  SELECT 'sign-in-email', email, failed_attempts, last_failed_at, locked_until FROM portal_login_attempts;
DROP TABLE portal_login_attempts;
