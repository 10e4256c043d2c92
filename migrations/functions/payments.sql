-- A payment submission as one statement (docs/payments.md, Performance): each write used
-- to be its own round trip. The decisions stay in TypeScript (lib/server/payments/submit.ts
-- builds both possible outcomes, each with its ledger entry, audit row and response body);
-- these functions apply the one the ledger allows, atomically.
--
-- p_items: [{submission, slot}]. submission (zod: ZSubmission in lib/server/payments/submission.ts):
--   {clientId, rail, paymentId, referenceVersion, activeStatuses, instructionIdentification,
--    lockTimeout, debtorAccountId, creditorAccountId, scheduled?,
--    accepted: {payment, audit, body, entry, task?}, failed: {payment, audit, body}}
-- payment and audit are rows by column name; entry is a ledger entry (ledger.sql) whose
-- coveredAccount is the debtor. submittedAt (optional) is a back-dated submission's clock, the use
-- case's (the uat demo's history, docs/demo-data.md): its guard row, its payment's created_at and
-- updated_at, and the 24-hour window read it, and its ledger entry carries it as bookedAt. Without
-- it they take the transaction's time, as every live payment does: the ledger books in posting
-- order per account, which an app clock read before the row locks could not promise. slot is the unit of work the request pipeline handed in (its
-- Idempotency-Key claim, null without a key), held before the submission writes and given the
-- submission's response body in the same transaction; the payment rules never see it.
--
-- Answers each item's outcome, in order: 'Accepted' or 'Failed' (its payment written, its body
-- stored under its slot), or, writing nothing for it: 'ClaimLost' (the claim was taken over),
-- 'StaleReference', 'InactiveDebtor', 'InactiveCreditor', 'GuardBusy' (the
-- instructionIdentification stayed held by another submission for lockTimeout: 503
-- DEDUPE_LOCK_UNAVAILABLE) or 'Duplicate'. It raises for none of these, so submissions
-- batched into one call never undo each other (no subtransactions either: they would turn the
-- accounts' row locks into MultiXacts, measured to cost more than batching saved); an
-- unexpected error fails the whole call, retryably.
--
-- Set-based (docs/payment-runs.md, Speed): a payment run's chunk of 500 or the API's
-- micro-batch of up to 32 is one statement per table, not a dozen per item: the claims, one
-- check of the reference data and of the accounts, one try-lock and one guard INSERT for the
-- instruction ids, the ledger's entries in one call (ledger_post_entries: coverage decided in
-- item order per account under one row lock each), one payments INSERT, one audit INSERT, one
-- task INSERT. Outcomes are those of one call per item in array order (the caller orders items
-- by debtor account, so concurrent calls take the accounts' row locks in one order).
--
-- Rules that sit here, and why: the 24-hour instructionIdentification window (the primary
-- key of payment_instruction_ids is the guard that makes concurrent duplicates
-- impossible, and the window is its takeover condition) and "a failed payment does not hold
-- its id" (decisions §5, in the same statement as the failure). Coverage is the ledger's.
CREATE OR REPLACE FUNCTION submit_payments(p_items jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_results jsonb := '[]';
BEGIN
  -- An instruction id twice in one call: whether the later item is a duplicate depends on the
  -- earlier one's funds (a failed payment does not hold its id), so the items go one at a time,
  -- in order. A payment run never gets here (a file with an id twice is refused whole).
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_items) AS e (item)
             WHERE e.item->'submission'->>'instructionIdentification' IS NOT NULL
             GROUP BY e.item->'submission'->>'clientId', e.item->'submission'->>'rail', e.item->'submission'->>'instructionIdentification'
             HAVING count(*) > 1) THEN
    FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
      v_results := v_results || submit_payment_set(jsonb_build_array(v_item));
    END LOOP;
    RETURN v_results;
  END IF;
  RETURN submit_payment_set(p_items);
END $$;

