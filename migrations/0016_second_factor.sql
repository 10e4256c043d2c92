-- Portal second factor (TOTP, RFC 6238) and step-up (lib/server/auth/second-factor.ts, docs/security.md).

-- One authenticator per user. The base32 secret is sealed like every other
-- secret (lib/server/crypto/stored-secrets.ts). A row without confirmed_at is
-- an enrolment waiting for its first code; last_time_step is the newest
-- 30-second step a code was accepted for, so that code (and older ones) can
-- never be used again.
CREATE TABLE user_second_factors (
  user_id         uuid PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
  secret_sealed   text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  confirmed_at    timestamptz,
  last_time_step  bigint
);

-- Recovery codes: SHA-256 of 50-bit random codes (high entropy, so no slow KDF
-- is needed), each spent once. Replaced whole when new ones are made.
CREATE TABLE user_recovery_codes (
  user_id    uuid NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  code_hash  text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- When this session last proved the second factor (sign-in, enrolment or a
-- step-up prompt): money-moving and secret-revealing actions need it recent.
ALTER TABLE portal_sessions ADD COLUMN second_factor_at timestamptz;
