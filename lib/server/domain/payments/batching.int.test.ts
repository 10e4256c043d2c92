import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import type { Unit } from "@/lib/server/core/unit";
import { ZAchPaymentRequest } from "@/lib/contract/payments/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { achBody, ACME_BMD, ACME_USD, balanceMinor, setBalance } from "@/tests/payments";

/**
 * Submissions that arrive together share one round trip and one commit (SQL
 * submit_payments, lib/server/core/db/micro-batch.ts). Sharing must change nothing a
 * single payment would see.
 */
describe("payments submitted together", () => {
  const actor = { clientId: "acme", actor: "client:acme", ip: null, correlationId: null, person: null };
  const unit = (db: Unit["db"], responseSlot: Unit["responseSlot"] = null): Unit => ({ db, inTransaction: false, responseSlot, actor, now: new Date() });
  const options = { lockTimeoutMs: 2000, simulate: null };
  const ach = (overrides: Record<string, unknown>) => ZAchPaymentRequest.parse(achBody(overrides));

  it("give each its own outcome, as if each were alone", async () => {
    const { db } = await getRuntime();
    await setBalance(ACME_BMD, 5_000n);
    const usdBefore = await balanceMinor(ACME_USD);
    const tag = `BATCH-${randomUUID().slice(0, 8)}`;
    const bmd = { debtorAccount: { identification: ACME_BMD }, debitCurrency: "BMD", creditorBank: { bankCode: "BANK_B", currency: "BMD" } };
    // A slot whose claim was never made, as for a claim lost to a takeover after the in-flight window.
    const lostClaim = { clientId: "acme", method: "POST", path: "/v1/payments/ach-local", key: randomUUID(), token: randomUUID(), status: 201, ttlSeconds: 60 };

    const submissions = [
      ...Array.from({ length: 8 }, (_, i) =>
        createAchPayment(unit(db), {
          body: ach({ instructedAmount: { amount: "1.00", currency: "USD" }, remittanceInformation: [`${tag}-ok-${i}`] }),
          ...options,
        }),
      ),
      createAchPayment(unit(db), {
        body: ach({ ...bmd, instructedAmount: { amount: "40.00", currency: "BMD" }, remittanceInformation: [`${tag}-bmd-a`] }),
        ...options,
      }),
      createAchPayment(unit(db), {
        body: ach({ ...bmd, instructedAmount: { amount: "40.00", currency: "BMD" }, remittanceInformation: [`${tag}-bmd-b`] }),
        ...options,
      }),
      createAchPayment(unit(db), { body: ach({ instructionIdentification: `D${tag.slice(-8)}`, remittanceInformation: [`${tag}-dup-1`] }), ...options }),
      createAchPayment(unit(db), { body: ach({ instructionIdentification: `D${tag.slice(-8)}`, remittanceInformation: [`${tag}-dup-2`] }), ...options }),
      createAchPayment(unit(db, lostClaim), { body: ach({ remittanceInformation: [`${tag}-lost`] }), ...options }),
    ];
    const settled = await Promise.allSettled(submissions);

    const ok = settled.slice(0, 8);
    expect(ok.every((s) => s.status === "fulfilled" && s.value.transactionStatus === "Pending")).toBe(true);
    // 50.00 BMD covers one 40.00 payment; the other is a recorded failure.
    const bmdStatuses = settled
      .slice(8, 10)
      .map((s) => (s.status === "fulfilled" ? s.value.transactionStatus : "rejected"))
      .sort();
    expect(bmdStatuses).toEqual(["Failed", "Pending"]);
    expect(await balanceMinor(ACME_BMD)).toBe(1_000n);
    // One instructionIdentification, two submissions: one payment and one 409.
    const dup = settled.slice(10, 12);
    expect(dup.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect(dup.filter((s) => s.status === "rejected").map((s) => (s as PromiseRejectedResult).reason.code)).toEqual(["ACH_LOCAL_DUPLICATE_INSTRUCTION_ID"]);
    // The item whose claim was lost wrote nothing and answers 409, without undoing the others.
    expect(settled[12]!.status).toBe("rejected");
    expect((settled[12] as PromiseRejectedResult).reason.code).toBe("REQUEST_IN_PROGRESS");

    const { rows } = await db.query<{ line: string; created_at: Date }>(
      "SELECT remittance_information[1] AS line, created_at FROM payments WHERE remittance_information[1] LIKE $1 || '%'",
      [tag],
    );
    const lines = rows.map((r) => r.line);
    expect(lines.filter((l) => !l.includes("-dup-")).sort()).toEqual(
      [...Array.from({ length: 8 }, (_, i) => `${tag}-ok-${i}`), `${tag}-bmd-a`, `${tag}-bmd-b`].sort(),
    );
    expect(lines.filter((l) => l.includes("-dup-"))).toHaveLength(1);
    expect(await balanceMinor(ACME_USD)).toBe(usdBefore - 800n - 10_000n);
    // The batching really happened: payments of one transaction share its start time.
    const perTransaction = new Map<number, number>();
    for (const r of rows) perTransaction.set(r.created_at.getTime(), (perTransaction.get(r.created_at.getTime()) ?? 0) + 1);
    expect(Math.max(...perTransaction.values())).toBeGreaterThan(1);
  });

  it("never deadlock when groups pay from the same accounts in different orders (5 rounds)", async () => {
    const { db } = await getRuntime();
    const accounts = [ACME_USD, "1000123460", "2000123001"];
    for (let round = 0; round < 5; round++) {
      // Arrival order alternates, so without a lock order two groups would take the accounts' rows crosswise.
      const order = Array.from({ length: 60 }, (_, i) => accounts[(i * (round + 1) + (i % 2 ? 2 : 0)) % accounts.length]!);
      const settled = await Promise.allSettled(
        order.map((account, i) =>
          createAchPayment(unit(db), {
            body: ach({
              debtorAccount: { identification: account },
              instructedAmount: { amount: "0.01", currency: "USD" },
              remittanceInformation: [`LOCKS-${round}-${i}`],
            }),
            ...options,
          }),
        ),
      );
      expect(settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    }
  });

  it("groups where payments fail for funds on one account never deadlock: an uncovered account is locked before its failed payment is written", async () => {
    const { db } = await getRuntime();
    await setBalance(ACME_BMD, 1_000n);
    const bmd = { debtorAccount: { identification: ACME_BMD }, debitCurrency: "BMD", creditorBank: { bankCode: "BANK_B", currency: "BMD" } };
    for (let round = 0; round < 5; round++) {
      // One account, more payments than it covers, in several groups at once: accepted and failed items interleave.
      const settled = await Promise.allSettled(
        Array.from({ length: 80 }, (_, i) =>
          createAchPayment(unit(db), {
            body: ach({
              ...bmd,
              instructedAmount: { amount: i % 3 === 0 ? "0.01" : "900.00", currency: "BMD" },
              remittanceInformation: [`FUNDS-${round}-${i}`],
            }),
            ...options,
          }),
        ),
      );
      expect(settled.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
      expect(await balanceMinor(ACME_BMD)).toBeGreaterThanOrEqual(0n);
    }
  });
});
