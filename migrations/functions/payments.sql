-- A payment submission as one statement (docs/payments.md, Performance): each write used
-- to be its own round trip. The decisions stay in TypeScript (lib/server/payments/submit.ts
-- builds both possible outcomes, each with its ledger entry, audit row and response body);
-- these functions apply the one the ledger allows, atomically.
--
-- p_sub (zod: ZSubmission in lib/server/payments/submission.ts):
--   {clientId, rail, paymentId, referenceVersion, activeStatuses, instructionIdentification,
--    lockTimeout, debtorAccountId, creditorAccountId,
--    accepted: {payment, audit, body, entry, task?}, failed: {payment, audit, body}}
-- payment and audit are rows by column name; entry is a ledger entry (ledger.sql) whose
-- coveredAccount is the debtor. Returns {outcome, body}: outcome 'Accepted' or 'Failed'
-- with the response body to store, or, writing nothing and with no body:
-- 'StaleReference', 'InactiveDebtor', 'InactiveCreditor', 'GuardBusy' (the
-- instructionIdentification stayed held by another submission for lockTimeout: 503
-- DEDUPE_LOCK_UNAVAILABLE) or 'Duplicate'. It raises for none of these, so submissions
-- batched into one transaction (submit_payments) never undo each other.
--
-- Rules that sit here, and why: the 24-hour instructionIdentification window (the primary
-- key of payment_instruction_ids is the guard that makes concurrent duplicates
-- impossible, and the window is its takeover condition) and "a failed payment does not hold
-- its id" (decisions §5, in the same statement as the failure). Coverage is the ledger's.
CREATE OR REPLACE FUNCTION submit_payment(p_sub jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_client text := p_sub->>'clientId';
  v_rail text := p_sub->>'rail';
  v_payment uuid := (p_sub->>'paymentId')::uuid;
  v_instruction text := p_sub->>'instructionIdentification';
  v_previous_timeout text;
  v_deadline timestamptz;
  v_claimed integer;
  v_covered boolean;
  v_outcome jsonb;
BEGIN
  IF (SELECT version FROM reference_data_version) <> (p_sub->>'referenceVersion')::bigint THEN
    RETURN '{"outcome": "StaleReference"}';
  END IF;
  -- The app may know the accounts from earlier (ids and currencies never change); their
  -- status can, so it is checked here.
  IF NOT EXISTS (SELECT 1 FROM accounts WHERE client_id = v_client AND account_id = p_sub->>'debtorAccountId'
                   AND status IN (SELECT jsonb_array_elements_text(p_sub->'activeStatuses'))) THEN
    RETURN '{"outcome": "InactiveDebtor"}';
  END IF;
  IF p_sub->>'creditorAccountId' IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM accounts WHERE client_id = v_client AND account_id = p_sub->>'creditorAccountId'
                       AND status IN (SELECT jsonb_array_elements_text(p_sub->'activeStatuses'))) THEN
    RETURN '{"outcome": "InactiveCreditor"}';
  END IF;

  -- The instructionIdentification guard (spec §4.3 rules 7-8). Submissions of one id take
  -- turns on a transaction-scoped advisory lock (namespace 7270002: LOCK_NAMESPACES.paymentDedupe in
  -- lib/server/db/locks.ts, whose test checks this file), polled until
  -- lockTimeout rather than waited for, so a busy id answers 'GuardBusy' without raising.
  -- Holding it, the primary key then decides at once: a row younger than 24 hours is a
  -- duplicate, an older one is taken over. lock_timeout remains as a backstop for a writer
  -- that bypassed the advisory lock; the ledger's row lock keeps its own, unbounded, wait.
  IF v_instruction IS NOT NULL THEN
    v_deadline := clock_timestamp() + (p_sub->>'lockTimeout')::interval;
    WHILE NOT pg_try_advisory_xact_lock(7270002, hashtext(v_client || '/' || v_rail || '/' || v_instruction)) LOOP
      IF clock_timestamp() >= v_deadline THEN
        RETURN '{"outcome": "GuardBusy"}';
      END IF;
      PERFORM pg_sleep(0.005);
    END LOOP;
    v_previous_timeout := current_setting('lock_timeout');
    PERFORM set_config('lock_timeout', p_sub->>'lockTimeout', true);
    INSERT INTO payment_instruction_ids (client_id, rail, instruction_identification, payment_id, accepted_at)
    VALUES (v_client, v_rail, v_instruction, v_payment, now())
    ON CONFLICT (client_id, rail, instruction_identification) DO UPDATE
      SET payment_id = EXCLUDED.payment_id, accepted_at = now()
      WHERE payment_instruction_ids.accepted_at < now() - interval '24 hours';
    GET DIAGNOSTICS v_claimed = ROW_COUNT;
    PERFORM set_config('lock_timeout', v_previous_timeout, true);
    IF v_claimed = 0 THEN
      RETURN '{"outcome": "Duplicate"}';
    END IF;
  END IF;

  v_covered := ledger_post_entry(p_sub->'accepted'->'entry') IS NOT NULL;
  v_outcome := p_sub->(CASE WHEN v_covered THEN 'accepted' ELSE 'failed' END);

  -- A payment that failed at creation does not hold its instructionIdentification (decisions §5).
  IF NOT v_covered AND v_instruction IS NOT NULL THEN
    DELETE FROM payment_instruction_ids
    WHERE client_id = v_client AND rail = v_rail AND instruction_identification = v_instruction AND payment_id = v_payment;
  END IF;

  INSERT INTO payments (client_id, payment_id, unique_identifier, rail, status, failure_reason, debtor_account_id,
    debtor_account_number, instruction_identification, debit_minor, debit_currency, credit_minor, credit_currency,
    exchange_rate, charge_minor, charges_type, settlement_date, funds_held, details, remittance_information, creditor_account_id)
  SELECT client_id, payment_id, unique_identifier, rail, status, failure_reason, debtor_account_id,
    debtor_account_number, instruction_identification, debit_minor, debit_currency, credit_minor, credit_currency,
    exchange_rate, charge_minor, charges_type, settlement_date, funds_held, details, remittance_information, creditor_account_id
  FROM jsonb_populate_record(NULL::payments, v_outcome->'payment');

  -- ip and correlation_id come from the request (NULL when a key is absent); ip is checked in TypeScript (auditIp).
  PERFORM audit_write(a.client_id, a.actor, a.action, a.entity, a.entity_id, a.data, p_ip => a.ip, p_correlation_id => a.correlation_id)
  FROM jsonb_populate_record(NULL::audit_log, v_outcome->'audit') AS a;

  IF v_covered AND v_outcome ? 'task' THEN
    PERFORM enqueue_task(v_client, v_outcome->'task'->>'kind', v_outcome->'task'->'payload',
      (v_outcome->'task'->>'runAt')::timestamptz, v_outcome->'task'->>'dedupeKey');
  END IF;
  RETURN jsonb_build_object('outcome', CASE WHEN v_covered THEN 'Accepted' ELSE 'Failed' END, 'body', v_outcome->>'body');
