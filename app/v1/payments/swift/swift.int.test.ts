import { describe, expect, it } from "vitest";
import { expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_BMD, ACME_USD, balanceMinor, GLOBEX_USD, paymentOf, postSwift, swiftBody } from "@/tests/payments";

describe("POST /v1/payments/swift", () => {
  it("creates a same-currency payment, debits principal plus the OUR fee, and shows the charge", async () => {
    const before = await balanceMinor(ACME_USD);
    const res = await postSwift(swiftBody({ instructionIdentification: "SW-OK-1" }));
    expect(res.status).toBe(201);
    const body = paymentOf(res);
    expect(body).toMatchObject({ status: "success", transactionStatus: "Pending" });
    expect(body.details.chargeDetails).toEqual({ chargesType: "OUR", charges: { currency: "USD", amount: "35.00" } });
    expect(body.linkedActivities).toEqual([
      { type: "Charge", description: "SWIFT OUR charge", amount: { currency: "USD", amount: "35.00" }, convertedAmount: null, exchangeRate: null },
    ]);
    expect(body.details.beneficiaryAgent).toEqual({ schemeName: "BICFI", identification: "COBADEFFXXX", name: null, additionalInformation: null });
    expect(await balanceMinor(ACME_USD)).toBe(before - 50_000n - 3_500n);
  });

  it("converts a fixed debitAmount at the table rate, rounding half to even, and charges SHA", async () => {
    const before = await balanceMinor(ACME_USD);
    // 100.01 USD * 0.9215 = 92.159215 EUR -> 92.16
    const res = await postSwift(swiftBody({ instructedAmount: { currency: "EUR" }, debitAmount: { currency: "USD", amount: "100.01" }, chargesType: "SHA" }));
    expect(res.status).toBe(201);
    const body = paymentOf(res);
    expect(body.details.settlementDetails).toMatchObject({
      debitAmount: { currency: "USD", amount: "100.01" },
      creditAmount: { currency: "EUR", amount: "92.16" },
    });
    expect(body.details.instructedAmount).toEqual({ currency: "EUR", amount: "92.16" });
    expect(body.linkedActivities.map((a) => a.type)).toEqual(["FxConversion", "Charge"]);
    expect(body.linkedActivities[0]).toMatchObject({ exchangeRate: "0.9215", convertedAmount: { currency: "EUR", amount: "92.16" } });
    expect(await balanceMinor(ACME_USD)).toBe(before - 10_001n - 1_500n);
  });

  it("charges nothing for BEN and converts BMD at the 1:1 peg", async () => {
    const before = await balanceMinor(ACME_BMD);
    const res = await postSwift(
      swiftBody({
        debtorAccount: { identification: ACME_BMD },
        instructedAmount: { currency: "USD" },
        debitAmount: { currency: "BMD", amount: "10.00" },
        chargesType: "BEN",
      }),
    );
    expect(res.status).toBe(201);
    const body = paymentOf(res);
    expect(body.details.settlementDetails.creditAmount).toEqual({ currency: "USD", amount: "10.00" });
    expect(body.details.chargeDetails.charges.amount).toBe("0.00");
    expect(body.linkedActivities.map((a) => a.type)).toEqual(["FxConversion"]);
    expect(await balanceMinor(ACME_BMD)).toBe(before - 1_000n);
  });

  it("accepts a creditorAgent without BIC when name and additionalInformation are given", async () => {
    const res = await postSwift(swiftBody({ creditorAgent: { name: "Small Bank", additionalInformation: ["1 Main St", "Zurich"] } }));
    expect(res.status).toBe(201);
    expect(paymentOf(res).details.beneficiaryAgent).toEqual({
      schemeName: "NameAndAddress",
      identification: null,
      name: "Small Bank",
      additionalInformation: ["1 Main St", "Zurich"],
    });
  });

  it("fails a payment whose fee is not covered, without debiting the principal", async () => {
    const { setBalance } = await import("@/tests/payments");
    await setBalance(ACME_BMD, 1_000n);
    const res = await postSwift(
      swiftBody({ debtorAccount: { identification: ACME_BMD }, instructedAmount: { currency: "BMD", amount: "10.00" }, chargesType: "SHA" }),
    );
    expect(paymentOf(res)).toMatchObject({ status: "failed", transactionStatus: "Failed" });
    expect(await balanceMinor(ACME_BMD)).toBe(1_000n);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["both amounts", { debitAmount: { currency: "USD", amount: "1.00" } }, "instructedAmount.amount"],
    ["neither amount", { instructedAmount: { currency: "USD" } }, "instructedAmount.amount"],
    ["cross-currency without debitAmount", { instructedAmount: { currency: "EUR", amount: "5.00" } }, "instructedAmount.currency"],
    ["debitAmount in another currency", { instructedAmount: { currency: "EUR" }, debitAmount: { currency: "BMD", amount: "5.00" } }, "debitAmount.currency"],
    ["unquoted currency pair", { instructedAmount: { currency: "KYD" }, debitAmount: { currency: "USD", amount: "5.00" } }, "instructedAmount.currency"],
    ["BIC of 9 characters", { creditorAgent: { identification: "COBADEFFX" } }, "creditorAgent.identification"],
    ["BIC in lower case", { creditorAgent: { identification: "cobadeffxxx" } }, "creditorAgent.identification"],
    ["agent without BIC and name", { creditorAgent: { additionalInformation: ["x"] } }, "creditorAgent.name"],
    ["agent without BIC and address", { creditorAgent: { name: "Bank" } }, "creditorAgent.additionalInformation"],
    ["intermediary without BIC and name", { intermediaryAgent: { additionalInformation: ["x"] } }, "intermediaryAgent.name"],
    ["chargesType unknown", { chargesType: "ALL" }, "chargesType"],
    ["chargesType missing", { chargesType: undefined }, "chargesType"],
    ["five remittance lines", { remittanceInformation: ["a", "b", "c", "d", "e"] }, "remittanceInformation"],
    ["remittance line over 35", { remittanceInformation: ["y".repeat(36)] }, "remittanceInformation[0]"],
    ["amount with 3 decimals", { instructedAmount: { currency: "USD", amount: "1.234" } }, "instructedAmount.amount"],
    ["unknown field", { priority: "HIGH" }, "priority"],
    ["foreign debtor account", { debtorAccount: { identification: GLOBEX_USD } }, "debtorAccount.identification"],
  ];

  it.each(invalid)("rejects %s with 400 naming the field", async (_name, overrides, field) => {
    const res = await postSwift(swiftBody(overrides));
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect(res.body.field).toBe(field);
  });

  it("accepts an 8-character BIC and needs the payment-swift permission", async () => {
    expect((await postSwift(swiftBody({ creditorAgent: { identification: "COBADEFF" } }))).status).toBe(201);
    const denied = await postSwift(swiftBody(), { token: await tokenFor("acme", ["payment-ach"]) });
    expect(denied.status).toBe(403);
  });
});