-- submit_payments for items whose instruction ids differ (client, rail, id).
CREATE OR REPLACE FUNCTION submit_payment_set(p_items jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := jsonb_array_length(p_items);
  v_out text[] := array_fill(NULL::text, ARRAY[v_n]);
  v_version bigint;
  v_lock_timeout text;
  v_previous_timeout text;
  v_deadline timestamptz;
  v_busy bigint[];
  v_claimed uuid[];
  v_ords bigint[];
  v_entries jsonb;
  v_posted jsonb;
  r record;
BEGIN
  IF v_n = 0 THEN
    RETURN '[]';
  END IF;

  -- The units of work's claims, held before anything is written.
  FOR r IN SELECT e.ord, e.item->'slot' AS slot FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
           WHERE jsonb_typeof(e.item->'slot') = 'object' ORDER BY e.ord LOOP
    IF NOT hold_idempotency_claim(r.slot) THEN
      v_out[r.ord] := 'ClaimLost';
    END IF;
  END LOOP;

  -- What the app decided with: the reference data's version, and the accounts' status (the app
  -- may know the accounts from earlier: ids and currencies never change, their status can).
  SELECT version INTO v_version FROM reference_data_version;
  FOR r IN SELECT e.ord,
                  CASE WHEN (s.sub->>'referenceVersion')::bigint <> v_version THEN 'StaleReference'
                       WHEN NOT EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = s.sub->>'clientId' AND a.account_id = s.sub->>'debtorAccountId'
                                          AND a.status IN (SELECT jsonb_array_elements_text(s.sub->'activeStatuses'))) THEN 'InactiveDebtor'
                       WHEN s.sub->>'creditorAccountId' IS NOT NULL
                            AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = s.sub->>'clientId' AND a.account_id = s.sub->>'creditorAccountId'
                                              AND a.status IN (SELECT jsonb_array_elements_text(s.sub->'activeStatuses'))) THEN 'InactiveCreditor'
                  END AS refused
           FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
           CROSS JOIN LATERAL (SELECT e.item->'submission' AS sub) AS s
           WHERE v_out[e.ord] IS NULL LOOP
    IF r.refused IS NOT NULL THEN
      v_out[r.ord] := r.refused;
    END IF;
  END LOOP;

  -- The instructionIdentification guard (spec §4.3 rules 7-8). Submissions of one id take
  -- turns on a transaction-scoped advisory lock (namespace 7270002: LOCK_NAMESPACES.paymentDedupe in
  -- lib/server/db/locks.ts, whose test checks this file), tried for all at once, then the busy
  -- ones polled until lockTimeout rather than waited for, so a busy id answers 'GuardBusy'
  -- without raising. Holding them, the primary key then decides at once: a row younger than 24
  -- hours is a duplicate, an older one is taken over. lock_timeout remains as a backstop for a
  -- writer that bypassed the advisory lock; the ledger's row locks keep their own, unbounded, wait.
  v_lock_timeout := p_items->0->'submission'->>'lockTimeout';
  SELECT array_agg(t.ord) INTO v_busy
  FROM (SELECT e.ord, pg_try_advisory_xact_lock(7270002, hashtext((s.sub->>'clientId') || '/' || (s.sub->>'rail') || '/' || (s.sub->>'instructionIdentification'))) AS held
        FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
        CROSS JOIN LATERAL (SELECT e.item->'submission' AS sub) AS s
        WHERE v_out[e.ord] IS NULL AND s.sub->>'instructionIdentification' IS NOT NULL) AS t
  WHERE NOT t.held;
  IF v_busy IS NOT NULL THEN
    v_deadline := clock_timestamp() + v_lock_timeout::interval;
    LOOP
      PERFORM pg_sleep(0.005);
      SELECT array_agg(b.ord) INTO v_busy
      FROM unnest(v_busy) AS b (ord)
      CROSS JOIN LATERAL (SELECT p_items->(b.ord::integer - 1)->'submission' AS sub) AS s
      WHERE NOT pg_try_advisory_xact_lock(7270002, hashtext((s.sub->>'clientId') || '/' || (s.sub->>'rail') || '/' || (s.sub->>'instructionIdentification')));
      EXIT WHEN v_busy IS NULL OR clock_timestamp() >= v_deadline;
    END LOOP;
    IF v_busy IS NOT NULL THEN
      FOR i IN 1..cardinality(v_busy) LOOP
        v_out[v_busy[i]] := 'GuardBusy';
      END LOOP;
    END IF;
  END IF;
  v_previous_timeout := current_setting('lock_timeout');
  PERFORM set_config('lock_timeout', v_lock_timeout, true);
  WITH claimed AS (
    INSERT INTO payment_instruction_ids AS g (client_id, rail, instruction_identification, payment_id, accepted_at)
    SELECT s.sub->>'clientId', s.sub->>'rail', s.sub->>'instructionIdentification', (s.sub->>'paymentId')::uuid,
           coalesce((s.sub->>'submittedAt')::timestamptz, now())
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
    CROSS JOIN LATERAL (SELECT e.item->'submission' AS sub) AS s
    WHERE v_out[e.ord] IS NULL AND s.sub->>'instructionIdentification' IS NOT NULL
    ORDER BY e.ord
    ON CONFLICT (client_id, rail, instruction_identification) DO UPDATE
      SET payment_id = EXCLUDED.payment_id, accepted_at = EXCLUDED.accepted_at
      -- A scheduled payment claimed its id when it was scheduled; made on its day, it is the same payment.
      WHERE g.accepted_at < EXCLUDED.accepted_at - interval '24 hours' OR g.payment_id = EXCLUDED.payment_id
    RETURNING g.payment_id)
  SELECT coalesce(array_agg(payment_id), '{}') INTO v_claimed FROM claimed;
  PERFORM set_config('lock_timeout', v_previous_timeout, true);
  FOR r IN SELECT e.ord FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
           WHERE v_out[e.ord] IS NULL AND e.item->'submission'->>'instructionIdentification' IS NOT NULL
             AND NOT (e.item->'submission'->>'paymentId')::uuid = ANY (v_claimed) LOOP
    v_out[r.ord] := 'Duplicate';
  END LOOP;

  -- The ledger decides the funds, in item order. A payment scheduled for a later day holds
  -- nothing now: it is accepted without an entry (docs/scheduling.md).
  SELECT array_agg(e.ord ORDER BY e.ord), jsonb_agg(e.item->'submission'->'accepted'->'entry' ORDER BY e.ord) INTO v_ords, v_entries
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
  WHERE v_out[e.ord] IS NULL AND NOT coalesce((e.item->'submission'->>'scheduled')::boolean, false);
  IF v_ords IS NOT NULL THEN
    v_posted := ledger_post_entries(v_entries);
    FOR k IN 1..cardinality(v_ords) LOOP
      v_out[v_ords[k]] := CASE WHEN v_posted->(k - 1) = 'null'::jsonb THEN 'Failed' ELSE 'Accepted' END;
    END LOOP;
  END IF;
  FOR i IN 1..v_n LOOP
    IF v_out[i] IS NULL THEN
      v_out[i] := 'Accepted';
    END IF;
  END LOOP;

  -- A payment that failed at creation does not hold its instructionIdentification (decisions §5).
  DELETE FROM payment_instruction_ids g
  USING jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
  WHERE v_out[e.ord] = 'Failed' AND g.client_id = e.item->'submission'->>'clientId' AND g.rail = e.item->'submission'->>'rail'
    AND g.instruction_identification = e.item->'submission'->>'instructionIdentification'
    AND g.payment_id = (e.item->'submission'->>'paymentId')::uuid;

  INSERT INTO payments (client_id, payment_id, unique_identifier, rail, status, failure_reason, debtor_account_id,
    debtor_account_number, instruction_identification, debit_minor, debit_currency, credit_minor, credit_currency,
    exchange_rate, charge_minor, charges_type, settlement_date, funds_held, details, remittance_information, creditor_account_id,
    execution_date, scheduled_request, standing_order_id, created_at, updated_at)
  SELECT p.client_id, p.payment_id, p.unique_identifier, p.rail, p.status, p.failure_reason, p.debtor_account_id,
    p.debtor_account_number, p.instruction_identification, p.debit_minor, p.debit_currency, p.credit_minor, p.credit_currency,
    p.exchange_rate, p.charge_minor, p.charges_type, p.settlement_date, p.funds_held, p.details, p.remittance_information, p.creditor_account_id,
    p.execution_date, p.scheduled_request, p.standing_order_id, t.at, t.at
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
  CROSS JOIN LATERAL (SELECT coalesce((e.item->'submission'->>'submittedAt')::timestamptz, now()) AS at) AS t
  CROSS JOIN LATERAL jsonb_populate_record(NULL::payments, e.item->'submission'->(CASE WHEN v_out[e.ord] = 'Accepted' THEN 'accepted' ELSE 'failed' END)->'payment') AS p
  WHERE v_out[e.ord] IN ('Accepted', 'Failed')
  ORDER BY e.ord
  -- The worker making a Scheduled payment on its day (it holds the row's lock): the payment replaces it, same id.
  ON CONFLICT (client_id, payment_id) DO UPDATE SET status = EXCLUDED.status, failure_reason = EXCLUDED.failure_reason,
    debit_minor = EXCLUDED.debit_minor, credit_minor = EXCLUDED.credit_minor, exchange_rate = EXCLUDED.exchange_rate,
    charge_minor = EXCLUDED.charge_minor, settlement_date = EXCLUDED.settlement_date, funds_held = EXCLUDED.funds_held,
    details = EXCLUDED.details, scheduled_request = NULL, updated_at = EXCLUDED.updated_at
  WHERE payments.status = 'Scheduled';

  -- ip and correlation_id come from the request (NULL when a key is absent); ip is checked in TypeScript (auditIp).
  PERFORM audit_write_rows(jsonb_agg(e.item->'submission'->(CASE WHEN v_out[e.ord] = 'Accepted' THEN 'accepted' ELSE 'failed' END)->'audit' ORDER BY e.ord))
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
  WHERE v_out[e.ord] IN ('Accepted', 'Failed')
  HAVING count(*) > 0;

  PERFORM enqueue_tasks(jsonb_agg((e.item->'submission'->'accepted'->'task') || jsonb_build_object('clientId', e.item->'submission'->>'clientId') ORDER BY e.ord))
  FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
  WHERE v_out[e.ord] = 'Accepted' AND e.item->'submission'->'accepted' ? 'task'
  HAVING count(*) > 0;

  FOR r IN SELECT e.item->'slot' AS slot,
                  e.item->'submission'->(CASE WHEN v_out[e.ord] = 'Accepted' THEN 'accepted' ELSE 'failed' END)->>'body' AS body
           FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e (item, ord)
           WHERE jsonb_typeof(e.item->'slot') = 'object' AND v_out[e.ord] IN ('Accepted', 'Failed') ORDER BY e.ord LOOP
    IF NOT complete_idempotency_key(r.slot, r.body) THEN
      RAISE EXCEPTION 'submit_payments: the claim held above was not found';
    END IF;
  END LOOP;
  RETURN to_jsonb(v_out);
END $$;
