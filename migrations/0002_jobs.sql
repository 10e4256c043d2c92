-- A PostgreSQL-backed task queue (the outbox and the worker's work list).
-- Tasks are enqueued in the same transaction as the change that causes them,
-- claimed with FOR UPDATE SKIP LOCKED under a lease, so several app processes
-- share the work and a crashed worker's task is taken again when its lease ends.
CREATE TABLE queue_tasks (
  task_id       bigserial PRIMARY KEY,
  client_id     text,
  kind          text NOT NULL,
  payload       jsonb NOT NULL DEFAULT '{}',
  -- Deduplicates enqueues of the same logical task (e.g. one settlement per payment).
  dedupe_key    text,
  run_at        timestamptz NOT NULL DEFAULT now(),
  attempts      integer NOT NULL DEFAULT 0,
  locked_until  timestamptz,
  locked_by     text,
  last_error    text,
  done_at       timestamptz,
  failed_at     timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX queue_tasks_dedupe ON queue_tasks (kind, dedupe_key) WHERE dedupe_key IS NOT NULL;
-- The claim query scans only open tasks in run order.
CREATE INDEX queue_tasks_open ON queue_tasks (run_at) WHERE done_at IS NULL AND failed_at IS NULL;

-- One row per worker process, refreshed on each poll: the status monitor reads it.
CREATE TABLE worker_heartbeats (
  worker_id   text PRIMARY KEY,
  started_at  timestamptz NOT NULL DEFAULT now(),
  seen_at     timestamptz NOT NULL DEFAULT now()
);
