-- Standing orders (issue 21, decisions §11, docs/scheduling.md "Standing orders"): one rail's
-- request (the rail's body without instructionIdentification and requestedExecutionDate) paid
-- Weekly or Monthly. Each occurrence is an ordinary payment with standing_order_id: Scheduled
-- until its bank day, made then by the scheduled payments' sweep. The order keeps where it is:
-- the latest occurrence made as a payment (last_occurrence_date, last_payment_id) and the next
-- one not yet made (next_occurrence_date, null when the schedule has no more). On the latest
-- occurrence's day the worker makes the next (or, with none left, ends the order Completed).
CREATE TABLE standing_orders (
  client_id             text NOT NULL REFERENCES clients (client_id),
  standing_order_id     uuid NOT NULL,
  rail                  text NOT NULL CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL')),
  request               jsonb NOT NULL,
  schedule              jsonb NOT NULL,
  status                text NOT NULL CHECK (status IN ('Active', 'Completed', 'Cancelled')),
  next_occurrence_date  date,
  last_occurrence_date  date,
  last_payment_id       uuid,
  occurrences_made      integer NOT NULL DEFAULT 0,
  last_failure          jsonb,
  -- The maker: an occurrence made by the worker is submitted by the person who created the order.
  created_by            text NOT NULL,
  created_by_person     jsonb,
  created_at            timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  PRIMARY KEY (client_id, standing_order_id)
);
CREATE INDEX standing_orders_listing ON standing_orders (client_id, created_at DESC, standing_order_id DESC);
-- The worker's sweep: the Active orders whose latest occurrence's day has come.
CREATE INDEX standing_orders_due ON standing_orders (last_occurrence_date) WHERE status = 'Active';
-- An order's payments: its occurrences still Scheduled (its next execution date; what a cancel cancels).
CREATE INDEX payments_standing_order ON payments (client_id, standing_order_id) WHERE standing_order_id IS NOT NULL;

-- The belt under the order's row lock: one payment per occurrence of an order, whatever the
-- number of workers and crashes. payment_id is null for an occurrence the rail refused.
CREATE TABLE standing_order_occurrences (
  client_id          text NOT NULL,
  standing_order_id  uuid NOT NULL,
  occurrence_date    date NOT NULL,
  payment_id         uuid,
  created_at         timestamptz NOT NULL DEFAULT now(),
  -- client_id leads every tenant key (tests/tenant-keys.int.test.ts: tables distributable by client).
  PRIMARY KEY (client_id, standing_order_id, occurrence_date),
  FOREIGN KEY (client_id, standing_order_id) REFERENCES standing_orders (client_id, standing_order_id)
);

-- Clients that pay keep standing orders (decisions §11: demo clients and the roles that pay hold it).
UPDATE clients SET permissions = permissions || ARRAY['standing-orders']
WHERE permissions && ARRAY['payment-ach', 'payment-swift', 'payment-internal'] AND NOT 'standing-orders' = ANY (permissions);