END $$;

-- Submissions that arrive together, in one transaction (lib/server/payments/repo.ts groups
-- them): one round trip and one commit for many payments. p_items: [{submission, slot}]:
-- slot is the unit of work the request pipeline handed in (its Idempotency-Key claim, null
-- without a key), held before the submission writes and given the submission's response
-- body in the same transaction; the payment functions never see it. Answers each item's
-- outcome, in order ('ClaimLost' when the claim was taken over: nothing written).
-- submit_payment raises for no expected condition, so items need no subtransactions
-- (which would also turn the account row's locks into MultiXacts: measured, they cost more
-- than batching saved); an unexpected error fails the whole batch and every request in it,
-- retryably. The caller orders items by debtor account, so concurrent batches take the
-- accounts' row locks in one order and cannot deadlock on them.
CREATE OR REPLACE FUNCTION submit_payments(p_items jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_slot jsonb;
  v_result jsonb;
  v_results jsonb := '[]';
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_slot := nullif(v_item->'slot', 'null');
    IF NOT hold_idempotency_claim(v_slot) THEN
      v_results := v_results || to_jsonb('ClaimLost'::text);
      CONTINUE;
    END IF;
    v_result := submit_payment(v_item->'submission');
    IF v_result ? 'body' AND NOT complete_idempotency_key(v_slot, v_result->>'body') THEN
      RAISE EXCEPTION 'submit_payments: the claim held above was not found';
    END IF;
    v_results := v_results || to_jsonb(v_result->>'outcome');
  END LOOP;
  RETURN v_results;
END $$;
