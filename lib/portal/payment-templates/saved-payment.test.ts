import { describe, expect, it } from "vitest";
import { ZAchTemplateRequest, ZInternalTemplateRequest, ZSwiftTemplateRequest } from "@/lib/contract/payment-templates/schema";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import { toAchRequest, toSwiftRequest, toTransferRequest } from "@/lib/portal/payments/payment-forms";
import { achValuesOf, savedFromPayment, swiftValuesOf, transferValuesOf } from "@/lib/portal/payment-templates/saved-payment";

const currencyOf = (n: string) => ({ "1000123456": "USD", "1000123457": "BMD" })[n];
const withoutId = ({ instructionIdentification: _id, ...rest }: Record<string, unknown>) => rest;

describe("a saved payment fills the form so that the form sends the same payment", () => {
  it("ACH, typed beneficiary, amount saved", () => {
    const request = ZAchTemplateRequest.parse({
      debtorAccount: { identification: "1000123456" },
      debitCurrency: "USD",
      instructedAmount: { currency: "USD", amount: "100.00" },
      creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
      creditorBank: { bankCode: "BANK_A", currency: "USD" },
      remittanceInformation: ["Invoice 42"],
    });
    const values = achValuesOf(request);
    expect(values.instructionIdentification).toMatch(/^HP[0-9A-Z]{14}$/);
    expect(withoutId(toAchRequest(values, currencyOf))).toEqual(request);
  });

  it("ACH to a payee, no amount: the amount stays empty for the person to type", () => {
    const request = ZAchTemplateRequest.parse({
      debtorAccount: { identification: "1000123457" },
      debitCurrency: "BMD",
      instructedAmount: { currency: "BMD" },
      counterpartyId: "6f1b4a52-3a5e-4d8b-9d4f-1f2a3b4c5d6e",
      remittanceInformation: ["Rent"],
    });
    const values = achValuesOf(request);
    expect(values.instructedAmount.amount).toBe("");
    expect(withoutId(toAchRequest(values, currencyOf))).toEqual({ ...request, instructedAmount: { currency: "BMD", amount: "" } });
  });

  it("SWIFT with address lines, a converted debit amount and an intermediary", () => {
    const request = ZSwiftTemplateRequest.parse({
      debtorAccount: { identification: "1000123456" },
      instructedAmount: { currency: "EUR" },
      debitAmount: { currency: "USD", amount: "500.00" },
      creditorAccount: { identification: "DE89370400440532013000", name: "Rhein Logistik GmbH", additionalInformation: ["Hafenstrasse 1"] },
      creditorAgent: { identification: "COBADEFFXXX" },
      intermediaryAgent: { identification: "CHASUS33" },
      chargesType: "OUR",
      remittanceInformation: ["Freight", "November"],
    });
    expect(withoutId(toSwiftRequest(swiftValuesOf(request), currencyOf))).toEqual(request);
  });

  it("an internal transfer", () => {
    const request = ZInternalTemplateRequest.parse({
      debtorAccount: { identification: "1000123456" },
      creditorAccount: { identification: "1000123457" },
      instructedAmount: { currency: "USD", amount: "25.00" },
      remittanceInformation: ["Sweep"],
    });
    expect(withoutId(toTransferRequest(transferValuesOf(request), currencyOf))).toEqual(request);
  });
});

const payment: TPaymentSummary = {
  type: "ACH",
  status: "Completed",
  transactionId: "p1",
  externalReference: "INV-42",
  remittanceInformation: ["Invoice 42"],
  debitAmount: { currency: "USD", amount: "100.00" },
  creditAmount: { currency: "USD", amount: "100.00" },
  valueDate: "2026-11-27",
  exchangeRate: null,
  debtorAccount: { identification: "1000123456" },
  beneficiary: { name: "Harbour Supplies", accountIdentification: "20004455667", bankIdentification: "BANK_A", bankName: "Bank A" },
  submittedAt: "2026-11-27T12:00:00.000Z",
  submittedBy: null,
  approvedBy: [],
  counterpartyId: null,
  chargesType: null,
  charges: { currency: "USD", amount: "0.00" },
  totalDebited: { currency: "USD", amount: "100.00" },
};

describe("a payment read back as a saved payment (Pay again, Save as template)", () => {
  it("keeps an ACH payment's beneficiary, amount and remittance, and passes the template schema", () => {
    const saved = savedFromPayment(payment);
    expect(saved.rail).toBe("ACH");
    expect(ZAchTemplateRequest.parse(saved.request)).toMatchObject({
      creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
      creditorBank: { bankCode: "BANK_A", currency: "USD" },
      instructedAmount: { amount: "100.00" },
    });
  });

  it("names the payee instead of the beneficiary when the payment was made to one", () => {
    const saved = savedFromPayment({ ...payment, counterpartyId: "6f1b4a52-3a5e-4d8b-9d4f-1f2a3b4c5d6e" });
    expect(saved.request).not.toHaveProperty("creditorAccount");
    expect(ZAchTemplateRequest.parse(saved.request).counterpartyId).toBe("6f1b4a52-3a5e-4d8b-9d4f-1f2a3b4c5d6e");
  });

  it("keeps a converted SWIFT payment's debit amount and only the credit currency", () => {
    const saved = savedFromPayment({
      ...payment,
      type: "SWIFT",
      exchangeRate: "0.92",
      creditAmount: { currency: "EUR", amount: "92.00" },
      beneficiary: { name: "Rhein Logistik GmbH", accountIdentification: "DE89370400440532013000", bankIdentification: "COBADEFFXXX", bankName: null },
      chargesType: "OUR",
    });
    expect(ZSwiftTemplateRequest.parse(saved.request)).toMatchObject({
      instructedAmount: { currency: "EUR" },
      debitAmount: { currency: "USD", amount: "100.00" },
      chargesType: "OUR",
    });
  });

  it("keeps an internal transfer's two accounts", () => {
    const saved = savedFromPayment({ ...payment, type: "INTERNAL", beneficiary: { ...payment.beneficiary, accountIdentification: "1000123457" } });
    expect(ZInternalTemplateRequest.parse(saved.request).creditorAccount.identification).toBe("1000123457");
  });
});
