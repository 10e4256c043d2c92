-- The audit trail (issue 14): who did what, from where, under which request, with the
-- state before and after, and tamper evidence.
--
-- Writing stays one cheap INSERT in the caller's transaction (audit_write below): the
-- payment path never waits on the chain. Sealing (lib/server/audit/seal.ts) chains
-- committed rows after the fact, per organisation, in the order it finds them:
-- chain_seq 1, 2, 3... with row_hash = sha256(prev_hash || canonical row). The head of
-- each organisation's chain lives in audit_chain_heads, whose row lock serialises the
-- sealers of one organisation (several instances may seal at once), and which lets the
-- verifier see a chain cut short at its end.

ALTER TABLE audit_log
  ADD COLUMN ip inet,
  ADD COLUMN correlation_id text,
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb,
  ADD COLUMN chain_seq bigint,
  ADD COLUMN prev_hash bytea,
  ADD COLUMN row_hash bytea;

-- Rows waiting for their seal: small, since rows leave it within a second or so.
CREATE INDEX audit_log_unsealed ON audit_log (client_id, audit_id) WHERE row_hash IS NULL;
-- One position per row in its organisation's chain; also the verifier's walk.
CREATE UNIQUE INDEX audit_log_chain ON audit_log (client_id, chain_seq) WHERE chain_seq IS NOT NULL;

CREATE TABLE audit_chain_heads (
  client_id  text PRIMARY KEY,
  chain_seq  bigint NOT NULL DEFAULT 0,
  row_hash   bytea,
  sealed_at  timestamptz
);

-- The one writer of audit rows. TypeScript calls it through lib/server/audit/write.ts;
-- SQL write paths (e.g. submit_payment) call it directly, in their own transaction:
--   PERFORM audit_write(p_client_id, p_actor, p_action, p_entity, p_entity_id,
--                       p_data, p_before, p_after, p_ip, p_correlation_id);
-- actor is 'user:<uuid>', 'client:<client_id>' or 'system:<name>'; the last five
-- arguments are optional (named notation works: p_ip => '10.0.0.1').
CREATE FUNCTION audit_write(
  p_client_id text, p_actor text, p_action text, p_entity text, p_entity_id text,
  p_data jsonb DEFAULT '{}', p_before jsonb DEFAULT NULL, p_after jsonb DEFAULT NULL,
  p_ip inet DEFAULT NULL, p_correlation_id text DEFAULT NULL)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data, before, after, ip, correlation_id)
  VALUES (p_client_id, p_actor, p_action, p_entity, p_entity_id, coalesce(p_data, '{}'), p_before, p_after, p_ip, p_correlation_id);
$$;

-- Rows are appended, then sealed once; nothing else may change or remove them. This is
-- defence in depth for a mistaken statement: an owner can still disable the trigger,
-- which is what the hash chain is there to reveal.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.row_hash IS NULL AND NEW.row_hash IS NOT NULL
     AND (OLD.client_id, OLD.audit_id, OLD.actor, OLD.action, OLD.entity, OLD.entity_id, OLD.data,
          OLD.created_at, OLD.ip, OLD.correlation_id, OLD.before, OLD.after)
         IS NOT DISTINCT FROM
         (NEW.client_id, NEW.audit_id, NEW.actor, NEW.action, NEW.entity, NEW.entity_id, NEW.data,
          NEW.created_at, NEW.ip, NEW.correlation_id, NEW.before, NEW.after) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log rows are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
