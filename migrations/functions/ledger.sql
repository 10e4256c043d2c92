-- The one ledger writer (docs/ledger.md). Every money movement calls it: the payment
-- submission (submit_payment, below it in payments.sql), lifecycle returns, deposits,
-- internal transfers, opening balances (lib/server/ledger/ledger.ts postEntry).
--
-- p_entry (zod: ZLedgerEntry in lib/server/ledger/entry.ts):
--   {clientId, causeType, reference, paymentId, valueDate, bookedAt?, details, coveredAccount,
--    postings: [{accountId | bankAccount, amountMinor, currency, kind}]}
-- The rules kept here, and why here: an entry must sum to zero per currency (the
-- invariant itself, checked where it is written so no caller can skip it); a covered
-- account's net debit is applied only if its available balance covers it (a conditional
-- UPDATE under the row lock, so concurrent debits queue and none can overdraw); the
-- balance after each client posting is read under that lock. Which postings an entry has
-- (which bank accounts, FX legs, charges) is decided by the app.
--
-- ledger_post_entries takes many entries at once (a payment run's chunk: one statement per
-- table, docs/payment-runs.md, Speed) and is the one home of these rules; ledger_post_entry
-- is it with one entry. Entries are decided in array order: each covered account's
-- coverage is judged on its balance after the entries before it (an uncovered entry writes
-- nothing and the next is judged as if it had not been), exactly as one call per entry in
-- that order would. The client accounts of all entries are locked once, in (client, account)
-- order, so two callers cannot deadlock on them.
--
-- Returns, per entry, {entryId, balances: {accountId: "minor"}} (the balances after that
-- entry) or null, writing nothing, when the covered account's balance does not cover its
-- net debit. Raises on a malformed entry (the whole call writes nothing).
CREATE OR REPLACE FUNCTION ledger_post_entries(p_entries jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := jsonb_array_length(p_entries);
  v_applied boolean[] := array_fill(true, ARRAY[v_n]);
  v_entry_ids bigint[] := array_fill(NULL::bigint, ARRAY[v_n]);
  v_after jsonb[] := array_fill('{}'::jsonb, ARRAY[v_n]);
  -- "client/account" -> [available_minor, currency] as locked, then the running balance.
  v_start jsonb;
  v_balance jsonb;
  v_key text;
  v_now_balance bigint;
  v_skip bigint := 0;
  v_now timestamptz;
  r record;
BEGIN
  IF v_n = 0 THEN
    RETURN '[]';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e (entry, ord)
             CROSS JOIN LATERAL jsonb_to_recordset(e.entry->'postings') AS x("amountMinor" bigint, currency text)
             GROUP BY e.ord, x.currency HAVING sum(x."amountMinor") <> 0)
     OR EXISTS (SELECT 1 FROM jsonb_array_elements(p_entries) AS e (entry)
                CROSS JOIN LATERAL jsonb_to_recordset(e.entry->'postings') AS x("accountId" text, "bankAccount" text)
                WHERE num_nonnulls(x."accountId", x."bankAccount") <> 1)
     OR EXISTS (SELECT 1 FROM jsonb_array_elements(p_entries) AS e (entry)
                WHERE NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(e.entry->'postings') AS x("amountMinor" bigint) WHERE x."amountMinor" <> 0)) THEN
    RAISE EXCEPTION 'ledger: an entry needs postings that sum to zero per currency, each on one account';
  END IF;

  -- Every client account whose balance may change, locked once in (client, account) order.
  SELECT coalesce(jsonb_object_agg(a.client_id || '/' || a.account_id, jsonb_build_array(a.available_minor, a.currency)), '{}')
  INTO v_start
  FROM (SELECT client_id, account_id, available_minor, currency FROM accounts
        WHERE (client_id, account_id) IN (SELECT DISTINCT e.entry->>'clientId', x."accountId"
                                          FROM jsonb_array_elements(p_entries) AS e (entry)
                                          CROSS JOIN LATERAL jsonb_to_recordset(e.entry->'postings') AS x("accountId" text)
                                          WHERE x."accountId" IS NOT NULL)
        ORDER BY client_id, account_id FOR UPDATE) AS a;
  v_balance := v_start;

  -- Coverage, entry by entry in array order, in memory under those locks: per entry the covered
  -- account first; when its net debit is not covered, the entry is skipped whole.
  FOR r IN SELECT e.ord, e.entry->>'clientId' AS client_id, x."accountId" AS account_id, x.currency, sum(x."amountMinor") AS net,
                  x."accountId" IS NOT DISTINCT FROM e.entry->>'coveredAccount' AS covered
           FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e (entry, ord)
           CROSS JOIN LATERAL jsonb_to_recordset(e.entry->'postings') AS x("accountId" text, "amountMinor" bigint, currency text)
           WHERE x."accountId" IS NOT NULL
           GROUP BY e.ord, e.entry->>'clientId', e.entry->>'coveredAccount', x."accountId", x.currency
           ORDER BY e.ord, 6 DESC, x."accountId" LOOP
    CONTINUE WHEN r.ord = v_skip;
    v_key := r.client_id || '/' || r.account_id;
    IF NOT v_balance ? v_key OR v_balance->v_key->>1 <> r.currency THEN
      RAISE EXCEPTION 'ledger: no % account % for client %', r.currency, r.account_id, r.client_id;
    END IF;
    v_now_balance := (v_balance->v_key->>0)::bigint + r.net;
    IF r.covered AND r.net < 0 AND v_now_balance < 0 THEN
      v_applied[r.ord] := false;
      v_skip := r.ord;
      CONTINUE;
    END IF;
    v_balance := v_balance || jsonb_build_object(v_key, jsonb_build_array(v_now_balance, r.currency));
    v_after[r.ord] := v_after[r.ord] || jsonb_build_object(r.account_id, v_now_balance::text);
  END LOOP;

  FOR i IN 1..v_n LOOP
    IF v_applied[i] THEN
      v_entry_ids[i] := nextval('ledger_entry_seq');
    END IF;
  END LOOP;

  -- posting_count (the transactions list's total_size, migrations/0019) counts what is
  -- inserted below: the postings whose amount is not zero.
  UPDATE accounts a SET available_minor = a.available_minor + d.net, posting_count = a.posting_count + d.n, balance_effective_date = now()
  FROM (SELECT e.entry->>'clientId' AS client_id, x."accountId" AS account_id, x.currency, sum(x."amountMinor") AS net,
               count(*) FILTER (WHERE x."amountMinor" <> 0) AS n
        FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e (entry, ord)
        CROSS JOIN LATERAL jsonb_to_recordset(e.entry->'postings') AS x("accountId" text, "amountMinor" bigint, currency text)
        WHERE x."accountId" IS NOT NULL AND v_applied[e.ord]
        GROUP BY 1, 2, 3) AS d
  WHERE a.client_id = d.client_id AND a.account_id = d.account_id AND a.currency = d.currency;

  -- Booked after the row locks are held: per account, booking time then follows posting
  -- order (a later posting never shows an earlier time), which listings and statements order
  -- by (then posting_id, given here in entry and posting order). The balance after each client
  -- posting is the locked balance plus the postings before it, entry by entry.
  -- An entry may carry its own past booking time (`bookedAt`: the uat demo's history, written
  -- oldest first into fresh accounts); one in the future, or earlier than a posting already on
  -- its accounts, is refused.
  v_now := clock_timestamp();
  IF EXISTS (
       SELECT 1 FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e (entry, ord)
       WHERE e.entry ? 'bookedAt' AND v_applied[e.ord]
         AND ((e.entry->>'bookedAt')::timestamptz > v_now OR EXISTS (
              SELECT 1 FROM jsonb_to_recordset(e.entry->'postings') AS x("accountId" text)
              JOIN ledger_postings p ON p.client_id = e.entry->>'clientId' AND p.account_id = x."accountId"
              WHERE p.booked_at > (e.entry->>'bookedAt')::timestamptz))) THEN
    RAISE EXCEPTION 'ledger: a back-dated entry must be in the past and after every posting on its accounts';
  END IF;
  INSERT INTO ledger_postings (client_id, entry_id, account_id, bank_account, amount_minor, currency, kind, reference, cause_type,
                               payment_id, value_date, booked_at, booking_date, balance_after_minor, details)
  SELECT e.entry->>'clientId', v_entry_ids[e.ord], x."accountId", x."bankAccount" || ':' || x.currency, x."amountMinor", x.currency, x.kind,
         e.entry->>'reference', e.entry->>'causeType', (e.entry->>'paymentId')::uuid,
         coalesce((e.entry->>'valueDate')::date, (b.at AT TIME ZONE 'Atlantic/Bermuda')::date), b.at,
         (b.at AT TIME ZONE 'Atlantic/Bermuda')::date,
         CASE WHEN x."accountId" IS NOT NULL THEN
           (v_start->((e.entry->>'clientId') || '/' || x."accountId")->>0)::bigint
             + sum(x."amountMinor") OVER (PARTITION BY e.entry->>'clientId', x."accountId" ORDER BY e.ord, p.ord)
         END,
         CASE WHEN x."accountId" IS NOT NULL THEN nullif(e.entry->'details', 'null') END
  FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS e (entry, ord)
  CROSS JOIN LATERAL (SELECT coalesce((e.entry->>'bookedAt')::timestamptz, v_now) AS at) AS b
  CROSS JOIN LATERAL jsonb_array_elements(e.entry->'postings') WITH ORDINALITY AS p (posting, ord)
  CROSS JOIN LATERAL jsonb_to_record(p.posting) AS x("accountId" text, "bankAccount" text, "amountMinor" bigint, currency text, kind text)
  WHERE v_applied[e.ord] AND x."amountMinor" <> 0
  ORDER BY e.ord, p.ord;

  RETURN (SELECT jsonb_agg(CASE WHEN v_applied[i] THEN jsonb_build_object('entryId', v_entry_ids[i], 'balances', v_after[i]) END ORDER BY i)
          FROM generate_series(1, v_n) AS i);
END $$;

-- One entry: {entryId, balances} or NULL (not covered), as above.
CREATE OR REPLACE FUNCTION ledger_post_entry(p_entry jsonb)
RETURNS jsonb LANGUAGE sql AS $$
  SELECT nullif(ledger_post_entries(jsonb_build_array(p_entry))->0, 'null'::jsonb);
$$;
