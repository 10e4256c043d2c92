import { describe, expect, it } from "vitest";
import { getRuntime } from "@/lib/server/entry/runtime";
import { expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_BMD, ACME_INACTIVE, ACME_USD, achBody, balanceMinor, GLOBEX_USD, paymentOf, postAch } from "@/tests/payments";

describe("POST /v1/payments/ach-local", () => {
  it("creates a Pending payment with the spec §2.8 response and reserves the funds", async () => {
    const before = await balanceMinor(ACME_USD);
    const res = await postAch(achBody({ instructionIdentification: "ACH-OK-1" }));
    expect(res.status).toBe(201);
    const body = paymentOf(res);
    expect(Object.keys(body).sort()).toEqual(["details", "id", "linkedActivities", "status", "transactionStatus", "uniqueIdentifier"]);
    expect(body).toMatchObject({ status: "success", transactionStatus: "Pending", linkedActivities: [] });
    expect(Object.keys(body.details).sort()).toEqual(
      [
        "beneficiary",
        "beneficiaryAccount",
        "beneficiaryAgent",
        "chargeDetails",
        "creditorAccount",
        "debtorAccount",
        "extReference",
        "failureReason",
        "instructedAmount",
        "intermediaryAgent",
        "remittanceInformation",
        "settlementDetails",
      ].sort(),
    );
    expect(body.details).toMatchObject({
      extReference: "ACH-OK-1",
      instructedAmount: { currency: "USD", amount: "100.00" },
      debtorAccount: { schemeName: "AccountNumber", identification: ACME_USD },
      creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
      beneficiaryAgent: { identification: "BANK_A", name: "Demo Bank A" },
      intermediaryAgent: null,
      chargeDetails: { chargesType: null, charges: { currency: "USD", amount: "0.00" } },
      remittanceInformation: ["Invoice 42"],
    });
    expect(body.details.settlementDetails.settlementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await balanceMinor(ACME_USD)).toBe(before - 10_000n);

    const { db } = await getRuntime();
    const audit = await db.query("SELECT action FROM audit_log WHERE client_id = 'acme' AND entity_id = $1", [body.id]);
    expect(audit.rows).toEqual([{ action: "payment.created" }]);
    const task = await db.query("SELECT kind, run_at FROM queue_tasks WHERE dedupe_key = $1", [body.id]);
    expect(task.rows[0]).toMatchObject({ kind: "payment.settle" });
  });

  it("accepts a JSON number amount and a BMD payment from a BMD account", async () => {
    const res = await postAch(
      achBody({
        debtorAccount: { identification: ACME_BMD },
        debitCurrency: "BMD",
        instructedAmount: { amount: 12.5, currency: "BMD" },
        creditorBank: { bankCode: "BANK_C", currency: "BMD" },
      }),
    );
    expect(res.status).toBe(201);
    expect(paymentOf(res).details.instructedAmount).toEqual({ currency: "BMD", amount: "12.50" });
  });

  it("answers insufficient funds with 201 failed, a reason, and no debit", async () => {
    const before = await balanceMinor(ACME_USD);
    const res = await postAch(achBody({ instructedAmount: { amount: "99999999.00", currency: "USD" }, instructionIdentification: "ACH-POOR" }));
    expect(res.status).toBe(201);
    const body = paymentOf(res);
    expect(body).toMatchObject({ status: "failed", transactionStatus: "Failed" });
    expect(body.details.failureReason).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await balanceMinor(ACME_USD)).toBe(before);
    // A failed payment does not hold its instructionIdentification.
    const retry = await postAch(achBody({ instructionIdentification: "ACH-POOR" }));
    expect(retry.status).toBe(201);
    expect(paymentOf(retry).status).toBe("success");
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["missing debtorAccount", { debtorAccount: undefined }, "debtorAccount"],
    ["debtor identification over 36", { debtorAccount: { identification: "1".repeat(37) } }, "debtorAccount.identification"],
    ["instructionIdentification over 16", { instructionIdentification: "X".repeat(17) }, "instructionIdentification"],
    ["debitCurrency not USD/BMD", { debitCurrency: "EUR", instructedAmount: { amount: "1.00", currency: "EUR" } }, "debitCurrency"],
    ["amount with 3 decimals", { instructedAmount: { amount: "1.001", currency: "USD" } }, "instructedAmount.amount"],
    ["amount over 18 characters", { instructedAmount: { amount: "1234567890123456.00", currency: "USD" } }, "instructedAmount.amount"],
    ["amount zero", { instructedAmount: { amount: "0.00", currency: "USD" } }, "instructedAmount.amount"],
    ["amount negative", { instructedAmount: { amount: "-5.00", currency: "USD" } }, "instructedAmount.amount"],
    ["amount not a number", { instructedAmount: { amount: "ten", currency: "USD" } }, "instructedAmount.amount"],
    ["instructed currency differs", { instructedAmount: { amount: "1.00", currency: "BMD" } }, "instructedAmount.currency"],
    ["creditor identification over 17", { creditorAccount: { identification: "1".repeat(18), name: "A" } }, "creditorAccount.identification"],
    ["creditor name over 22", { creditorAccount: { identification: "1", name: "N".repeat(23) } }, "creditorAccount.name"],
    ["creditor name missing", { creditorAccount: { identification: "1" } }, "creditorAccount.name"],
    ["bankCode empty", { creditorBank: { bankCode: "", currency: "USD" } }, "creditorBank.bankCode"],
    ["bankCode over 100", { creditorBank: { bankCode: "B".repeat(101), currency: "USD" } }, "creditorBank.bankCode"],
    ["bank currency not 3 characters", { creditorBank: { bankCode: "BANK_A", currency: "USDX" } }, "creditorBank.currency"],
    ["bank currency differs", { creditorBank: { bankCode: "BANK_A", currency: "BMD" } }, "creditorBank.currency"],
    ["no remittance lines", { remittanceInformation: [] }, "remittanceInformation"],
    ["three remittance lines", { remittanceInformation: ["a", "b", "c"] }, "remittanceInformation"],
    ["empty remittance line", { remittanceInformation: [""] }, "remittanceInformation[0]"],
    ["remittance line over 35", { remittanceInformation: ["x".repeat(36)] }, "remittanceInformation[0]"],
    ["unknown top-level field", { surprise: 1 }, "surprise"],
    ["unknown nested field", { creditorAccount: { identification: "1", name: "A", iban: "x" } }, "creditorAccount.iban"],
    ["debtor account of another client", { debtorAccount: { identification: GLOBEX_USD } }, "debtorAccount.identification"],
    ["unknown debtor account", { debtorAccount: { identification: "9999999999" } }, "debtorAccount.identification"],
    ["inactive debtor account", { debtorAccount: { identification: ACME_INACTIVE } }, "debtorAccount.identification"],
    [
      "debitCurrency not the account's",
      { debitCurrency: "BMD", instructedAmount: { amount: "1.00", currency: "BMD" }, creditorBank: { bankCode: "BANK_A", currency: "BMD" } },
      "debitCurrency",
    ],
  ];

  it.each(invalid)("rejects %s with 400 naming the field", async (_name, overrides, field) => {
    const before = await balanceMinor(ACME_USD);
    const res = await postAch(achBody(overrides));
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect(res.body.field).toBe(field);
    expect(await balanceMinor(ACME_USD)).toBe(before);
  });

  it("answers a foreign, an unknown and an inactive debtor account identically", async () => {
    const bodies = await Promise.all([GLOBEX_USD, "9999999999", ACME_INACTIVE].map((n) => postAch(achBody({ debtorAccount: { identification: n } }))));
    const messages = new Set(bodies.map((r) => r.body.message));
    expect(messages.size).toBe(1);
  });

  it("rejects an unconfigured bank code/currency pair with BANK_REFERENCE_NOT_FOUND", async () => {
    const res = await postAch(achBody({ creditorBank: { bankCode: "BANK_Z", currency: "USD" } }));
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "BANK_REFERENCE_NOT_FOUND");
    expect(res.body.field).toBe("creditorBank.bankCode");
  });

  it("rejects malformed JSON and needs the payment-ach permission", async () => {
    const token = await tokenFor("acme", ["payment-swift"]);
    const denied = await postAch(achBody(), { token });
    expect(denied.status).toBe(403);
    expectErrorBody(denied.body, 403, "FORBIDDEN");
  });
});
