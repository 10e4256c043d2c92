-- A payment submission as one statement (docs/payments.md, Performance). Each write
-- below used to be its own round trip from the app; on a CPU-bound machine every round
-- trip costs a scheduling hop of the app and of a backend, and a creation made fourteen.
-- The decisions stay in TypeScript (lib/payments): the app computes both possible
-- outcomes (the Pending payment and the Failed one, each with its audit row and its
-- response body); these functions only apply the one the ledger allows, atomically.
-- The smaller functions are also what the TypeScript repos call, so each rule has one home.

-- The reference data a submission decides with (bank codes, FX rates, holidays) is read
-- by the app once and kept (lib/payments/known-data.ts) under this version. Any change
-- to those tables bumps it, and submit_payment refuses a submission decided with an older
-- version ('StaleReference': the app reloads and decides again), so a kept value is
-- never committed after it changed.
CREATE TABLE reference_data_version (
  only_row  boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version   bigint NOT NULL
);
INSERT INTO reference_data_version (version) VALUES (1);

CREATE FUNCTION bump_reference_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reference_data_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER bank_codes_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bank_codes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_data_version();
CREATE TRIGGER fx_rates_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fx_rates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_data_version();
CREATE TRIGGER bank_holidays_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bank_holidays
  FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_data_version();

-- The queue's enqueue (lib/jobs/queue.ts). A task due now wakes the workers; a task due
-- later does not (the poll finds it), because a NOTIFY makes the commit take PostgreSQL's
-- database-wide notify lock. The channel must match QUEUE_CHANNEL in lib/jobs/queue.ts.
CREATE FUNCTION enqueue_task(p_client text, p_kind text, p_payload jsonb, p_run_at timestamptz, p_dedupe_key text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO queue_tasks (client_id, kind, payload, run_at, dedupe_key)
  VALUES (p_client, p_kind, p_payload, coalesce(p_run_at, now()), p_dedupe_key)
  ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING;
  IF p_run_at IS NULL OR p_run_at <= clock_timestamp() THEN
    PERFORM pg_notify('harbour_tasks', p_kind);
  END IF;
END $$;

-- The ledger's conditional debit (lib/ledger/ledger.ts): all the signed postings, or none
-- when their sum is not covered. The conditional UPDATE takes the account's row lock, so
-- concurrent debits queue and see each other: an account can never be overdrawn.
-- Returns the new available balance, or NULL when funds are insufficient.
CREATE FUNCTION ledger_debit_if_covered(p_client text, p_account text, p_currency text, p_reference text,
                                        p_amounts bigint[], p_kinds text[])
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
  v_balance bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a WHERE a > 0) OR cardinality(p_amounts) <> cardinality(p_kinds) THEN
    RAISE EXCEPTION 'ledger: debits must be negative, one kind each';
  END IF;
  SELECT coalesce(sum(a), 0) INTO v_total FROM unnest(p_amounts) AS a;
  IF v_total = 0 THEN
    RAISE EXCEPTION 'ledger: a debit must move money';
  END IF;
  UPDATE accounts SET available_minor = available_minor + v_total, balance_effective_date = now()
  WHERE client_id = p_client AND account_id = p_account AND available_minor + v_total >= 0
  RETURNING available_minor INTO v_balance;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_postings (client_id, account_id, amount_minor, currency, kind, reference)
  SELECT p_client, p_account, u.amount, p_currency, u.kind, p_reference
  FROM unnest(p_amounts, p_kinds) AS u(amount, kind) WHERE u.amount <> 0;
  RETURN v_balance;
END $$;

-- Claims an Idempotency-Key for a request (lib/idempotency/repo.ts), or reports what holds
-- it: {"kind": "claimed"}, {"kind": "replay", "status", "body"} or {"kind": "in_flight"}.
-- A function, so the pipeline can claim in the same round trip as its rate limit
-- (lib/http/rate-limit.ts). The INSERT claims a free key; ON CONFLICT DO NOTHING takes no
-- lock and writes nothing, so a replay costs no more than a read. An expired row, or one
-- whose claimant died (in flight longer than p_stale_s), is taken over by a conditional
-- UPDATE, so of two concurrent takeovers exactly one wins. Each statement sees rows
-- committed before it began, so a row that vanished (released) is simply tried again.
CREATE FUNCTION claim_idempotency_key(p_client text, p_method text, p_path text, p_key text, p_token uuid,
                                      p_ttl_s integer, p_stale_s integer)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_row idempotency_keys%ROWTYPE;
