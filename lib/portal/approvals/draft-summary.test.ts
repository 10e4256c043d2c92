import { describe, expect, it } from "vitest";
import { draftedMessage, draftSubtitle, draftTitle } from "@/lib/portal/approvals/draft-summary";
import { formatMoney } from "@/lib/contract/money-format";

const base = { amount: null, debtorAccount: null, beneficiary: null, batch: null, run: null };

describe("draft summaries in the approvals queue", () => {
  it("a payment names the amount and the payee, and the account debited below", () => {
    const ach = { ...base, rail: "ACH" as const, amount: { amount: "1200.00", currency: "USD" }, debtorAccount: "1000123456", beneficiary: "Acme Supplies" };
    expect(draftTitle(ach)).toBe(`${formatMoney("1200.00", "USD")} to Acme Supplies`);
    expect(draftSubtitle(ach)).toBe("ACH payment from 1000123456");
  });

  it("a transfer names both of the organisation's accounts and the amount", () => {
    const transfer = {
      ...base,
      rail: "INTERNAL" as const,
      amount: { amount: "2500.00", currency: "USD" },
      debtorAccount: "1000123456",
      beneficiary: "1000123460",
    };
    expect(draftTitle(transfer)).toBe(`${formatMoney("2500.00", "USD")} from 1000123456 to 1000123460`);
    expect(draftSubtitle(transfer)).toBe("Transfer between accounts");
  });

  it("a batch names the number of accounts and each currency's share", () => {
    const batch = {
      ...base,
      rail: "VIRTUAL_ACCOUNT_BATCH" as const,
      batch: {
        accounts: 1000,
        currencies: [
          { currency: "USD", accounts: 999 },
          { currency: "EUR", accounts: 1 },
        ],
      },
    };
    expect(draftTitle(batch)).toBe("1,000 virtual accounts: 999 USD, 1 EUR");
    expect(draftTitle({ ...batch, batch: { accounts: 1, currencies: [{ currency: "BMD", accounts: 1 }] } })).toBe("1 virtual account: 1 BMD");
    expect(draftSubtitle(batch)).toBe("Virtual-account batch");
  });

  it("a payment run names how many payments and its total in each currency, never summed across currencies", () => {
    const totals = [
      { currency: "EUR", amount: "10.00", count: 1 },
      { currency: "USD", amount: "125000.50", count: 1199 },
    ];
    const run = { ...base, rail: "BATCH" as const, run: { payments: 1200, totals } };
    expect(draftTitle(run)).toBe(`1,200 payments: ${formatMoney("10.00", "EUR")}, ${formatMoney("125000.50", "USD")}`);
    expect(draftSubtitle(run)).toBe("Payment run");
    expect(draftedMessage({ rail: "BATCH", approvalsRequired: 1 }, null)).toBe(
      "Your organisation needs one approval for this payment run. Nothing is reserved or paid until then.",
    );
  });
});

describe("what the maker is told after drafting", () => {
  it("names who must approve, what waits and when the draft lapses, in the rail's own words", () => {
    expect(draftedMessage({ rail: "ACH", approvalsRequired: 1 }, "15:15")).toBe(
      "Your organisation needs one approval for this payment. Nothing is reserved or paid until then; if not approved by the cut-off, 15:15, it expires.",
    );
    expect(draftedMessage({ rail: "INTERNAL", approvalsRequired: 2 }, null)).toBe(
      "Your organisation needs two approvals from two people for this transfer. Nothing moves until then.",
    );
    expect(draftedMessage({ rail: "VIRTUAL_ACCOUNT_BATCH", approvalsRequired: 1 }, "Tue 00:00")).toContain(
      "No account is created until then; if not approved by the end of the next business day, Tue 00:00, it expires.",
    );
  });
});
