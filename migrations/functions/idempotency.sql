-- Claims an Idempotency-Key for a request (lib/server/idempotency/repo.ts), or reports what holds
-- it: {"kind": "claimed"}, {"kind": "replay", "status", "body"} or {"kind": "in_flight"}.
-- A function, so the pipeline can claim in the same round trip as its rate limit
-- (lib/server/http/rate-limit.ts). The INSERT claims a free key; ON CONFLICT DO NOTHING takes no
-- lock and writes nothing, so a replay costs no more than a read. An expired row, or one
-- whose claimant died (in flight longer than p_stale_s), is taken over by a conditional
-- UPDATE, so of two concurrent takeovers exactly one wins. Each statement sees rows
-- committed before it began, so a row that vanished (released) is simply tried again.
CREATE OR REPLACE FUNCTION claim_idempotency_key(p_client text, p_method text, p_path text, p_key text, p_token uuid,
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

-- Stores a response under an Idempotency-Key claim (lib/server/idempotency/repo.ts), in the
-- caller's transaction. p_slot: {clientId, method, path, key, token, status, ttlSeconds};
-- NULL (no key) stores nothing. False when the claim was lost: the claimant overran the
-- in-flight window and another request took the key over (the token is unique per claim).
CREATE OR REPLACE FUNCTION complete_idempotency_key(p_slot jsonb, p_body text)
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

-- Locks a claim for the transaction that will store its response (p_slot as above; NULL
-- without a key: true). False when the claim was lost (taken over after the in-flight
-- window): the caller then writes nothing. Held, complete_idempotency_key cannot miss it.
CREATE OR REPLACE FUNCTION hold_idempotency_claim(p_slot jsonb)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_slot IS NULL THEN
    RETURN true;
  END IF;
  PERFORM 1 FROM idempotency_keys
  WHERE client_id = p_slot->>'clientId' AND method = p_slot->>'method' AND path = p_slot->>'path'
    AND idem_key = p_slot->>'key' AND claim_token = (p_slot->>'token')::uuid
  FOR UPDATE;
  RETURN FOUND;
END $$;
