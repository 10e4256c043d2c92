-- Virtual accounts (spec §2.4-2.6, §4.6-4.7; decisions §6). See docs/virtual-accounts.md.
-- Virtual accounts live in their own table with their own postings rather than in
-- `accounts`: they are sub-ledger entries under the client's settlement account, not
-- accounts a client can list with GET /v1/accounts or debit with a payment.

-- Which currencies a client may open virtual accounts in (provisioning by the bank).
CREATE TABLE virtual_account_currencies (
  client_id   text NOT NULL REFERENCES clients (client_id),
  currency    char(3) NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, currency)
);

-- One global sequence feeds every client's numbers, so a number is unique bank-wide
-- even though the keys below include client_id. Gaps (rolled-back chunks) are harmless.
CREATE SEQUENCE virtual_account_number_seq;

-- A batch creation request. `items` is the validated request, so a re-claimed task
-- resumes from `processed_items` without the original HTTP request.
CREATE TABLE virtual_account_jobs (
  client_id        text NOT NULL REFERENCES clients (client_id),
  job_id           uuid NOT NULL,
  api_version      smallint NOT NULL CHECK (api_version IN (1, 2)),
  status           text NOT NULL DEFAULT 'Pending'
                   CHECK (status IN ('Pending', 'Processing', 'Completed', 'CompletedWithErrors', 'Failed')),
  total_items      integer NOT NULL CHECK (total_items BETWEEN 1 AND 1000),
  processed_items  integer NOT NULL DEFAULT 0,
  succeeded_items  integer NOT NULL DEFAULT 0,
  failed_items     integer NOT NULL DEFAULT 0,
  items            jsonb NOT NULL,
  callback_url     text,
  custom_headers   jsonb NOT NULL DEFAULT '{}',
  -- Absolute base of statusUrl/resultUrl as the client saw it at acceptance (for the callback).
  base_url         text NOT NULL,
  actor            text NOT NULL,
  failure_reason   text,
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_at       timestamptz,
  completed_at     timestamptz,
  PRIMARY KEY (client_id, job_id),
  CHECK (processed_items = succeeded_items + failed_items AND processed_items <= total_items)
);

CREATE TABLE virtual_accounts (
  client_id               text NOT NULL REFERENCES clients (client_id),
  virtual_account_number  text NOT NULL,
  currency                char(3) NOT NULL,
  -- NULL while unallocated; the API shows the placeholder UNALLOCATED.
  account_holder_name     text,
  account_name            text,
  account_holder_type     text CHECK (account_holder_type IN ('Individual', 'Business')),
  dob                     date,
  native_language_name    text,
  client_reference        text CHECK (length(client_reference) <= 35),
  -- v2 holder details (individual/business blocks, tax id, country of residence).
  holder_details          jsonb NOT NULL DEFAULT '{}',
  allocated_at            timestamptz,
  -- Derived from virtual_account_postings; written in the same statement as each posting.
  balance_minor           bigint NOT NULL DEFAULT 0,
  -- The batch item that created it: the key that makes a re-run chunk create nothing twice.
  job_id                  uuid,
  item_index              integer,
  effective_date          timestamptz NOT NULL DEFAULT now(),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, virtual_account_number),
  UNIQUE (client_id, job_id, item_index),
  CHECK ((account_holder_name IS NULL) = (account_name IS NULL))
);
-- Listing order (newest first, ties by number), optionally by currency.
CREATE INDEX virtual_accounts_listing ON virtual_accounts (client_id, created_at DESC, virtual_account_number DESC);
CREATE INDEX virtual_accounts_by_currency ON virtual_accounts (client_id, currency, created_at DESC, virtual_account_number DESC);

CREATE TABLE virtual_account_postings (
  client_id               text NOT NULL,
  posting_id              bigserial,
  virtual_account_number  text NOT NULL,
  amount_minor            bigint NOT NULL,
  currency                char(3) NOT NULL,
  kind                    text NOT NULL,
  reference               text,
  created_at              timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, posting_id),
  FOREIGN KEY (client_id, virtual_account_number) REFERENCES virtual_accounts (client_id, virtual_account_number)
);
CREATE INDEX virtual_account_postings_account ON virtual_account_postings (client_id, virtual_account_number);

-- Items that could not be created (e.g. the currency was de-provisioned after acceptance).
-- Created items are their virtual_accounts rows; results are the union of the two.
CREATE TABLE virtual_account_job_failures (
  client_id         text NOT NULL,
  job_id            uuid NOT NULL,
  item_index        integer NOT NULL,
  client_reference  text,
  error_code        text NOT NULL,
  error_message     text NOT NULL,
  PRIMARY KEY (client_id, job_id, item_index),
  FOREIGN KEY (client_id, job_id) REFERENCES virtual_account_jobs (client_id, job_id)
);
