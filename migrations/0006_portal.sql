-- Portal sign-in throttling. Keyed by the (normalised) email that was typed, not
-- by user, so an unknown address is throttled exactly like a known one and the
-- lockout message cannot be used to find out which addresses have accounts.
CREATE TABLE portal_login_attempts (
  email            text PRIMARY KEY,
  failed_attempts  integer NOT NULL DEFAULT 0,
  last_failed_at   timestamptz NOT NULL DEFAULT now(),
  locked_until     timestamptz
);
