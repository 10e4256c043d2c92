import { describe, expect, it } from "vitest";
import { draftRequestRows, type RequestRow } from "@/lib/portal/approvals/draft-request";
import { approvalForecast, draftKind } from "@/lib/portal/approvals/draft-summary";

const nbsp = (v: string | readonly string[] | undefined) =>
  typeof v === "string" ? v.replace(/\u00a0/g, " ") : v?.map((line) => line.replace(/\u00a0/g, " "));
const value = (rows: RequestRow[], label: string) => nbsp(rows.find((r) => r.label === label)?.value);
const quote = { settlementDate: "2026-11-27", exchangeRate: null };

describe("a draft's whole request, as the approver reads it", () => {
  it("shows an ACH payment's beneficiary, account, bank code, amount, charges, remittance and reference", () => {
    const rows = draftRequestRows({
      rail: "ACH",
      quote,
      currentQuote: null,
      request: {
        instructionIdentification: "INV-7781",
        debtorAccount: { identification: "1000123456" },
        debitCurrency: "USD",
        instructedAmount: { amount: "19000", currency: "USD" },
        creditorAccount: { identification: "200300400", name: "Island Supplies" },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        remittanceInformation: ["Invoice 7781", "Q4 stock"],
      },
    });
    expect(rows.map((r) => r.label)).toEqual([
      "Beneficiary",
      "Beneficiary account",
      "Beneficiary bank code",
      "Beneficiary receives",
      "Charges",
      "Total debited",
      "Remittance",
      "Your reference",
    ]);
    expect(value(rows, "Beneficiary receives")).toBe("USD 19,000.00");
    expect(value(rows, "Remittance")).toEqual(["Invoice 7781", "Q4 stock"]);
    expect(value(rows, "Your reference")).toBe("INV-7781");
  });

  it("shows a converted SWIFT payment's IBAN, BIC, what the beneficiary receives at the rate, the charge and the total debited", () => {
    const rows = draftRequestRows({
      rail: "SWIFT",
      quote: { settlementDate: "2026-11-30", exchangeRate: "0.9215000000" },
      currentQuote: null,
      request: {
        debtorAccount: { identification: "1000123456" },
        debitAmount: { currency: "USD", amount: "1000.00" },
        instructedAmount: { currency: "EUR" },
        creditorAccount: { identification: "DE89370400440532013000", name: "Rhein Logistik GmbH", additionalInformation: ["Hafenstr. 1", "Koeln"] },
        creditorAgent: { identification: "COBADEFFXXX", name: "Commerzbank" },
        chargesType: "OUR",
        remittanceInformation: ["PO 55"],
      },
    });
    expect(value(rows, "Beneficiary")).toEqual(["Rhein Logistik GmbH", "Hafenstr. 1", "Koeln"]);
    expect(value(rows, "Beneficiary account (IBAN)")).toBe("DE89370400440532013000");
    expect(value(rows, "Beneficiary bank (BIC)")).toEqual(["COBADEFFXXX · Commerzbank"]);
    expect(value(rows, "Beneficiary receives")).toBe("EUR 921.50");
    expect(value(rows, "Exchange rate")).toBe("1 USD = 0.9215 EUR");
    expect(value(rows, "Charges")).toMatch(/^OUR/);
    expect(value(rows, "Charge")).toBe("USD 35.00");
    expect(value(rows, "Total debited")).toBe("USD 1,035.00");
    expect(value(rows, "Your reference")).toBe("—");
  });

  it("shows a saved payee's details as the bank holds them, when saved and last changed, and says a recent change is recent (issue 24, item 1)", () => {
    const counterpartyId = "5b0d7f3e-2c1a-4e8b-9f6d-1a2b3c4d5e6f";
    const request = {
      instructionIdentification: "INV-9",
      debtorAccount: { identification: "1000123456" },
      debitCurrency: "USD",
      instructedAmount: { amount: "1500", currency: "USD" },
      counterpartyId,
      remittanceInformation: ["Invoice 9"],
    };
    const payee = {
      counterpartyId,
      details: {
        name: "Reef Chandlery",
        creditorAccount: { identification: "20000077", name: "Reef Chandlery", additionalInformation: null },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        creditorAgent: null,
        intermediaryAgent: null,
      },
      savedAt: "2026-10-01T13:00:00.000Z",
      changedAt: "2026-11-26T14:30:00.000Z",
      recent: true,
    };
    const rows = draftRequestRows({ rail: "ACH", quote, currentQuote: null, request, payee });
    expect(rows.slice(0, 4).map((r) => r.label)).toEqual(["Saved payee", "Payee saved", "Payee last changed", "Recent payee"]);
    expect(value(rows, "Saved payee")).toEqual([
      "Reef Chandlery",
      "20000077 · BANK_A · USD",
      "Paid to the payee's details as the bank holds them when approved",
    ]);
    expect(String(value(rows, "Payee last changed")).replace(/\u202f/g, " ")).toBe("Nov 26, 2026, 10:30 AM AST");
    expect(value(rows, "Recent payee")).toMatch(/^Saved or changed in the last 30 days/);
    // An old payee never changed: no word of a change; a payee the server did not describe (the list) keeps its id.
    const settled = draftRequestRows({ rail: "ACH", quote, currentQuote: null, request, payee: { ...payee, changedAt: null, recent: false } });
    expect(value(settled, "Payee last changed")).toBe("Not changed since it was saved");
    expect(settled.map((r) => r.label)).not.toContain("Recent payee");
    expect(value(draftRequestRows({ rail: "ACH", quote, currentQuote: null, request }), "Saved payee")).toEqual([
      counterpartyId,
      "Paid to the payee's details as the bank holds them when approved",
    ]);
  });

  it("shows nothing it cannot read as the bank would, rather than a guess", () => {
    expect(draftRequestRows({ rail: "ACH", quote, currentQuote: null, request: { hello: "world" } })).toEqual([]);
  });

  it("says before submit who must approve and that nothing is paid until then", () => {
    expect(nbsp(approvalForecast({ rail: "ACH", currency: "USD", threshold: "10000.00", approvers: 2 }))).toBe(
      "Needs approval: your organisation requires two approvals from two people for ACH payments of USD 10,000.00 or more. Submitting saves a draft for an approver; nothing is reserved or paid until it is approved.",
    );
  });
});

