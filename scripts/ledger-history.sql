-- A balanced ledger history in one statement (generate_series, no API calls): a new client
-- account, copied from a template account of the same client, with $5 postings. Used by
-- scripts/bench-ledger.mjs (1,000,000 postings) and by the transactions pagination test.
--
--   $1 client_id, $2 template account_number, $3 new account_id, $4 new account_number,
--   $5 postings, $6 first booking time, $7 step between booking times,
--   $8 postings per booking time (tie groups, broken by posting_id as the list breaks them)
--
-- Posting i (1-based) is a deposit of 200.00 when i is odd (against sandbox_funding), a
-- charge of 100.00 when even (against fee_income); each is one entry of two postings that
-- sum to zero. The balance after posting i is therefore 200.00 × ceil(i/2) − 100.00 ×
-- floor(i/2) in closed form (never negative), which is also the stored balance after the
-- last, and posting_count is $5: `npm run ops -- ledger verify` passes. Booking times rise
-- with posting_id (the account's rows come out of generate_series in order), as the
-- ledger writer keeps them; choose $6 + $5/$8 × $7 before now so later postings are newer.
WITH account AS (
  INSERT INTO accounts
  SELECT (jsonb_populate_record(NULL::accounts, to_jsonb(a) || jsonb_build_object(
            'account_id', $3::text, 'account_number', $4::text, 'nickname', 'Ledger history',
            'available_minor', 20000 * (($5::bigint + 1) / 2) - 10000 * ($5::bigint / 2), 'posting_count', $5::bigint,
            'created_at', $6::timestamptz, 'opening_date', $6::timestamptz,
            'seq', nextval(pg_get_serial_sequence('accounts', 'seq'))))).*
  FROM accounts a WHERE a.client_id = $1 AND a.account_number = $2
  RETURNING client_id, account_id, currency
), history AS (
  SELECT i, nextval('ledger_entry_seq') AS entry_id, i % 2 = 1 AS credit,
         $6::timestamptz + ((i - 1) / $8::int) * $7::interval AS at
  FROM generate_series(1, $5::bigint) AS i
)
INSERT INTO ledger_postings (client_id, entry_id, account_id, bank_account, amount_minor, currency, kind, reference, cause_type,
                             value_date, booking_date, booked_at, balance_after_minor, details)
SELECT account.client_id, h.entry_id, leg.account_id, leg.bank_account, leg.amount, account.currency,
       CASE WHEN h.credit THEN 'deposit' ELSE 'charge' END, 'HIST-' || h.i, CASE WHEN h.credit THEN 'deposit' ELSE 'adjustment' END,
       (h.at AT TIME ZONE 'Atlantic/Bermuda')::date, (h.at AT TIME ZONE 'Atlantic/Bermuda')::date, h.at,
       leg.balance_after, leg.details
FROM account, history h
CROSS JOIN LATERAL (VALUES
  (1, account.account_id, NULL, CASE WHEN h.credit THEN 20000 ELSE -10000 END,
   20000 * ((h.i + 1) / 2) - 10000 * (h.i / 2),
   CASE WHEN h.credit THEN jsonb_build_object('payerReference', 'INV-' || h.i, 'counterpartyName', 'Ledger History Payer') END),
  (2, NULL, CASE WHEN h.credit THEN 'sandbox_funding:' ELSE 'fee_income:' END || account.currency, CASE WHEN h.credit THEN -20000 ELSE 10000 END,
   NULL, NULL)
) AS leg (ord, account_id, bank_account, amount, balance_after, details)
ORDER BY h.i, leg.ord
