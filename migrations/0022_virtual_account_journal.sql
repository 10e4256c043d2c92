-- Virtual-account postings join the journal (issue 13, docs/ledger.md "Virtual accounts").
-- A virtual account is a sub-ledger: its credits are also a balanced journal entry between
-- the bank's control account for virtual accounts (one per currency, like the other bank
-- accounts) and the account the kind implies (sandbox funding, opening balances, suspense).
-- The sub-ledger row links to that entry and to the control posting, and carries what a
-- transaction listing needs: booking time and date, value date, balance after, details.

ALTER TABLE bank_accounts DROP CONSTRAINT bank_accounts_kind_check;
ALTER TABLE bank_accounts ADD CONSTRAINT bank_accounts_kind_check
  CHECK (kind IN ('ach_clearing', 'swift_nostro', 'fee_income', 'fx_position', 'sandbox_funding', 'opening_balances', 'suspense',
                  'virtual_account_control'));
-- Virtual accounts may be held in any currency the bank handles (lib/contract/money.ts), KYD and
-- BHD included, which 0011 did not give bank accounts.
INSERT INTO bank_accounts (bank_account, kind, currency, name)
SELECT k.kind || ':' || c.currency, k.kind, c.currency, k.name || ' ' || c.currency
FROM (VALUES ('ach_clearing', 'ACH clearing'), ('swift_nostro', 'SWIFT nostro'), ('fee_income', 'Fee income'),
             ('fx_position', 'FX position'), ('sandbox_funding', 'Sandbox funding'), ('opening_balances', 'Opening balances'),
             ('suspense', 'Suspense'), ('virtual_account_control', 'Virtual accounts (control)')) AS k (kind, name)
CROSS JOIN (VALUES ('USD'), ('BMD'), ('EUR'), ('GBP'), ('CAD'), ('CHF'), ('JPY'), ('KYD'), ('BHD')) AS c (currency)
ON CONFLICT DO NOTHING;

ALTER TABLE virtual_account_postings RENAME COLUMN created_at TO booked_at;
ALTER TABLE virtual_account_postings
  ADD COLUMN entry_id bigint,
  ADD COLUMN ledger_posting_id bigint,
  ADD COLUMN booking_date date,
  ADD COLUMN value_date date,
  ADD COLUMN balance_after_minor bigint,
  ADD COLUMN details jsonb;

-- Backfill: every existing sub-ledger posting gets its entry, booked when the posting was.
UPDATE virtual_account_postings SET entry_id = nextval('ledger_entry_seq');

-- The control posting first, in sub-ledger order, so per virtual account the control
-- postings' ids follow the sub-ledger's order (the listing breaks booking-time ties by them).
INSERT INTO ledger_postings (client_id, entry_id, bank_account, amount_minor, currency, kind, reference, cause_type, value_date, booking_date, booked_at)
SELECT v.client_id, v.entry_id, s.bank_account || ':' || v.currency, s.sign * v.amount_minor, v.currency, v.kind,
       coalesce(v.reference, v.kind),
       CASE v.kind WHEN 'deposit' THEN 'deposit' WHEN 'opening_balance' THEN 'opening' ELSE 'adjustment' END,
       (v.booked_at AT TIME ZONE 'Atlantic/Bermuda')::date, (v.booked_at AT TIME ZONE 'Atlantic/Bermuda')::date, v.booked_at
FROM virtual_account_postings v
CROSS JOIN LATERAL (VALUES
  (1, 'virtual_account_control', 1),
  (2, CASE v.kind WHEN 'deposit' THEN 'sandbox_funding' WHEN 'opening_balance' THEN 'opening_balances' ELSE 'suspense' END, -1)
) AS s (ord, bank_account, sign)
ORDER BY s.ord, v.client_id, v.virtual_account_number, v.posting_id;

UPDATE virtual_account_postings v SET
  ledger_posting_id = l.posting_id,
  booking_date = l.booking_date,
  value_date = l.value_date,
  balance_after_minor = r.balance_after
FROM ledger_postings l,
     (SELECT client_id, posting_id,
             sum(amount_minor) OVER (PARTITION BY client_id, virtual_account_number ORDER BY posting_id) AS balance_after
      FROM virtual_account_postings) r
WHERE l.client_id = v.client_id AND l.entry_id = v.entry_id AND l.bank_account LIKE 'virtual\_account\_control:%'
  AND r.client_id = v.client_id AND r.posting_id = v.posting_id;

ALTER TABLE virtual_account_postings
  ALTER COLUMN entry_id SET NOT NULL,
  ALTER COLUMN ledger_posting_id SET NOT NULL,
  ALTER COLUMN booking_date SET NOT NULL,
  ALTER COLUMN value_date SET NOT NULL,
  ALTER COLUMN balance_after_minor SET NOT NULL;

-- A virtual account's activity in booking order (transactions newest first, statements oldest
-- first), as ledger_postings_activity is for an account.
DROP INDEX virtual_account_postings_account;
CREATE INDEX virtual_account_postings_activity ON virtual_account_postings (client_id, virtual_account_number, booked_at, ledger_posting_id);

