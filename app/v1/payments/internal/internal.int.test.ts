import { describe, expect, it } from "vitest";
import { POST as transferRoute } from "@/app/v1/payments/internal/route";
import { POST as forceStatus } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { GET as listTransactions } from "@/app/v1/accounts/[accountNumber]/transactions/route";
import { GET as listAccountPayments } from "@/app/v1/accounts/[accountNumber]/payments/route";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import type { TTransactionList } from "@/lib/contract/ledger/schema";
import type { TPaymentResponse } from "@/lib/contract/payments/schema";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { balanceMinor, newKey, setBalance } from "@/tests/payments";

const OPERATING_USD = "1000123456";
const TREASURY_USD = "1000123460";
const PAYROLL_BMD = "1000123457";
const JOINT_BMD = "1000123459";
const INACTIVE_USD = "1000123458";
const GLOBEX_USD = "3000456001";

type Body = Record<string, unknown>;

function transferBody(overrides: Body = {}): Body {
  return {
    debtorAccount: { identification: OPERATING_USD },
    creditorAccount: { identification: TREASURY_USD },
    instructedAmount: { currency: "USD", amount: "125.50" },
    remittanceInformation: ["Sweep to treasury"],
    ...overrides,
  };
}

async function transfer(body: Body, options: { key?: string; token?: string } = {}) {
  return call<TPaymentResponse & Body>(transferRoute, "/v1/payments/internal", {
    token: options.token ?? (await tokenFor("acme")),
    body,
    headers: options.key ? { "idempotency-key": options.key } : {},
  });
}

