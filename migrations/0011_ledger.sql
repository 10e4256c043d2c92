-- The double-entry ledger (issue 13, docs/ledger.md). Every movement is one journal entry:
-- postings that share an entry_id and sum to zero per currency, across client accounts and
-- the bank's own accounts. The writer is SQL ledger_post_entry (migrations/functions/ledger.sql).

-- The bank's own accounts, one per kind and currency. Their balances are not kept as rows:
-- one row per kind would be a lock every payment of the bank queues on; the verifier and
-- reports sum their postings instead (docs/ledger.md).
CREATE TABLE bank_accounts (
  bank_account  text PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('ach_clearing', 'swift_nostro', 'fee_income', 'fx_position', 'sandbox_funding',
                                              'opening_balances', 'suspense')),
  currency      char(3) NOT NULL,
  name          text NOT NULL,
  UNIQUE (kind, currency),
  CHECK (bank_account = kind || ':' || currency)
);
INSERT INTO bank_accounts (bank_account, kind, currency, name)
SELECT k.kind || ':' || c.currency, k.kind, c.currency, k.name || ' ' || c.currency
FROM (VALUES ('ach_clearing', 'ACH clearing'), ('swift_nostro', 'SWIFT nostro'), ('fee_income', 'Fee income'),
             ('fx_position', 'FX position'), ('sandbox_funding', 'Sandbox funding'), ('opening_balances', 'Opening balances'),
             ('suspense', 'Suspense')) AS k (kind, name)
CROSS JOIN (VALUES ('USD'), ('BMD'), ('EUR'), ('GBP'), ('CAD'), ('CHF'), ('JPY')) AS c (currency);

