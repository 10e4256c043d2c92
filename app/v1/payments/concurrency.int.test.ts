import { describe, expect, it } from "vitest";
import { balanceFromPostings } from "@/lib/server/domain/ledger/ledger";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { getRuntime } from "@/lib/server/entry/runtime";
import { tokenFor } from "@/tests/api";
import { achBody, balanceMinor, countPayments, newKey, paymentOf, postAch, setBalance } from "@/tests/payments";

/** Each race runs this many rounds, on the embedded server and on TEST_DATABASE_URL. */
const ROUNDS = 20;
const JOINT_BMD = "1000123459";
const bmd = { debtorAccount: { identification: JOINT_BMD }, debitCurrency: "BMD", creditorBank: { bankCode: "BANK_A", currency: "BMD" } };

describe("concurrent payments", () => {
  it(`20 parallel requests with one Idempotency-Key create one payment (${ROUNDS} rounds)`, async () => {
    const token = await tokenFor("acme");
    for (let round = 0; round < ROUNDS; round++) {
      const key = newKey();
      const tag = `IDEM-RACE-${round}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => postAch(achBody({ remittanceInformation: [tag] }), { key, token })));
      const created = results.filter((r) => r.status === 201);
      const busy = results.filter((r) => r.status === 409);
      expect(created.length + busy.length).toBe(20);
      expect(created.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) expect(r.body.message).toBe("Request is already being processed.");
      expect(new Set(created.map((r) => paymentOf(r).id)).size).toBe(1);
      expect(await countPayments("client_id = 'acme' AND remittance_information = ARRAY[$1]", [tag])).toBe(1);
    }
  });

  it(`20 parallel keys with one instructionIdentification create one payment (${ROUNDS} rounds)`, async () => {
    const token = await tokenFor("acme");
    for (let round = 0; round < ROUNDS; round++) {
      const id = `RACE-${round}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => postAch(achBody({ instructionIdentification: id }), { key: newKey(), token })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe("ACH_LOCAL_DUPLICATE_INSTRUCTION_ID");
      expect(await countPayments("client_id = 'acme' AND instruction_identification = $1", [id])).toBe(1);
    }
  });

  it(`10 parallel payments of 30% of a balance accept at most 3 and never overdraw (${ROUNDS} rounds)`, async () => {
    const { db } = await getRuntime();
    const token = await tokenFor("acme");
    for (let round = 0; round < ROUNDS; round++) {
      await setBalance(JOINT_BMD, 100_000n);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => postAch(achBody({ ...bmd, instructedAmount: { amount: "300.00", currency: "BMD" } }), { token, key: newKey() })),
      );
      expect(results.every((r) => r.status === 201)).toBe(true);
      const accepted = results.filter((r) => paymentOf(r).status === "success");
      expect(accepted).toHaveLength(3);
      const balance = await balanceMinor(JOINT_BMD);
      expect(balance).toBe(10_000n);
      expect(balance).toBe(await balanceFromPostings(db, "acme", `ACC-${JOINT_BMD}`));
    }
    expect(await verifyLedger(db)).toMatchObject({ ok: true });
  });
});
