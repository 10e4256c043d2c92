import pg from "pg";
import { describe, expect, it } from "vitest";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import { ZAchPaymentRequest } from "@/lib/contract/payments/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { expectErrorBody } from "@/tests/api";
import { ACME_USD, achBody, balanceMinor, countPayments, newKey, postAch, postSwift, swiftBody, integrationUnit, PAYMENT_OPTIONS } from "@/tests/payments";

describe("instructionIdentification deduplication", () => {
  it("rejects a reuse on ACH with ACH_LOCAL_DUPLICATE_INSTRUCTION_ID and submits nothing", async () => {
    expect((await postAch(achBody({ instructionIdentification: "DUP-ACH" }))).status).toBe(201);
    const balance = await balanceMinor(ACME_USD);
    const payments = await countPayments("client_id = 'acme'");
    const dup = await postAch(achBody({ instructionIdentification: "DUP-ACH" }), { key: newKey() });
    expect(dup.status).toBe(409);
    expectErrorBody(dup.body, 409, "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID");
    expect(dup.body.field).toBe("instructionIdentification");
    expect(await balanceMinor(ACME_USD)).toBe(balance);
    expect(await countPayments("client_id = 'acme'")).toBe(payments);
  });

  it("rejects a reuse on SWIFT with PAYMENT_DUPLICATE_INSTRUCTION_ID", async () => {
    expect((await postSwift(swiftBody({ instructionIdentification: "DUP-SW" }))).status).toBe(201);
    const dup = await postSwift(swiftBody({ instructionIdentification: "DUP-SW" }));
    expect(dup.status).toBe(409);
    expectErrorBody(dup.body, 409, "PAYMENT_DUPLICATE_INSTRUCTION_ID");
  });

  it("deduplicates per rail and per client", async () => {
    expect((await postAch(achBody({ instructionIdentification: "SHARED-1" }))).status).toBe(201);
    expect((await postSwift(swiftBody({ instructionIdentification: "SHARED-1" }))).status).toBe(201);
    const globex = await postAch(achBody({ instructionIdentification: "SHARED-1", debtorAccount: { identification: "3000456001" } }), {
      client: "globex",
    });
    expect(globex.status).toBe(201);
  });

  it("frees the id 24 hours after the first accepted request", async () => {
    expect((await postAch(achBody({ instructionIdentification: "OLD-1" }))).status).toBe(201);
    const { db } = await getRuntime();
    await db.query(
      "UPDATE payment_instruction_ids SET accepted_at = now() - interval '24 hours 1 second' WHERE client_id = 'acme' AND instruction_identification = 'OLD-1'",
    );
    expect((await postAch(achBody({ instructionIdentification: "OLD-1" }))).status).toBe(201);
    expect((await postAch(achBody({ instructionIdentification: "OLD-1" }))).status).toBe(409);
  });

  it("answers 503 DEDUPE_LOCK_UNAVAILABLE when the guard's lock cannot be had in time, with nothing submitted", async () => {
    const runtime = await getRuntime();
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    const saved = runtime.config.dedupeLockTimeoutMs;
    runtime.config.dedupeLockTimeoutMs = 150;
    try {
      // Another submission of the same id, still in flight: written, not yet committed.
      await holder.query("BEGIN");
      await createAchPayment(integrationUnit(holder, { inTransaction: true }), {
        body: ZAchPaymentRequest.parse(achBody({ instructionIdentification: "LOCKED-1" })),
        ...PAYMENT_OPTIONS,
      });
      const balance = await balanceMinor(ACME_USD);
      const key = newKey();
      const res = await postAch(achBody({ instructionIdentification: "LOCKED-1" }), { key });
      expect(res.status).toBe(503);
      expectErrorBody(res.body, 503, "DEDUPE_LOCK_UNAVAILABLE");
      expect(await balanceMinor(ACME_USD)).toBe(balance);
      await holder.query("ROLLBACK");
      // Retrying with the same key and values is safe: it executes now.
      const retry = await postAch(achBody({ instructionIdentification: "LOCKED-1" }), { key });
      expect(retry.status).toBe(201);
    } finally {
      runtime.config.dedupeLockTimeoutMs = saved;
      await holder.end();
    }
  });

  it("simulates 503 with Sandbox-Simulate in uat only", async () => {
    const runtime = await getRuntime();
    const payments = await countPayments("client_id = 'acme'");
    const simulated = await postSwift(swiftBody({ instructionIdentification: "SIM-1" }), { headers: { "sandbox-simulate": "DEDUPE_LOCK_UNAVAILABLE" } });
    expect(simulated.status).toBe(503);
    expectErrorBody(simulated.body, 503, "DEDUPE_LOCK_UNAVAILABLE");
    expect(await countPayments("client_id = 'acme'")).toBe(payments);
    // Nothing was submitted, so the id is still free.
    expect((await postSwift(swiftBody({ instructionIdentification: "SIM-1" }))).status).toBe(201);

    runtime.config.appEnv = "production";
    try {
      const ignored = await postAch(achBody(), { headers: { "sandbox-simulate": "DEDUPE_LOCK_UNAVAILABLE" } });
      expect(ignored.status).toBe(201);
    } finally {
      runtime.config.appEnv = "uat";
    }
  });
});
