-- The audit log as administrators read it (GET /v1/audit-log, docs/audit.md) and the
-- portal's idle timeout (docs/security.md).

-- One organisation's rows newest first, ties by id: a page is one index range
-- (docs/pagination-at-scale.md); the filters narrow within it.
CREATE INDEX audit_log_listing ON audit_log (client_id, created_at DESC, audit_id DESC);

-- A portal session ends after PORTAL_IDLE_TIMEOUT_MIN without activity, and in any case
-- at the end of its working day. expires_at stays the one thing every liveness check
-- reads (pages, API tokens, the operator console): activity moves it forward, never past
-- max_expires_at, the absolute end set at sign-in (lib/server/auth/sessions.ts).
ALTER TABLE portal_sessions ADD COLUMN max_expires_at timestamptz;
UPDATE portal_sessions SET max_expires_at = expires_at;
ALTER TABLE portal_sessions ALTER COLUMN max_expires_at SET NOT NULL;
