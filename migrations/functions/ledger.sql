-- The one ledger writer (docs/ledger.md). Every money movement calls it: the payment
-- submission (submit_payment, below it in payments.sql), lifecycle returns, deposits,
-- internal transfers, opening balances (lib/server/ledger/ledger.ts postEntry).
--
-- p_entry (zod: ZLedgerEntry in lib/server/ledger/entry.ts):
--   {clientId, causeType, reference, paymentId, valueDate, details, coveredAccount,
--    postings: [{accountId | bankAccount, amountMinor, currency, kind}]}
-- The rules kept here, and why here: an entry must sum to zero per currency (the
-- invariant itself, checked where it is written so no caller can skip it); a covered
-- account's net debit is applied only if its available balance covers it (a conditional
-- UPDATE under the row lock, so concurrent debits queue and none can overdraw); the
-- balance after each client posting is read under that lock. Which postings an entry has
-- (which bank accounts, FX legs, charges) is decided by the app.
--
-- Returns {entryId, balances: {accountId: "minor"}} or NULL, writing nothing, when the
-- covered account's balance does not cover its net debit. Raises on a malformed entry.
CREATE OR REPLACE FUNCTION ledger_post_entry(p_entry jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_client text := p_entry->>'clientId';
  v_covered text := p_entry->>'coveredAccount';
  v_now timestamptz;
  v_entry bigint;
  v_balances jsonb := '{}';
  v_balance bigint;
  v_accounts text[];
  r record;
BEGIN
  IF EXISTS (SELECT 1 FROM jsonb_to_recordset(p_entry->'postings') AS x("amountMinor" bigint, currency text)
             GROUP BY x.currency HAVING sum(x."amountMinor") <> 0)
     OR EXISTS (SELECT 1 FROM jsonb_to_recordset(p_entry->'postings') AS x("accountId" text, "bankAccount" text)
                WHERE num_nonnulls(x."accountId", x."bankAccount") <> 1)
     OR NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(p_entry->'postings') AS x("amountMinor" bigint) WHERE x."amountMinor" <> 0) THEN
    RAISE EXCEPTION 'ledger: an entry needs postings that sum to zero per currency, each on one account';
  END IF;

  -- Client accounts whose balance changes, by account: several take their row locks in
  -- account order first, so two entries touching the same accounts cannot deadlock.
  SELECT array_agg(DISTINCT x."accountId" ORDER BY x."accountId") INTO v_accounts
  FROM jsonb_to_recordset(p_entry->'postings') AS x("accountId" text) WHERE x."accountId" IS NOT NULL;
  IF cardinality(v_accounts) > 1 THEN
    PERFORM 1 FROM accounts WHERE client_id = v_client AND account_id = ANY (v_accounts) ORDER BY account_id FOR UPDATE;
  END IF;

  -- The covered account first: when its balance does not cover, nothing has been written.
  -- posting_count (the transactions list's total_size, migrations/0019) counts what is
  -- inserted below: the postings whose amount is not zero.
  FOR r IN SELECT x."accountId" AS account_id, x.currency, sum(x."amountMinor") AS net, count(*) FILTER (WHERE x."amountMinor" <> 0) AS n
           FROM jsonb_to_recordset(p_entry->'postings') AS x("accountId" text, "amountMinor" bigint, currency text)
           WHERE x."accountId" IS NOT NULL GROUP BY x."accountId", x.currency
           ORDER BY x."accountId" IS DISTINCT FROM v_covered, x."accountId" LOOP
    UPDATE accounts SET available_minor = available_minor + r.net, posting_count = posting_count + r.n, balance_effective_date = now()
    WHERE client_id = v_client AND account_id = r.account_id AND currency = r.currency
      AND (r.account_id IS DISTINCT FROM v_covered OR r.net >= 0 OR available_minor + r.net >= 0)
    RETURNING available_minor INTO v_balance;
    IF NOT FOUND THEN
      -- An UPDATE whose condition fails takes no lock: the uncovered account's row is locked here,
      -- so what the caller writes next (a failed payment, its list count) comes after the account's
      -- lock as for a covered entry, and two submissions cannot take the two in opposite orders.
      PERFORM 1 FROM accounts WHERE client_id = v_client AND account_id = r.account_id AND currency = r.currency FOR UPDATE;
      IF r.account_id = v_covered AND FOUND THEN
        RETURN NULL;
      END IF;
      RAISE EXCEPTION 'ledger: no % account % for client %', r.currency, r.account_id, v_client;
    END IF;
    v_balances := v_balances || jsonb_build_object(r.account_id, v_balance::text);
  END LOOP;

  -- Booked after the row locks are held: per account, booking time then follows posting
  -- order (a later posting never shows an earlier time), which listings and statements order by.
  v_now := clock_timestamp();
  v_entry := nextval('ledger_entry_seq');
  INSERT INTO ledger_postings (client_id, entry_id, account_id, bank_account, amount_minor, currency, kind, reference, cause_type,
                               payment_id, value_date, booked_at, booking_date, balance_after_minor, details)
  SELECT v_client, v_entry, x."accountId", x."bankAccount" || ':' || x.currency, x."amountMinor", x.currency, x.kind,
         p_entry->>'reference', p_entry->>'causeType', (p_entry->>'paymentId')::uuid,
         coalesce((p_entry->>'valueDate')::date, (v_now AT TIME ZONE 'Atlantic/Bermuda')::date), v_now,
         (v_now AT TIME ZONE 'Atlantic/Bermuda')::date,
         CASE WHEN x."accountId" IS NOT NULL THEN
           (v_balances->>x."accountId")::bigint
             - sum(x."amountMinor") OVER (PARTITION BY x."accountId")
             + sum(x."amountMinor") OVER (PARTITION BY x."accountId" ORDER BY e.ord)
         END,
         CASE WHEN x."accountId" IS NOT NULL THEN nullif(p_entry->'details', 'null') END
  FROM jsonb_array_elements(p_entry->'postings') WITH ORDINALITY AS e (posting, ord)
  CROSS JOIN LATERAL jsonb_to_record(e.posting) AS x("accountId" text, "bankAccount" text, "amountMinor" bigint, currency text, kind text)
  WHERE x."amountMinor" <> 0
  ORDER BY e.ord;
  RETURN jsonb_build_object('entryId', v_entry, 'balances', v_balances);
END $$;