BEGIN
  FOR attempt IN 1..5 LOOP
    INSERT INTO idempotency_keys (client_id, method, path, idem_key, state, claim_token, locked_at, expires_at)
    VALUES (p_client, p_method, p_path, p_key, 'in_flight', p_token, now(), now() + make_interval(secs => p_ttl_s))
    ON CONFLICT (client_id, method, path, idem_key) DO NOTHING;
    IF FOUND THEN
      RETURN '{"kind": "claimed"}';
    END IF;
    SELECT * INTO v_row FROM idempotency_keys
    WHERE client_id = p_client AND method = p_method AND path = p_path AND idem_key = p_key;
    CONTINUE WHEN NOT FOUND;
    IF v_row.expires_at > now() AND v_row.state = 'completed' THEN
      RETURN jsonb_build_object('kind', 'replay', 'status', v_row.response_status, 'body', v_row.response_body);
    END IF;
    IF v_row.expires_at > now() AND v_row.locked_at >= now() - make_interval(secs => p_stale_s) THEN
      RETURN '{"kind": "in_flight"}';
    END IF;
    UPDATE idempotency_keys
    SET state = 'in_flight', claim_token = p_token, locked_at = now(), expires_at = now() + make_interval(secs => p_ttl_s),
        response_status = NULL, response_body = NULL, created_at = now()
    WHERE client_id = p_client AND method = p_method AND path = p_path AND idem_key = p_key
      AND (expires_at <= now() OR (state = 'in_flight' AND locked_at < now() - make_interval(secs => p_stale_s)));
    IF FOUND THEN
      RETURN '{"kind": "claimed"}';
    END IF;
  END LOOP;
  RETURN '{"kind": "in_flight"}';
END $$;

-- Stores a response under an Idempotency-Key claim (lib/idempotency/repo.ts), in the
-- caller's transaction. p_slot: {clientId, method, path, key, token, status, ttlSeconds};
-- NULL (no key) stores nothing. False when the claim was lost: the claimant overran the
-- in-flight window and another request took the key over (the token is unique per claim).
CREATE FUNCTION complete_idempotency_key(p_slot jsonb, p_body text)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_slot IS NULL THEN
    RETURN true;
  END IF;
  UPDATE idempotency_keys
  SET state = 'completed', response_status = (p_slot->>'status')::integer, response_body = p_body,
      expires_at = now() + make_interval(secs => (p_slot->>'ttlSeconds')::integer)
  WHERE client_id = p_slot->>'clientId' AND method = p_slot->>'method' AND path = p_slot->>'path'
    AND idem_key = p_slot->>'key' AND claim_token = (p_slot->>'token')::uuid;
  RETURN FOUND;
END $$;

