import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { claimKey } from "@/lib/server/core/idempotency/repo";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { ZAchPaymentRequest } from "@/lib/contract/payments/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { achBody, ACME_USD, balanceMinor, countPayments, newKey, paymentOf, postAch, integrationUnit, PAYMENT_OPTIONS } from "@/tests/payments";

/**
 * A process killed between its in-flight marker and its commit: the marker
 * is committed, the payment transaction is cut off by the server (the
 * backend terminated, as when the client process dies), so nothing of the
 * payment exists and the key is usable again after the 60 s in-flight window.
 */
describe("crash between the in-flight marker and the commit", () => {
  it("leaves no payment, answers 409 meanwhile, and executes again after the lock timeout", async () => {
    const runtime = await getRuntime();
    const key = newKey();
    const tag = `CRASH-${key.slice(0, 8)}`;
    const body = achBody({ remittanceInformation: [tag] });
    const before = await balanceMinor(ACME_USD);

    const victim = await runtime.db.connect();
    victim.on("error", () => {});
    const scope = { clientId: "acme", method: "POST", path: "/v1/payments/ach-local", key };
    const slot = { ...scope, token: randomUUID(), status: 201, ttlSeconds: 3600 };
    expect(await claimKey(victim, scope, slot.token, slot.ttlSeconds, 60)).toEqual({ kind: "claimed" });
    // The submission statement has run (payment, debit and stored response written) but not committed.
    await victim.query("BEGIN");
    await createAchPayment(integrationUnit(victim, { responseSlot: slot, inTransaction: true }), { body: ZAchPaymentRequest.parse(body), ...PAYMENT_OPTIONS });
    expect(await countPayments("remittance_information = ARRAY[$1]", [tag])).toBe(0); // not committed yet
    const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await runtime.db.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    await victim.query("SELECT 1").catch(() => {});
    victim.release(true);

    expect(await countPayments("remittance_information = ARRAY[$1]", [tag])).toBe(0);
    expect(await balanceMinor(ACME_USD)).toBe(before);
    const busy = await postAch(body, { key });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe("Request is already being processed.");

    // 60 s later (the clock is moved, not waited for) the key executes again.
    await runtime.db.query("UPDATE idempotency_keys SET locked_at = locked_at - interval '61 seconds' WHERE client_id = 'acme' AND idem_key = $1", [key]);
    const retried = await postAch(body, { key });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await countPayments("remittance_information = ARRAY[$1]", [tag])).toBe(1);

    // A committed one replays.
    const replay = await postAch(body, { key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(paymentOf(replay).id).toBe(paymentOf(retried).id);
    expect(await verifyLedger((await getRuntime()).db)).toMatchObject({ ok: true });
  });
});
