-- Payees (counterparties, issue 21, decisions §11): a client's book of beneficiaries that ACH
-- and SWIFT payments name by counterparty_id. Never deleted: a deleted payee is kept
-- (status Deleted) for the payments that used it.
--
-- `details` is what the payee pays to ({name, creditorAccount, creditorBank, creditorAgent,
-- intermediaryAgent}), as approved. `pending` is a new payee or a change waiting for another
-- person under an approval policy on rail COUNTERPARTY: {before, after, requestedBy,
-- requestedActor, requestedAt, approvalsRequired, approvals}; null when nothing waits.
CREATE TABLE counterparties (
  client_id        text NOT NULL REFERENCES clients (client_id),
  counterparty_id  uuid NOT NULL,
  rail             text NOT NULL CHECK (rail IN ('ACH', 'SWIFT')),
  name             text NOT NULL,
  -- The account, searched by the list's name filter with the name.
  account          text NOT NULL,
  details          jsonb NOT NULL,
  status           text NOT NULL CHECK (status IN ('Active', 'PendingApproval', 'Deleted')),
  pending          jsonb,
  created_by       text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, counterparty_id),
  CHECK ((status = 'PendingApproval') = (pending IS NOT NULL))
);
CREATE INDEX counterparties_listing ON counterparties (client_id, created_at DESC, counterparty_id DESC) WHERE status <> 'Deleted';

ALTER TABLE approval_policies DROP CONSTRAINT approval_policies_rail_check;
ALTER TABLE approval_policies ADD CONSTRAINT approval_policies_rail_check
  CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL', 'VIRTUAL_ACCOUNT_BATCH', 'COUNTERPARTY'));

-- Clients that pay keep paying their payees (decisions §11: the roles that pay hold it).
UPDATE clients SET permissions = permissions || ARRAY['counterparties']
WHERE 'payment-ach' = ANY (permissions) AND NOT 'counterparties' = ANY (permissions);
