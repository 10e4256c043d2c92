import { describe, expect, it } from "vitest";
import { POST as forceStatus } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { TASK_DEFINITIONS } from "@/lib/server/entry/jobs/registry";
import { Worker } from "@/lib/server/core/jobs/worker";
import { balanceFromPostings } from "@/lib/server/domain/ledger/ledger";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_USD, achBody, balanceMinor, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";

async function force(paymentId: string, status: string, client = "acme") {
  return call(forceStatus, `/v1/sandbox/payments/${paymentId}/status`, {
    method: "POST",
    token: await tokenFor(client),
    params: { paymentId },
    body: { status },
  });
}

async function ledgerConsistent(): Promise<void> {
  const { db } = await getRuntime();
  expect(await balanceMinor(ACME_USD)).toBe(await balanceFromPostings(db, "acme", `ACC-${ACME_USD}`));
}

describe("payment lifecycle", () => {
  it("moves Pending -> Completed -> Reversed and returns principal and charge on reversal", async () => {
    const before = await balanceMinor(ACME_USD);
    const id = paymentOf(await postSwift(swiftBody({ chargesType: "OUR" }))).id;
    expect(await balanceMinor(ACME_USD)).toBe(before - 53_500n);
    const completed = await force(id, "Completed");
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: "Completed", transactionId: id });
    expect(await balanceMinor(ACME_USD)).toBe(before - 53_500n);
    const reversed = await force(id, "Reversed");
    expect(reversed.body).toMatchObject({ status: "Reversed" });
    expect(await balanceMinor(ACME_USD)).toBe(before);
    await ledgerConsistent();
  });

  it("moves Pending -> Failed and returns the funds once", async () => {
    const before = await balanceMinor(ACME_USD);
    const id = paymentOf(await postAch(achBody())).id;
    expect((await force(id, "Failed")).body).toMatchObject({ status: "Failed" });
    expect(await balanceMinor(ACME_USD)).toBe(before);
    const again = await force(id, "Reversed");
    expect(again.status).toBe(409);
    expectErrorBody(again.body, 409, "INVALID_STATUS_TRANSITION");
    expect(await balanceMinor(ACME_USD)).toBe(before);
    await ledgerConsistent();
  });

  it.each([
    ["Pending", "Reversed"],
    ["Pending", "Pending"],
    ["Completed", "Failed"],
    ["Completed", "Pending"],
    ["Completed", "Completed"],
  ])("refuses %s -> %s with 409 INVALID_STATUS_TRANSITION", async (from, to) => {
    const id = paymentOf(await postAch(achBody())).id;
    if (from === "Completed") await force(id, "Completed");
    const res = await force(id, to);
    expect(res.status).toBe(409);
    expectErrorBody(res.body, 409, "INVALID_STATUS_TRANSITION");
  });

  it("refuses to move a payment that failed at creation", async () => {
    const failed = paymentOf(await postAch(achBody({ instructedAmount: { amount: "900000000.00", currency: "USD" } })));
    expect(failed.transactionStatus).toBe("Failed");
    expect((await force(failed.id, "Completed")).status).toBe(409);
  });

  it("answers another client's, an unknown and a malformed payment id with 404", async () => {
    const id = paymentOf(await postAch(achBody())).id;
    for (const res of [
      await force(id, "Completed", "globex"),
      await force("00000000-0000-4000-8000-000000000000", "Completed"),
      await force("nope", "Completed"),
    ]) {
      expect(res.status).toBe(404);
      expectErrorBody(res.body, 404, "PAYMENT_NOT_FOUND");
    }
  });

  it("rejects an unknown status and is 404 NOT_FOUND in production", async () => {
    const id = paymentOf(await postAch(achBody())).id;
    expect((await force(id, "Settled")).status).toBe(400);
    const runtime = await getRuntime();
    runtime.config.appEnv = "production";
    try {
      const res = await force(id, "Completed");
      expect(res.status).toBe(404);
      expectErrorBody(res.body, 404, "NOT_FOUND");
    } finally {
      runtime.config.appEnv = "uat";
    }
  });

  it("settles Pending payments through the worker on their settlement date", async () => {
    const runtime = await getRuntime();
    const id = paymentOf(await postAch(achBody())).id;
    const forced = paymentOf(await postAch(achBody())).id;
    await force(forced, "Failed");
    // The settlement run is in the future; bring it to now as the clock would.
    await runtime.db.query("UPDATE queue_tasks SET run_at = now() - interval '1 second' WHERE kind = 'payment.settle' AND dedupe_key = ANY ($1)", [
      [id, forced],
    ]);
    const worker = new Worker(runtime, TASK_DEFINITIONS);
    expect(await worker.drain()).toBeGreaterThanOrEqual(2);
    const { rows } = await runtime.db.query<{ payment_id: string; status: string }>(
      "SELECT payment_id::text, status FROM payments WHERE client_id = 'acme' AND payment_id = ANY ($1::uuid[])",
      [[id, forced]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.payment_id, r.status]))).toEqual({ [id]: "Completed", [forced]: "Failed" });
    const audit = await runtime.db.query("SELECT actor FROM audit_log WHERE client_id = 'acme' AND entity_id = $1 AND action = 'payment.completed'", [id]);
    expect(audit.rows).toEqual([{ actor: "system:settlement" }]);
  });
});
