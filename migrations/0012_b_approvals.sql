-- Dual control (issue 14): approval policies per organisation, payment drafts that wait
-- for approvers, and the approver role.

ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('viewer', 'treasurer', 'approver', 'admin', 'operator'));

-- One policy per (organisation, rail, currency): payments at or above threshold_minor
-- need `approvers` approvals. Changing a policy never touches a waiting draft, which
-- keeps the number it was drafted under (payment_drafts.approvals_required).
CREATE TABLE approval_policies (
  client_id        text NOT NULL REFERENCES clients (client_id),
  rail             text NOT NULL CHECK (rail IN ('ACH', 'SWIFT')),
  currency         char(3) NOT NULL,
  threshold_minor  bigint NOT NULL CHECK (threshold_minor >= 0),
  approvers        smallint NOT NULL CHECK (approvers IN (1, 2)),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, rail, currency)
);

-- A payment a policy held back: the full API request and the Idempotency-Key made when
-- the form opened, so the approval that completes it submits exactly that request once.
-- Nothing is reserved until then.
CREATE TABLE payment_drafts (
  client_id           text NOT NULL REFERENCES clients (client_id),
  draft_id            uuid NOT NULL,
  rail                text NOT NULL CHECK (rail IN ('ACH', 'SWIFT')),
  request             jsonb NOT NULL,
  idempotency_key     uuid NOT NULL,
  currency            char(3) NOT NULL,
  amount_minor        bigint NOT NULL,
  debtor_account      text NOT NULL,
  beneficiary         text NOT NULL,
  maker_id            uuid NOT NULL REFERENCES users (user_id),
  approvals_required  smallint NOT NULL CHECK (approvals_required IN (1, 2)),
  next_business_day   boolean NOT NULL,
  settlement_date     date NOT NULL,
  exchange_rate       text,
  expires_at          timestamptz NOT NULL,
  status              text NOT NULL CHECK (status IN ('AwaitingApproval', 'Submitting', 'Submitted', 'Rejected', 'Refused')),
  -- Why the API refused the approved request (status Refused), as the approvers read it.
  refusal             text,
  payment_id          text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, draft_id),
  UNIQUE (client_id, idempotency_key)
);
CREATE INDEX payment_drafts_listing ON payment_drafts (client_id, created_at DESC, draft_id DESC);

-- One decision per person per draft: two approvals are two people by construction.
CREATE TABLE payment_draft_decisions (
  client_id   text NOT NULL,
  draft_id    uuid NOT NULL,
  user_id     uuid NOT NULL REFERENCES users (user_id),
  decision    text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  comment     text CHECK (comment IS NULL OR length(comment) <= 280),
  decided_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, draft_id, user_id),
  FOREIGN KEY (client_id, draft_id) REFERENCES payment_drafts (client_id, draft_id)
);
