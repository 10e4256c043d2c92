-- Audit rows many at once (a payment run's chunk: one INSERT, docs/payment-runs.md, Speed):
-- p_rows is a JSON array of audit_log rows by column name (client_id, actor, action, entity,
-- entity_id, data, before?, after?, ip?, correlation_id?), written in array order. The one
-- INSERT of audit rows: audit_write (one row, migrations/0012_audit_trail.sql) is it with one.
CREATE OR REPLACE FUNCTION audit_write_rows(p_rows jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data, before, after, ip, correlation_id)
  SELECT a.client_id, a.actor, a.action, a.entity, a.entity_id, coalesce(a.data, '{}'), a.before, a.after, a.ip, a.correlation_id
  FROM jsonb_array_elements(p_rows) WITH ORDINALITY AS r (row_json, ord)
  CROSS JOIN LATERAL jsonb_populate_record(NULL::audit_log, r.row_json) AS a
  ORDER BY r.ord;
$$;

-- The one writer of audit rows, one at a time (its callers and arguments: migrations/0012_audit_trail.sql).
CREATE OR REPLACE FUNCTION audit_write(
  p_client_id text, p_actor text, p_action text, p_entity text, p_entity_id text,
  p_data jsonb DEFAULT '{}', p_before jsonb DEFAULT NULL, p_after jsonb DEFAULT NULL,
  p_ip inet DEFAULT NULL, p_correlation_id text DEFAULT NULL)
RETURNS void LANGUAGE sql AS $$
  SELECT audit_write_rows(jsonb_build_array(jsonb_build_object('client_id', p_client_id, 'actor', p_actor, 'action', p_action,
    'entity', p_entity, 'entity_id', p_entity_id, 'data', p_data, 'before', p_before, 'after', p_after, 'ip', p_ip,
    'correlation_id', p_correlation_id)));
$$;
