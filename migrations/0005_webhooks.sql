-- Deposit webhooks: subscriptions, a generic outbound delivery outbox with its
-- attempt log (reused by virtual-account job callbacks), and signing-secret
-- rotation history. Every table is keyed by client_id first.

CREATE TABLE webhook_subscriptions (
  client_id        text NOT NULL REFERENCES clients (client_id),
  subscription_id  uuid NOT NULL,
  topic            text NOT NULL CHECK (topic IN ('Deposits')),
  webhook_url      text NOT NULL CHECK (length(webhook_url) <= 2048),
  custom_headers   jsonb NOT NULL DEFAULT '{}',
  is_active        boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (client_id, subscription_id)
);
-- Listing order (newest first, ties by id) and the deposit fan-out lookup.
CREATE INDEX webhook_subscriptions_listing ON webhook_subscriptions (client_id, created_at DESC, subscription_id DESC);
CREATE INDEX webhook_subscriptions_active ON webhook_subscriptions (client_id, topic) WHERE is_active;

-- One outbound signed POST (a webhook or a job callback). The body is stored as
-- the exact text sent, so every attempt (and a manual retry) sends the same bytes.
CREATE TABLE deliveries (
  client_id        text NOT NULL REFERENCES clients (client_id),
  delivery_id      uuid NOT NULL,
  -- What produced it: ('subscription', subscriptionId), ('job', jobId), ...
  source_kind      text NOT NULL,
  source_id        text NOT NULL,
  -- The business event it reports (e.g. the deposit's transactionId), for support.
  event_id         text,
  url              text NOT NULL,
  body             text NOT NULL,
  custom_headers   jsonb NOT NULL DEFAULT '{}',
  status           text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Succeeded', 'Failed')),
  attempt_count    integer NOT NULL DEFAULT 0,
  -- Attempt number at which the current run of retries started (a manual retry restarts it).
  run_started_at_attempt integer NOT NULL DEFAULT 0,
  manual_run       boolean NOT NULL DEFAULT false,
  next_attempt_at  timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  completed_at     timestamptz,
  PRIMARY KEY (client_id, delivery_id)
);
CREATE INDEX deliveries_source ON deliveries (client_id, source_kind, source_id, created_at DESC);

CREATE TABLE delivery_attempts (
  client_id      text NOT NULL,
  delivery_id    uuid NOT NULL,
  attempt_no     integer NOT NULL,
  attempted_at   timestamptz NOT NULL,
  status_code    integer,
  latency_ms     integer NOT NULL,
  succeeded      boolean NOT NULL,
  error          text,
  PRIMARY KEY (client_id, delivery_id, attempt_no),
  FOREIGN KEY (client_id, delivery_id) REFERENCES deliveries (client_id, delivery_id)
);
CREATE INDEX delivery_attempts_recent ON delivery_attempts (client_id, attempted_at DESC);

-- Previous HMAC secrets after a rotation: shown to the client until valid_until
-- so receivers can accept both while they roll the new one out.
CREATE TABLE signing_secret_rotations (
  client_id        text NOT NULL REFERENCES clients (client_id),
  rotation_id      bigserial,
  previous_secret  text NOT NULL,
  rotated_at       timestamptz NOT NULL DEFAULT now(),
  valid_until      timestamptz NOT NULL,
  PRIMARY KEY (client_id, rotation_id)
);
