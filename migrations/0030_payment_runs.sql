-- Payment runs (issue 20, docs/payment-runs.md): a file of up to 10,000 payments on the
-- ACH, SWIFT and INTERNAL rails, made by a job with the rails' own use cases.

-- The run, which is also its job (GET /v1/jobs/{jobId} answers for it with batch_id).
CREATE TABLE payment_batches (
  client_id        text NOT NULL REFERENCES clients (client_id),
  batch_id         uuid NOT NULL,
  status           text NOT NULL DEFAULT 'Pending'
                   CHECK (status IN ('PendingApproval', 'Pending', 'Processing', 'Completed', 'Failed')),
  format           text NOT NULL CHECK (format IN ('json', 'csv', 'pain.001')),
  reference        text,
  -- A pain.001 upload's GrpHdr/MsgId, which its pain.002 report names as the original message.
  message_id       text,
  total_items      integer NOT NULL CHECK (total_items BETWEEN 1 AND 10000),
  processed_items  integer NOT NULL DEFAULT 0,
  created_items    integer NOT NULL DEFAULT 0,
  failed_items     integer NOT NULL DEFAULT 0,
  rejected_items   integer NOT NULL DEFAULT 0,
  -- Debit total per currency of the whole file: [{currency, amount, count}] (exact decimal text).
  totals           jsonb NOT NULL,
  rails            text[] NOT NULL,
  callback_url     text,
  custom_headers   jsonb NOT NULL DEFAULT '{}',
  -- Absolute base of statusUrl/resultUrl as the client saw it at acceptance (for the callback).
  base_url         text NOT NULL,
  -- The maker, as the payments will carry it: the audit spelling, the person (or null), the request's IP and correlation id.
  actor            text NOT NULL,
  person           jsonb,
  ip               text,
  correlation_id   text,
  approved_by      jsonb NOT NULL DEFAULT '[]',
  failure_reason   text,
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_at       timestamptz,
  completed_at     timestamptz,
  PRIMARY KEY (client_id, batch_id),
  CHECK (processed_items = created_items + failed_items + rejected_items AND processed_items <= total_items)
);
CREATE INDEX payment_batches_listing ON payment_batches (client_id, created_at DESC, batch_id DESC);

-- One row per item: the request as accepted and, once processed, its result. The result is
-- written in the same transaction as the item's payment, so an item with a result is never
-- made again, and one without has made nothing (exactly once across retries and crashes).
CREATE TABLE payment_batch_items (
  client_id           text NOT NULL,
  batch_id            uuid NOT NULL,
  item_index          integer NOT NULL,
  rail                text NOT NULL CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL')),
  request             jsonb NOT NULL,
  end_to_end_id       text,
  -- A pain.001 transaction's PmtInfId, by which its pain.002 report groups the statuses.
  payment_info_id     text,
  status              text CHECK (status IN ('Created', 'Failed', 'Rejected')),
  payment_id          uuid,
  transaction_status  text,
  error_code          text,
  error_message       text,
  PRIMARY KEY (client_id, batch_id, item_index),
  FOREIGN KEY (client_id, batch_id) REFERENCES payment_batches (client_id, batch_id)
);
-- The next items to make: those without a result, in file order.
CREATE INDEX payment_batch_items_todo ON payment_batch_items (client_id, batch_id, item_index) WHERE status IS NULL;

-- Clients that pay hold the run permission too (decisions §11: demo clients hold it).
UPDATE clients SET permissions = permissions || ARRAY['payment-batch']
WHERE 'payment-ach' = ANY (permissions) AND NOT 'payment-batch' = ANY (permissions);
