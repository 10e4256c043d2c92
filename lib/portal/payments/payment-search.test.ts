import { describe, expect, it } from "vitest";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import { parsePaymentsView, paymentsViewQuery } from "@/lib/portal/payments/payment-search";
import { paymentsFileName, paymentsToCsv } from "@/lib/portal/payments/payments-csv";

describe("payments view URL state", () => {
  it("round-trips filters, page and size through the URL, dropping what the API would refuse", () => {
    const view = parsePaymentsView({ beneficiary: " Rhein ", account: "1000123456", status: "Lost", rail: "SWIFT", min: "10", page: "3", size: "50" });
    expect(view).toEqual({ page: 3, size: 50, filters: { beneficiary: "Rhein", accountNumber: "1000123456", rail: "SWIFT", minAmount: "10" } });
    expect(paymentsViewQuery(view)).toBe("?beneficiary=Rhein&account=1000123456&rail=SWIFT&min=10&page=3&size=50");
    expect(parsePaymentsView(Object.fromEntries(new URLSearchParams(paymentsViewQuery(view))))).toEqual(view);
    expect(paymentsViewQuery(parsePaymentsView({}))).toBe("");
  });
});

describe("payments CSV", () => {
  const payment: TPaymentSummary = {
    type: "ACH",
    status: "Pending",
    transactionId: "7d0c",
    externalReference: "INV-1",
    remittanceInformation: ["=SUM(A1)", "Q4"],
    debitAmount: { currency: "USD", amount: "-12.50" },
    creditAmount: { currency: "USD", amount: "12.50" },
    valueDate: "2026-11-25",
    exchangeRate: null,
    debtorAccount: { identification: "1000123456" },
    beneficiary: { name: 'Island, "Supplies"', accountIdentification: "200", bankIdentification: "BANK_A", bankName: "Bank A" },
    submittedAt: "2026-11-25T13:00:00.000Z",
    submittedBy: { email: "treasurer@acme.test" },
    approvedBy: [
      { email: "approver@acme.test", decidedAt: "2026-11-25T12:58:00.000Z" },
      { email: "admin@acme.test", decidedAt: "2026-11-25T12:59:00.000Z" },
    ],
    counterpartyId: null,
    chargesType: null,
    charges: { currency: "USD", amount: "0.00" },
    totalDebited: { currency: "USD", amount: "12.50" },
  };
  const swift: TPaymentSummary = {
    ...payment,
    type: "SWIFT",
    transactionId: "9a1e",
    debitAmount: { currency: "USD", amount: "1000.00" },
    creditAmount: { currency: "EUR", amount: "921.50" },
    exchangeRate: "0.9215000000",
    chargesType: "OUR",
    charges: { currency: "USD", amount: "35.00" },
    totalDebited: { currency: "USD", amount: "1035.00" },
  };

  it("writes one row per payment with named columns, plain decimals, quoting and defused formulas", () => {
    const [header, row, ...rest] = paymentsToCsv([payment]).split("\r\n");
    expect(rest).toEqual([]);
    expect(header).toBe(
      "payment_id,submitted_at,submitted_by,approved_by,rail,status,debit_account,debit_currency,debit_amount,credit_currency,credit_amount,exchange_rate,charges_type,charge_amount,total_debited,beneficiary_name,beneficiary_account,beneficiary_bank,beneficiary_bank_name,instruction_identification,remittance_information,value_date",
    );
    expect(row).toContain(",treasurer@acme.test,approver@acme.test / admin@acme.test,ACH,");
    expect(row).toContain(",-12.50,");
    expect(row).toContain('"Island, ""Supplies"""');
    expect(row).toContain(`,"'=SUM(A1) / Q4",`);
    // Bank time (AST, -04:00 in November) like the statements, not the API's UTC instant.
    expect(row).toContain(",2026-11-25T09:00:00.000-04:00,");
  });

  it("carries a SWIFT payment's charge type, charge and total debited, and the rate without trailing zeros", () => {
    const row = paymentsToCsv([swift]).split("\r\n")[1];
    expect(row).toContain(",USD,1000.00,EUR,921.50,0.9215,OUR,35.00,1035.00,");
  });

  it("names the file by client and bank date", () => {
    expect(paymentsFileName("acme", new Date("2026-11-25T03:00:00Z"))).toBe("harbour-payments-acme-2026-11-24.csv");
  });
});
