-- Events (decisions §11 "topics and events"): what happened to a client's payments, drafts
-- and jobs, written in the transaction of the change that causes it (with the webhook
-- deliveries fanned out from it, the outbox), listed by GET /v1/events and kept 30 days.
--
-- Reading order and the cursor. A sequence number alone cannot be a cursor: two
-- transactions take numbers 5 and 6, the one holding 6 commits first, a reader pages past
-- 6, then 5 appears behind it. So each row carries the id of the transaction that wrote it
-- (`xid`, xid8: 64 bits, never wraps) and readers list only rows whose transaction is older
-- than every transaction still in flight, pg_snapshot_xmin(pg_current_snapshot()): below
-- that horizon no row can appear any more (its writers have all ended), so what a reader
-- sees, in (xid, seq) order, is always a prefix of what it will ever see. An event becomes
-- readable once every transaction begun before its own has ended (normally milliseconds).
CREATE SEQUENCE events_seq;

CREATE TABLE events (
  client_id    text NOT NULL REFERENCES clients (client_id),
  event_id     uuid NOT NULL,
  topic        text NOT NULL,
  occurred_at  timestamptz NOT NULL,
  data         jsonb NOT NULL,
  xid          xid8 NOT NULL DEFAULT pg_current_xact_id(),
  seq          bigint NOT NULL DEFAULT nextval('events_seq'),
  PRIMARY KEY (client_id, event_id)
);
CREATE INDEX events_order ON events (client_id, xid, seq);
CREATE INDEX events_topic_order ON events (client_id, topic, xid, seq);
-- The 30-day purge.
CREATE INDEX events_age ON events (occurred_at);

ALTER TABLE webhook_subscriptions DROP CONSTRAINT webhook_subscriptions_topic_check;
ALTER TABLE webhook_subscriptions ADD CONSTRAINT webhook_subscriptions_topic_check
  CHECK (topic IN ('Deposits', 'PaymentStatusChanged', 'PaymentReturned', 'ApprovalRequested', 'ApprovalDecided', 'JobCompleted'));
