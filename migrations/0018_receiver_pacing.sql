-- Webhook receivers judged once for every server (lib/server/delivery/origin-gate.ts, docs/webhooks.md):
-- how long a receiver origin takes to answer, whether it hangs, and the concurrent slots its
-- deliveries hold, so that several app servers share one view and one limit per receiver.

-- One row per receiver origin (scheme://host:port). latency_ms: a moving average of the time
-- to an answer (any status). failures: timeouts in a row; hanging_until: while in the future the
-- receiver has a single slot (the attempt that tests it) and its other deliveries wait their turn.
-- next_turn_at: the next free turn for a delivery that found every slot busy, so that waiting
-- deliveries come back spaced at the pace the receiver answers rather than all at once.
CREATE TABLE webhook_receivers (
  origin         text PRIMARY KEY CHECK (length(origin) <= 2100),
  latency_ms     integer NOT NULL DEFAULT 0 CHECK (latency_ms >= 0),
  failures       integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  hanging_until  timestamptz,
  next_turn_at   timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- A slot is held by one attempt (holder: a random token of that attempt) until it ends or the
-- lease lapses (a server that died mid-attempt frees its slots when their leases end).
-- acquired_at shows how long the oldest attempt in flight has been waiting for an answer.
CREATE TABLE webhook_receiver_slots (
  origin       text NOT NULL CHECK (length(origin) <= 2100),
  slot         smallint NOT NULL CHECK (slot > 0),
  holder       uuid NOT NULL,
  acquired_at  timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (origin, slot)
);
