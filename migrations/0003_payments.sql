-- Payments (ACH local, SWIFT), their deduplication, idempotent responses, and the
-- reference data they need (FX rates, bank holidays). See docs/payments.md.

-- Stored responses for Idempotency-Key (decisions §5). The key is scoped per client,
-- method and path. A row is first committed "in_flight" (so a concurrent second request
-- gets 409 at once), then completed in the SAME transaction as the business change.
CREATE TABLE idempotency_keys (
  client_id        text NOT NULL,
  method           text NOT NULL,
  path             text NOT NULL,
  idem_key         text NOT NULL,
  state            text NOT NULL CHECK (state IN ('in_flight', 'completed')),
  -- Random per claim: only the claimant may complete or release the row, so a request
  -- that overran the 60 s in-flight window cannot overwrite its successor's claim.
  claim_token      uuid NOT NULL,
  locked_at        timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  response_status  integer,
  -- text, not jsonb: jsonb reorders keys, and a replay must return the original bytes.
  response_body    text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, method, path, idem_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

CREATE TABLE payments (
  client_id                   text NOT NULL,
  payment_id                  uuid NOT NULL,
  unique_identifier           text NOT NULL,
  rail                        text NOT NULL CHECK (rail IN ('ACH', 'SWIFT')),
  status                      text NOT NULL CHECK (status IN ('Pending', 'Completed', 'Failed', 'Reversed')),
  failure_reason              text,
  debtor_account_id           text NOT NULL,
  debtor_account_number       text NOT NULL,
  instruction_identification  text,
  debit_minor                 bigint NOT NULL CHECK (debit_minor > 0),
  debit_currency              char(3) NOT NULL,
  credit_minor                bigint NOT NULL CHECK (credit_minor > 0),
  credit_currency             char(3) NOT NULL,
  exchange_rate               text,
  charge_minor                bigint NOT NULL DEFAULT 0 CHECK (charge_minor >= 0),
  charges_type                text CHECK (charges_type IN ('OUR', 'BEN', 'SHA')),
  settlement_date             date NOT NULL,
  -- Whether funds are currently held by the ledger for this payment (false once returned
  -- or when the payment failed at creation): the lifecycle refunds exactly once.
  funds_held                  boolean NOT NULL,
  -- The parts of the request the response and status record echo.
  details                     jsonb NOT NULL,
  remittance_information      text[] NOT NULL,
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, payment_id),
  UNIQUE (client_id, unique_identifier),
  FOREIGN KEY (client_id, debtor_account_id) REFERENCES accounts (client_id, account_id)
);
-- Per-account listing, newest first, ties by id.
CREATE INDEX payments_by_account ON payments (client_id, debtor_account_id, created_at DESC, payment_id DESC);

-- instructionIdentification deduplication (spec §4.3 rules 7-8). The primary key is the
-- guard: a concurrent second insert waits on the first transaction (bounded by
-- lock_timeout, hence 503 DEDUPE_LOCK_UNAVAILABLE) and then conflicts. A row older than
-- the window is taken over by the next accepted payment.
CREATE TABLE payment_instruction_ids (
  client_id                   text NOT NULL,
  rail                        text NOT NULL CHECK (rail IN ('ACH', 'SWIFT')),
  instruction_identification  text NOT NULL,
  payment_id                  uuid NOT NULL,
  accepted_at                 timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, rail, instruction_identification)
);

-- The treasury's rate table: units of to_currency for one unit of from_currency.
-- Reference data, not client data (no client_id).
CREATE TABLE fx_rates (
  from_currency  char(3) NOT NULL,
  to_currency    char(3) NOT NULL,
  rate           numeric(20, 10) NOT NULL CHECK (rate > 0),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (from_currency, to_currency)
);
INSERT INTO fx_rates (from_currency, to_currency, rate) VALUES
  ('USD', 'BMD', 1), ('BMD', 'USD', 1),
  ('USD', 'EUR', 0.9215), ('BMD', 'EUR', 0.9215),
  ('USD', 'GBP', 0.7874), ('BMD', 'GBP', 0.7874),
  ('USD', 'CAD', 1.3642), ('BMD', 'CAD', 1.3642),
  ('USD', 'CHF', 0.8843), ('BMD', 'CHF', 0.8843),
  ('USD', 'JPY', 151.37), ('BMD', 'JPY', 151.37);

-- Bermuda bank holidays (local dates): not business days for settlement.
-- Operations adds next year's dates with a plain INSERT.
CREATE TABLE bank_holidays (
  holiday_date  date PRIMARY KEY,
  name          text NOT NULL
);
INSERT INTO bank_holidays (holiday_date, name) VALUES
  ('2026-01-01', 'New Year''s Day'),
  ('2026-04-03', 'Good Friday'),
  ('2026-05-29', 'Bermuda Day'),
  ('2026-06-15', 'National Heroes Day'),
  ('2026-07-30', 'Emancipation Day'),
  ('2026-07-31', 'Mary Prince Day'),
  ('2026-09-07', 'Labour Day'),
  ('2026-11-11', 'Remembrance Day'),
  ('2026-12-25', 'Christmas Day'),
  ('2026-12-28', 'Boxing Day (observed)'),
  ('2027-01-01', 'New Year''s Day'),
  ('2027-03-26', 'Good Friday'),
  ('2027-05-28', 'Bermuda Day'),
  ('2027-06-21', 'National Heroes Day'),
  ('2027-07-29', 'Emancipation Day'),
  ('2027-07-30', 'Mary Prince Day'),
  ('2027-09-06', 'Labour Day'),
  ('2027-11-11', 'Remembrance Day'),
  ('2027-12-27', 'Christmas Day (observed)'),
  ('2027-12-28', 'Boxing Day (observed)');