describe("a standing order's draft, as the approver reads it", () => {
  const ach = (amount: string, name: string) => ({
    debtorAccount: { identification: "1000123456" },
    debitCurrency: "USD",
    instructedAmount: { amount, currency: "USD" },
    creditorAccount: { identification: "200300400", name },
    creditorBank: { bankCode: "BANK_A", currency: "USD" },
    remittanceInformation: ["Rent"],
  });
  const schedule = { frequency: "Monthly" as const, startDate: "2027-01-31" };

  it("a new order: its schedule, then the payment each occurrence will be", () => {
    const standingOrder = {
      kind: "StandingOrder" as const,
      standingOrderId: null,
      before: null,
      after: { request: ach("1500.00", "Harbour Properties"), schedule },
    };
    const draft = { rail: "ACH" as const, quote, currentQuote: null, request: {}, standingOrder };
    const rows = draftRequestRows(draft);
    expect(value(rows, "New standing order")).toBe("Monthly from Jan 31, 2027, until cancelled");
    expect(value(rows, "Beneficiary")).toBe("Harbour Properties");
    expect(value(rows, "Beneficiary receives")).toBe("USD 1,500.00");
    expect(draftKind(draft)).toBe("New ACH standing order");
  });

  it("a change: before and after side by side, only where they differ", () => {
    const standingOrder = {
      kind: "StandingOrderChange" as const,
      standingOrderId: "8f0a3c2e-1111-4222-8333-944455556666",
      before: { request: ach("900.00", "Harbour Properties"), schedule },
      after: { request: ach("1500.00", "Island Landlords"), schedule: { ...schedule, count: 12 } },
    };
    const rows = draftRequestRows({ rail: "ACH", quote, currentQuote: null, request: {}, standingOrder });
    expect(draftKind({ rail: "ACH", standingOrder })).toBe("Change of an ACH standing order");
    expect(value(rows, "Change of standing order")).toBe(standingOrder.standingOrderId);
    expect(value(rows, "Schedule")).toEqual(["Monthly from Jan 31, 2027, 12 times", "was Monthly from Jan 31, 2027, until cancelled"]);
    expect(value(rows, "Beneficiary")).toEqual(["Island Landlords", "was Harbour Properties"]);
    expect(value(rows, "Beneficiary receives")).toEqual(["USD 1,500.00", "was USD 900.00"]);
    expect(value(rows, "Beneficiary account")).toBe("200300400");
    expect(value(rows, "Remittance")).toEqual(["Rent"]);
  });
});