async function transactionsOf(accountNumber: string) {
  const res = await call<TTransactionList>(listTransactions, `/v1/accounts/${accountNumber}/transactions`, {
    token: await tokenFor("acme"),
    params: { accountNumber },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe("POST /v1/payments/internal", () => {
  it("moves money between two own accounts in one entry, Completed at once, seen in both accounts", async () => {
    const [debtorBefore, creditorBefore] = [await balanceMinor(OPERATING_USD), await balanceMinor(TREASURY_USD)];
    const res = await transfer(transferBody({ instructionIdentification: "SWEEP-1" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "success", transactionStatus: "Completed" });
    expect(res.body.details.settlementDetails.rail).toBe("INTERNAL");
    expect(await balanceMinor(OPERATING_USD)).toBe(debtorBefore - 12_550n);
    expect(await balanceMinor(TREASURY_USD)).toBe(creditorBefore + 12_550n);

    const [debit] = await transactionsOf(OPERATING_USD);
    const [credit] = await transactionsOf(TREASURY_USD);
    expect(debit).toMatchObject({ type: "Debit", kind: "InternalTransfer", amount: { amount: "125.50" }, counterparty: { accountNumber: TREASURY_USD } });
    expect(credit).toMatchObject({ type: "Credit", kind: "InternalTransfer", amount: { amount: "125.50" }, counterparty: { accountNumber: OPERATING_USD } });
    expect(debit!.entryId).toBe(credit!.entryId);
    expect(debit!.references).toMatchObject({ paymentId: res.body.id, instructionIdentification: "SWEEP-1" });
    expect(debit!.remittanceInformation).toEqual(["Sweep to treasury"]);

    const payments = await call<{ data: Array<{ transactionId: string; type: string; status: string }> }>(
      listAccountPayments,
      `/v1/accounts/${OPERATING_USD}/payments`,
      {
        token: await tokenFor("acme"),
        params: { accountNumber: OPERATING_USD },
      },
    );
    expect(payments.body.data[0]).toMatchObject({ transactionId: res.body.id, type: "INTERNAL", status: "Completed" });
    expect(await verifyLedger((await getRuntime()).db)).toMatchObject({ ok: true });
  });

  it("converts between currencies at the rate table, the FX legs in the same entry", async () => {
    const res = await transfer(transferBody({ creditorAccount: { identification: PAYROLL_BMD }, instructedAmount: { currency: "USD", amount: "10.00" } }));
    expect(res.status).toBe(201);
    expect(res.body.linkedActivities[0]).toMatchObject({ type: "FxConversion", exchangeRate: "1" });
    const [credit] = await transactionsOf(PAYROLL_BMD);
    expect(credit).toMatchObject({ type: "Credit", kind: "FX", amount: { currency: "BMD", amount: "10.00" } });
    const { rows } = await (
      await getRuntime()
    ).db.query<{ bank_account: string; amount_minor: string }>(
      "SELECT bank_account, amount_minor::text FROM ledger_postings WHERE client_id = 'acme' AND payment_id = $1 AND bank_account IS NOT NULL ORDER BY bank_account",
      [res.body.id],
    );
    expect(rows).toEqual([
      { bank_account: "fx_position:BMD", amount_minor: "-1000" },
      { bank_account: "fx_position:USD", amount_minor: "1000" },
    ]);
  });

  it("answers 201 failed when the debtor cannot cover it, moving nothing and not holding the instructionIdentification", async () => {
    await setBalance(JOINT_BMD, 500n);
    const body = transferBody({
      debtorAccount: { identification: JOINT_BMD },
      creditorAccount: { identification: PAYROLL_BMD },
      instructedAmount: { currency: "BMD", amount: "5.01" },
      instructionIdentification: "SWEEP-POOR",
    });
    const res = await transfer(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "failed", transactionStatus: "Failed" });
    expect(await balanceMinor(JOINT_BMD)).toBe(500n);
    await setBalance(JOINT_BMD, 1_000n);
    expect((await transfer(body)).body).toMatchObject({ status: "success", transactionStatus: "Completed" });
  });

  it("replays an Idempotency-Key and refuses a reused instructionIdentification with its own code", async () => {
    const key = newKey();
    const body = transferBody({ instructionIdentification: "SWEEP-DUP", instructedAmount: { currency: "USD", amount: "1.00" } });
    const first = await transfer(body, { key });
    const replay = await transfer(body, { key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(first.body.id);
    const duplicate = await transfer(body);
    expect(duplicate.status).toBe(409);
    expectErrorBody(duplicate.body, 409, "INTERNAL_TRANSFER_DUPLICATE_INSTRUCTION_ID");
  });

  it("refuses accounts that are not the caller's own active ones, the same account, and a caller without the permission", async () => {
    for (const [creditor, field] of [
      [GLOBEX_USD, "creditorAccount.identification"],
      [INACTIVE_USD, "creditorAccount.identification"],
      [OPERATING_USD, "creditorAccount.identification"],
    ] as const) {
      const res = await transfer(transferBody({ creditorAccount: { identification: creditor } }));
      expect(res.status).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(res.body.field).toBe(field);
    }
    const foreignDebtor = await transfer(transferBody({ debtorAccount: { identification: GLOBEX_USD } }));
    expect(foreignDebtor.body.field).toBe("debtorAccount.identification");
    const wrongCurrency = await transfer(transferBody({ instructedAmount: { currency: "BMD", amount: "1.00" } }));
    expect(wrongCurrency.body.field).toBe("instructedAmount.currency");
    const noPermission = await transfer(transferBody(), {
      token: await tokenFor(
        "acme",
        PERMISSIONS.filter((p) => p !== "payment-internal"),
      ),
    });
    expect(noPermission.status).toBe(403);
  });

  it("20 parallel transfers in both directions never deadlock and never overdraw", async () => {
    await setBalance(OPERATING_USD, 10_000n);
    await setBalance(TREASURY_USD, 10_000n);
    const token = await tokenFor("acme");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transfer(
          transferBody({
            debtorAccount: { identification: i % 2 ? OPERATING_USD : TREASURY_USD },
            creditorAccount: { identification: i % 2 ? TREASURY_USD : OPERATING_USD },
            instructedAmount: { currency: "USD", amount: "30.00" },
          }),
          { token },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const [a, b] = [await balanceMinor(OPERATING_USD), await balanceMinor(TREASURY_USD)];
    expect(a >= 0n && b >= 0n).toBe(true);
    expect(a + b).toBe(20_000n);
    const completed = results.filter((r) => r.body.status === "success").length;
    expect(completed).toBeGreaterThanOrEqual(6);
    expect(await verifyLedger((await getRuntime()).db)).toMatchObject({ ok: true });
  });

  it("a completed transfer never moves, not even in the sandbox: Reversed would claim money back that no entry returns (409)", async () => {
    await setBalance(OPERATING_USD, 100_000n);
    const res = await transfer(transferBody());
    expect(res.body.transactionStatus).toBe("Completed");
    const balances = [await balanceMinor(OPERATING_USD), await balanceMinor(TREASURY_USD)];
    for (const status of ["Reversed", "Failed"]) {
      const moved = await call(forceStatus, `/v1/sandbox/payments/${res.body.id}/status`, {
        method: "POST",
        token: await tokenFor("acme"),
        params: { paymentId: res.body.id },
        body: { status },
      });
      expectErrorBody(moved.body, 409, "INVALID_STATUS_TRANSITION");
    }
    expect([await balanceMinor(OPERATING_USD), await balanceMinor(TREASURY_USD)]).toEqual(balances);
    expect(await verifyLedger((await getRuntime()).db)).toMatchObject({ ok: true });
  });
});