-- One payment submission (lib/payments/submit.ts builds p_sub):
--   {clientId, rail, paymentId, referenceVersion, activeStatuses, instructionIdentification,
--    lockTimeout, debtorAccountId, currency, debitMinor, chargeMinor,
--    pending: {payment, audit, body, task: {kind, payload, runAt, dedupeKey}},
--    failed:  {payment, audit, body}}
-- payment and audit are rows by column name; p_slot is the Idempotency-Key claim (NULL
-- without a key). Returns 'Pending' or 'Failed', or, writing nothing: 'StaleReference',
-- 'InactiveDebtor', 'ClaimLost' (the claim was taken over after the in-flight window),
-- 'GuardBusy' (the instructionIdentification stayed held by another submission for
-- lockTimeout: 503 DEDUPE_LOCK_UNAVAILABLE) or 'Duplicate'. It raises for none of these, so
-- that submissions batched into one transaction (submit_payments) never undo each other.
CREATE FUNCTION submit_payment(p_sub jsonb, p_slot jsonb)
RETURNS text LANGUAGE plpgsql AS $$
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
    RETURN 'StaleReference';
  END IF;
  -- The app may know the account from earlier (its id and currency never change); its
  -- status can, so it is checked here.
  IF NOT EXISTS (SELECT 1 FROM accounts WHERE client_id = v_client AND account_id = p_sub->>'debtorAccountId'
                   AND status IN (SELECT jsonb_array_elements_text(p_sub->'activeStatuses'))) THEN
    RETURN 'InactiveDebtor';
  END IF;

  -- The claim is still ours: locked now, the response stored below cannot miss it.
  IF p_slot IS NOT NULL THEN
    PERFORM 1 FROM idempotency_keys
    WHERE client_id = p_slot->>'clientId' AND method = p_slot->>'method' AND path = p_slot->>'path'
      AND idem_key = p_slot->>'key' AND claim_token = (p_slot->>'token')::uuid
    FOR UPDATE;
    IF NOT FOUND THEN
      RETURN 'ClaimLost';
    END IF;
  END IF;

  -- The instructionIdentification guard (spec §4.3 rules 7-8). Submissions of one id take
  -- turns on a transaction-scoped advisory lock (namespace 7270002), polled until
  -- lockTimeout rather than waited for, so a busy id answers 'GuardBusy' without raising.
  -- Holding it, the primary key then decides at once: a row younger than 24 hours is a
  -- duplicate, an older one is taken over. lock_timeout remains as a backstop for a writer
  -- that bypassed the advisory lock; the ledger's row lock keeps its own, unbounded, wait.
  IF v_instruction IS NOT NULL THEN
    v_deadline := clock_timestamp() + (p_sub->>'lockTimeout')::interval;
    WHILE NOT pg_try_advisory_xact_lock(7270002, hashtext(v_client || '/' || v_rail || '/' || v_instruction)) LOOP
      IF clock_timestamp() >= v_deadline THEN
        RETURN 'GuardBusy';
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
      RETURN 'Duplicate';
    END IF;
  END IF;

  v_covered := ledger_debit_if_covered(v_client, p_sub->>'debtorAccountId', p_sub->>'currency', v_payment::text,
    ARRAY[-(p_sub->>'debitMinor')::bigint, -(p_sub->>'chargeMinor')::bigint], ARRAY['payment', 'payment_charge']) IS NOT NULL;
  v_outcome := p_sub->(CASE WHEN v_covered THEN 'pending' ELSE 'failed' END);

  -- A payment that failed at creation does not hold its instructionIdentification (decisions §5).
  IF NOT v_covered AND v_instruction IS NOT NULL THEN
    DELETE FROM payment_instruction_ids
    WHERE client_id = v_client AND rail = v_rail AND instruction_identification = v_instruction AND payment_id = v_payment;
  END IF;

  INSERT INTO payments (client_id, payment_id, unique_identifier, rail, status, failure_reason, debtor_account_id,
    debtor_account_number, instruction_identification, debit_minor, debit_currency, credit_minor, credit_currency,
    exchange_rate, charge_minor, charges_type, settlement_date, funds_held, details, remittance_information)
  SELECT client_id, payment_id, unique_identifier, rail, status, failure_reason, debtor_account_id,
    debtor_account_number, instruction_identification, debit_minor, debit_currency, credit_minor, credit_currency,
    exchange_rate, charge_minor, charges_type, settlement_date, funds_held, details, remittance_information
  FROM jsonb_populate_record(NULL::payments, v_outcome->'payment');

  INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data)
  SELECT client_id, actor, action, entity, entity_id, data FROM jsonb_populate_record(NULL::audit_log, v_outcome->'audit');

  IF v_covered THEN
    PERFORM enqueue_task(v_client, v_outcome->'task'->>'kind', v_outcome->'task'->'payload',
      (v_outcome->'task'->>'runAt')::timestamptz, v_outcome->'task'->>'dedupeKey');
  END IF;

  IF NOT complete_idempotency_key(p_slot, v_outcome->>'body') THEN
    RAISE EXCEPTION 'submit_payment: the claim locked above was not found';
  END IF;
  RETURN v_outcome->'payment'->>'status';
END $$;

-- Submissions that arrive together, in one transaction (lib/payments/repo.ts groups them):
-- one round trip and one commit for many payments. p_items: [{submission, slot}], slot
-- null without an Idempotency-Key; answers each item's outcome, in order. submit_payment
-- raises for no expected condition, so items need no subtransactions (which would also
-- turn the account row's locks into MultiXacts: measured, they cost more than batching
-- saved); an unexpected error fails the whole batch and every request in it, retryably.
-- The caller orders items by debtor account, so concurrent batches take the accounts' row
-- locks in one order and cannot deadlock on them.
CREATE FUNCTION submit_payments(p_items jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_results jsonb := '[]';
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_results := v_results || to_jsonb(submit_payment(v_item->'submission', nullif(v_item->'slot', 'null')));
  END LOOP;
  RETURN v_results;
END $$;
