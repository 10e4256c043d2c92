-- The queue's enqueue (lib/server/jobs/queue.ts). A task due now wakes the workers; a task
-- due later does not (the poll finds it), because a NOTIFY makes the commit take
-- PostgreSQL's database-wide notify lock. The channel must match QUEUE_CHANNEL in
-- lib/server/jobs/queue.ts.
CREATE OR REPLACE FUNCTION enqueue_task(p_client text, p_kind text, p_payload jsonb, p_run_at timestamptz, p_dedupe_key text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO queue_tasks (client_id, kind, payload, run_at, dedupe_key)
  VALUES (p_client, p_kind, p_payload, coalesce(p_run_at, now()), p_dedupe_key)
  ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING;
  IF p_run_at IS NULL OR p_run_at <= clock_timestamp() THEN
    PERFORM pg_notify('harbour_tasks', p_kind);
  END IF;
END $$;
