-- The queue's enqueue (lib/server/jobs/queue.ts). A task due now wakes the workers; a task
-- due later does not (the poll finds it), because a NOTIFY makes the commit take
-- PostgreSQL's database-wide notify lock. The channel must match QUEUE_CHANNEL in
-- lib/server/jobs/queue.ts.
--
-- enqueue_tasks takes many at once (a payment run's chunk of settlement tasks: one INSERT,
-- docs/payment-runs.md, Speed): p_tasks is a JSON array of {clientId, kind, payload, runAt,
-- dedupeKey}, enqueued in array order; enqueue_task is it with one.
CREATE OR REPLACE FUNCTION enqueue_tasks(p_tasks jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO queue_tasks (client_id, kind, payload, run_at, dedupe_key)
  SELECT t.task->>'clientId', t.task->>'kind', nullif(t.task->'payload', 'null'::jsonb),
         coalesce((t.task->>'runAt')::timestamptz, now()), t.task->>'dedupeKey'
  FROM jsonb_array_elements(p_tasks) WITH ORDINALITY AS t (task, ord)
  ORDER BY t.ord
  ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING;
  PERFORM pg_notify('harbour_tasks', d.kind)
  FROM (SELECT DISTINCT t.task->>'kind' AS kind FROM jsonb_array_elements(p_tasks) AS t (task)
        WHERE t.task->>'runAt' IS NULL OR (t.task->>'runAt')::timestamptz <= clock_timestamp()) AS d;
END $$;

CREATE OR REPLACE FUNCTION enqueue_task(p_client text, p_kind text, p_payload jsonb, p_run_at timestamptz, p_dedupe_key text)
RETURNS void LANGUAGE sql AS $$
  SELECT enqueue_tasks(jsonb_build_array(jsonb_build_object('clientId', p_client, 'kind', p_kind, 'payload', p_payload,
    'runAt', p_run_at, 'dedupeKey', p_dedupe_key)));
$$;