-- Postings: a client account's or a bank account's, never both. A posting on a client
-- account carries the balance after it (accounts.available_minor right after the change,
-- under the account's row lock, so per account posting_id order is balance order).
ALTER TABLE ledger_postings
  ADD COLUMN entry_id bigint,
  ADD COLUMN bank_account text REFERENCES bank_accounts (bank_account),
  ADD COLUMN cause_type text,
  ADD COLUMN payment_id uuid,
  ADD COLUMN value_date date,
  ADD COLUMN booking_date date,
  ADD COLUMN balance_after_minor bigint,
  ADD COLUMN details jsonb;
ALTER TABLE ledger_postings ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE ledger_postings RENAME COLUMN created_at TO booked_at;

-- Existing postings become balanced entries: the postings of one cause written in one
-- statement (a payment's principal and charge) share an entry; each gets the bank-side
-- counterparts its kind implies. Anything unrecognised balances against suspense, where
-- an operator sees it.
UPDATE ledger_postings p SET
  entry_id = e.entry_id,
  cause_type = CASE WHEN p.kind LIKE 'payment%' THEN 'payment' WHEN p.kind = 'deposit' THEN 'deposit'
                    WHEN p.kind = 'opening_balance' THEN 'opening' ELSE 'adjustment' END,
  booking_date = (p.booked_at AT TIME ZONE 'Atlantic/Bermuda')::date,
  value_date = (p.booked_at AT TIME ZONE 'Atlantic/Bermuda')::date,
  balance_after_minor = e.balance_after
FROM (SELECT client_id, posting_id,
             min(posting_id) OVER (PARTITION BY client_id, coalesce(reference, posting_id::text), booked_at) AS entry_id,
             sum(amount_minor) OVER (PARTITION BY client_id, account_id ORDER BY posting_id) AS balance_after
      FROM ledger_postings) e
WHERE e.client_id = p.client_id AND e.posting_id = p.posting_id;
-- A payment's debit is valued on its settlement date.
UPDATE ledger_postings p SET payment_id = pay.payment_id,
  value_date = CASE WHEN p.kind IN ('payment', 'payment_charge') THEN pay.settlement_date ELSE p.value_date END
FROM payments pay
WHERE p.cause_type = 'payment' AND pay.client_id = p.client_id AND pay.payment_id::text = p.reference;

INSERT INTO ledger_postings (client_id, entry_id, bank_account, amount_minor, currency, kind, reference, cause_type, payment_id,
                             value_date, booking_date, booked_at)
SELECT p.client_id, p.entry_id, c.kind || ':' || c.currency, c.amount, c.currency, p.kind, p.reference, p.cause_type, p.payment_id,
       p.value_date, p.booking_date, p.booked_at
FROM ledger_postings p
LEFT JOIN payments pay ON pay.client_id = p.client_id AND pay.payment_id = p.payment_id
CROSS JOIN LATERAL (
  SELECT * FROM (VALUES
    -- principal of a payment or its return: the rail's clearing account, through the FX position when converted
    (CASE WHEN pay.rail = 'ACH' THEN 'ach_clearing' WHEN pay.credit_currency = pay.debit_currency THEN 'swift_nostro' ELSE 'fx_position' END,
     p.currency::text, -p.amount_minor, p.kind IN ('payment', 'payment_return') AND pay.payment_id IS NOT NULL),
    ('fx_position', pay.credit_currency::text,
     CASE WHEN p.amount_minor < 0 THEN -pay.credit_minor ELSE pay.credit_minor END,
     p.kind IN ('payment', 'payment_return') AND pay.rail = 'SWIFT' AND pay.credit_currency <> pay.debit_currency),
    ('swift_nostro', pay.credit_currency::text,
     CASE WHEN p.amount_minor < 0 THEN pay.credit_minor ELSE -pay.credit_minor END,
     p.kind IN ('payment', 'payment_return') AND pay.rail = 'SWIFT' AND pay.credit_currency <> pay.debit_currency),
    ('fee_income', p.currency::text, -p.amount_minor, p.kind IN ('payment_charge', 'payment_charge_return')),
    ('sandbox_funding', p.currency::text, -p.amount_minor, p.kind = 'deposit'),
    ('opening_balances', p.currency::text, -p.amount_minor, p.kind = 'opening_balance'),
    ('suspense', p.currency::text, -p.amount_minor,
     p.kind NOT IN ('payment', 'payment_return', 'payment_charge', 'payment_charge_return', 'deposit', 'opening_balance')
     OR (p.kind IN ('payment', 'payment_return') AND pay.payment_id IS NULL))
  ) AS v (kind, currency, amount, applies)
  WHERE v.applies
) AS c (kind, currency, amount, applies)
WHERE p.account_id IS NOT NULL;

CREATE SEQUENCE ledger_entry_seq;
SELECT setval('ledger_entry_seq', coalesce((SELECT max(posting_id) FROM ledger_postings), 0) + 1, false);

ALTER TABLE ledger_postings
  ALTER COLUMN entry_id SET NOT NULL,
  ALTER COLUMN cause_type SET NOT NULL,
  ALTER COLUMN value_date SET NOT NULL,
  ALTER COLUMN booking_date SET NOT NULL,
  ADD CONSTRAINT ledger_postings_one_account CHECK (num_nonnulls(account_id, bank_account) = 1),
  ADD CONSTRAINT ledger_postings_balance_after CHECK ((account_id IS NULL) = (balance_after_minor IS NULL)),
  ADD CONSTRAINT ledger_postings_cause CHECK (cause_type IN ('payment', 'transfer', 'deposit', 'opening', 'adjustment'));

-- An account's activity in booking order (transactions newest first, statements oldest
-- first): a date range is an index range, a page an index seek.
DROP INDEX ledger_postings_account;
CREATE INDEX ledger_postings_activity ON ledger_postings (client_id, account_id, booked_at, posting_id) WHERE account_id IS NOT NULL;
CREATE INDEX ledger_postings_entry ON ledger_postings (client_id, entry_id);
CREATE INDEX ledger_postings_payment ON ledger_postings (client_id, payment_id) WHERE payment_id IS NOT NULL;

-- Internal transfers are payments too (issue 13): they appear in the payment lists.
ALTER TABLE payments DROP CONSTRAINT payments_rail_check;
ALTER TABLE payments ADD CONSTRAINT payments_rail_check CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL'));
ALTER TABLE payments ADD COLUMN creditor_account_id text;
ALTER TABLE payment_instruction_ids DROP CONSTRAINT payment_instruction_ids_rail_check;
ALTER TABLE payment_instruction_ids ADD CONSTRAINT payment_instruction_ids_rail_check CHECK (rail IN ('ACH', 'SWIFT', 'INTERNAL'));

-- The new permission claims go to the clients that read accounts and that pay.
UPDATE clients SET permissions = permissions || ARRAY['get-account-transactions']
WHERE 'get-account' = ANY (permissions) AND NOT 'get-account-transactions' = ANY (permissions);
UPDATE clients SET permissions = permissions || ARRAY['payment-internal']
WHERE 'payment-ach' = ANY (permissions) AND NOT 'payment-internal' = ANY (permissions);

-- SQL functions live in migrations/functions/ from now on, re-applied after the numbered
-- migrations (lib/server/db/migrate.ts). These two changed signature or were replaced by
-- the ledger writer; submit_payments keeps its signature and is replaced there.
DROP FUNCTION ledger_debit_if_covered(text, text, text, text, bigint[], text[]);
DROP FUNCTION submit_payment(jsonb, jsonb);
