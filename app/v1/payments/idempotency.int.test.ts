import { describe, expect, it } from "vitest";
import { PURGE_IDEMPOTENCY_KEYS_JOB } from "@/lib/server/domain/payments/jobs";
import { getRuntime } from "@/lib/server/entry/runtime";
import { expectErrorBody } from "@/tests/api";
import { ACME_USD, achBody, balanceMinor, countPayments, newKey, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";

describe("Idempotency-Key on payments", () => {
  it("replays the first 201 with Idempotent-Replayed, even for a different or invalid body", async () => {
    const key = newKey();
    const first = await postAch(achBody(), { key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const balance = await balanceMinor(ACME_USD);

    const same = await postAch(achBody(), { key });
    const different = await postAch(achBody({ instructedAmount: { amount: "7.00", currency: "USD" } }), { key });
    const invalid = await postAch({ nonsense: true }, { key });
    for (const replay of [same, different, invalid]) {
      expect(replay.status).toBe(201);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.text).toBe(first.text);
    }
    expect(await balanceMinor(ACME_USD)).toBe(balance);
    expect(await countPayments("payment_id = $1", [paymentOf(first).id])).toBe(1);
  });

  it("replays a stored response before the instructionIdentification check", async () => {
    const key = newKey();
    const first = await postAch(achBody({ instructionIdentification: "IDEM-DEDUPE" }), { key });
    expect(first.status).toBe(201);
    const replay = await postAch(achBody({ instructionIdentification: "IDEM-DEDUPE" }), { key });
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(first.text);
    const fresh = await postAch(achBody({ instructionIdentification: "IDEM-DEDUPE" }), { key: newKey() });
    expect(fresh.status).toBe(409);
  });

  it("scopes keys per path: the same key on ACH and SWIFT creates two payments", async () => {
    const key = newKey();
    const ach = await postAch(achBody(), { key });
    const swift = await postSwift(swiftBody(), { key });
    expect(ach.status).toBe(201);
    expect(swift.status).toBe(201);
    expect(paymentOf(ach).id).not.toBe(paymentOf(swift).id);
    expect(swift.headers.get("idempotent-replayed")).toBeNull();
  });

  it("scopes keys per client", async () => {
    const key = newKey();
    const acme = await postAch(achBody(), { key });
    const globex = await postAch(achBody({ debtorAccount: { identification: "3000456001" } }), { key, client: "globex" });
    expect(acme.status).toBe(201);
    expect(globex.status).toBe(201);
    expect(paymentOf(globex).id).not.toBe(paymentOf(acme).id);
  });

  it("does not store a non-2xx response: the same key executes again", async () => {
    const key = newKey();
    const bad = await postAch(achBody({ creditorBank: { bankCode: "BANK_Z", currency: "USD" } }), { key });
    expect(bad.status).toBe(400);
    const good = await postAch(achBody(), { key });
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
    const simulated = await postAch(achBody(), { key: newKey(), headers: { "sandbox-simulate": "DEDUPE_LOCK_UNAVAILABLE" } });
    expect(simulated.status).toBe(503);
  });

  it("rejects a key that is not a UUID", async () => {
    for (const key of ["abc", "123e4567-e89b-12d3-a456-42661417400Z", "x".repeat(300)]) {
      const res = await postAch(achBody(), { key });
      expect(res.status).toBe(400);
      expectErrorBody(res.body, 400, "INVALID_IDEMPOTENCY_KEY");
    }
  });

  it("answers 409 REQUEST_IN_PROGRESS while the key is in flight, and releases a crashed claim after 60 s", async () => {
    const { db } = await getRuntime();
    const key = newKey();
    const insert = (ageSeconds: number) =>
      db.query(
        `INSERT INTO idempotency_keys (client_id, method, path, idem_key, state, claim_token, locked_at, expires_at)
         VALUES ('acme', 'POST', '/v1/payments/ach-local', $1, 'in_flight', gen_random_uuid(), now() - make_interval(secs => $2), now() + interval '1 hour')
         ON CONFLICT (client_id, method, path, idem_key) DO UPDATE SET locked_at = EXCLUDED.locked_at`,
        [key, ageSeconds],
      );
    await insert(5);
    const busy = await postAch(achBody(), { key });
    expect(busy.status).toBe(409);
    expectErrorBody(busy.body, 409, "REQUEST_IN_PROGRESS");
    expect(busy.body.message).toBe("Request is already being processed.");
    await insert(61);
    const after = await postAch(achBody(), { key });
    expect(after.status).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
  });

  it("treats an expired stored response as a new request", async () => {
    const { db } = await getRuntime();
    const key = newKey();
    const first = await postAch(achBody(), { key });
    await db.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE client_id = 'acme' AND idem_key = $1", [key]);
    const second = await postAch(achBody(), { key });
    expect(second.status).toBe(201);
    expect(paymentOf(second).id).not.toBe(paymentOf(first).id);
  });

  it("purges expired stored responses in its periodic job, keeping live ones", async () => {
    const runtime = await getRuntime();
    const [expired, live] = [newKey(), newKey()];
    await postAch(achBody(), { key: expired });
    await postAch(achBody(), { key: live });
    await runtime.db.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE client_id = 'acme' AND idem_key = $1", [expired]);
    await PURGE_IDEMPOTENCY_KEYS_JOB.run(runtime);
    const { rows } = await runtime.db.query<{ idem_key: string }>("SELECT idem_key FROM idempotency_keys WHERE client_id = 'acme' AND idem_key = ANY ($1)", [
      [expired, live],
    ]);
    expect(rows.map((r) => r.idem_key)).toEqual([live]);
  });

  it("stores the failed 201 of an uncovered payment, not the Pending body written before the debit", async () => {
    const key = newKey();
    const first = await postAch(achBody({ instructedAmount: { amount: "999999999.00", currency: "USD" } }), { key });
    expect(paymentOf(first)).toMatchObject({ status: "failed", transactionStatus: "Failed" });
    const replay = await postAch(achBody(), { key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text);
    const swiftKey = newKey();
    const swift = await postSwift(swiftBody({ instructedAmount: { currency: "USD", amount: "999999999.00" } }), { key: swiftKey });
    expect(paymentOf(swift).status).toBe("failed");
    expect((await postSwift(swiftBody(), { key: swiftKey })).text).toBe(swift.text);
  });
});
