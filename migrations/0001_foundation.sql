-- Foundation: clients, accounts with a ledger, portal users, rate limits, keys, audit.
-- Every table holding a client's data carries client_id in its primary and unique keys,
-- so the schema can later be distributed by client without a rewrite.

CREATE TABLE clients (
  client_id        text PRIMARY KEY,
  name             text NOT NULL,
  cif              text NOT NULL,
  secret_hash      text NOT NULL,
  permissions      text[] NOT NULL,
  ip_allow_list    cidr[] NOT NULL DEFAULT '{}',
  signing_mode     text NOT NULL CHECK (signing_mode IN ('rsa', 'hmac')),
  signing_secret   text,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  client_id               text NOT NULL REFERENCES clients (client_id),
  account_id              text NOT NULL,
  account_number          text NOT NULL,
  cif                     text NOT NULL,
  currency                char(3) NOT NULL,
  status                  text NOT NULL,
  account_type            text,
  account_sub_type        text NOT NULL,
  nickname                text,
  category                text NOT NULL DEFAULT 'account' CHECK (category IN ('account', 'settlement', 'parent')),
  opening_date            timestamptz NOT NULL,
  balance_effective_date  timestamptz NOT NULL DEFAULT now(),
  -- Derived from ledger_postings; written in the same transaction as each posting.
  available_minor         bigint NOT NULL DEFAULT 0,
  owners                  jsonb NOT NULL DEFAULT '[]',
  routings                jsonb NOT NULL DEFAULT '[]',
  attributes              jsonb NOT NULL DEFAULT '[]',
  created_at              timestamptz NOT NULL DEFAULT now(),
  seq                     bigserial,
  PRIMARY KEY (client_id, account_id),
  UNIQUE (client_id, account_number)
);
-- Stable listing order: newest first, ties by id.
CREATE INDEX accounts_listing ON accounts (client_id, created_at DESC, account_id DESC);

CREATE TABLE ledger_postings (
  client_id     text NOT NULL,
  posting_id    bigserial,
  account_id    text NOT NULL,
  amount_minor  bigint NOT NULL,
  currency      char(3) NOT NULL,
  kind          text NOT NULL,
  reference     text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, posting_id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts (client_id, account_id)
);
CREATE INDEX ledger_postings_account ON ledger_postings (client_id, account_id);

CREATE TABLE users (
  user_id          uuid PRIMARY KEY,
  email            text NOT NULL UNIQUE,
  display_name     text NOT NULL,
  password_hash    text NOT NULL,
  role             text NOT NULL CHECK (role IN ('viewer', 'treasurer', 'admin')),
  client_id        text NOT NULL REFERENCES clients (client_id),
  failed_attempts  integer NOT NULL DEFAULT 0,
  locked_until     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window request counters shared by every app instance.
CREATE TABLE rate_limit_windows (
  client_id     text NOT NULL,
  window_start  bigint NOT NULL,
  hits          integer NOT NULL,
  PRIMARY KEY (client_id, window_start)
);

-- The bank's own keys and secrets, shared by every instance through the database.
CREATE TABLE signing_keys (
  kid          text PRIMARY KEY,
  algorithm    text NOT NULL,
  private_jwk  jsonb NOT NULL,
  public_jwk   jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bank_codes (
  bank_code  text NOT NULL,
  currency   char(3) NOT NULL,
  name       text NOT NULL,
  PRIMARY KEY (bank_code, currency)
);

CREATE TABLE audit_log (
  client_id   text NOT NULL,
  audit_id    bigserial,
  actor       text NOT NULL,
  action      text NOT NULL,
  entity      text NOT NULL,
  entity_id   text NOT NULL,
  data        jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, audit_id)
);
