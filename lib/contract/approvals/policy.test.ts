import { describe, expect, it } from "vitest";
import { batchSummary, draftFacts, judgeRun, matchPolicy, storedThreshold, thresholdText } from "@/lib/contract/approvals/policy";
import { ZApprovalPolicy, type TApprovalPolicy } from "@/lib/contract/approvals/schema";
import type { TPaymentRunItem } from "@/lib/contract/payment-runs/schema";

const POLICIES: TApprovalPolicy[] = [
  { rail: "ACH", currency: "USD", threshold: "10000.00", approvers: 2 },
  { rail: "ACH", currency: "BMD", threshold: "500", approvers: 1 },
  { rail: "SWIFT", currency: "EUR", threshold: "0.00", approvers: 1 },
];

describe("approval policy matching", () => {
  it("holds back a payment at the threshold, not one cent below", () => {
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "USD", amount: "10000.00" })?.approvers).toBe(2);
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "USD", amount: "9999.99" })).toBeNull();
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "USD", amount: 10000.01 })?.approvers).toBe(2);
  });

  it("applies each currency's own threshold", () => {
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "BMD", amount: "500.00" })?.approvers).toBe(1);
    expect(matchPolicy(POLICIES, { rail: "ACH", currency: "BMD", amount: "499.99" })).toBeNull();
  });

  it("applies each rail's own policies: none for SWIFT USD, every SWIFT EUR payment", () => {
    expect(matchPolicy(POLICIES, { rail: "SWIFT", currency: "USD", amount: "1000000.00" })).toBeNull();
    expect(matchPolicy(POLICIES, { rail: "SWIFT", currency: "EUR", amount: "0.01" })?.approvers).toBe(1);
  });
});

describe("internal transfer policies", () => {
  const policies: TApprovalPolicy[] = [...POLICIES, { rail: "INTERNAL", currency: "USD", threshold: "250000.00", approvers: 1 }];
  const transfer = (amount: string, currency = "USD") =>
    draftFacts({
      rail: "INTERNAL",
      request: {
        debtorAccount: { identification: "1000123456" },
        creditorAccount: { identification: "1000123460" },
        instructedAmount: { currency, amount },
      },
    });

  it("judges a transfer by its instructed amount and currency, at the boundary", () => {
    expect(matchPolicy(policies, transfer("250000.00"))?.rail).toBe("INTERNAL");
    expect(matchPolicy(policies, transfer("249999.99"))).toBeNull();
    expect(matchPolicy(policies, transfer("250000.00", "BMD"))).toBeNull();
  });

  it("is not held back by an ACH policy of the same currency, nor an ACH payment by it", () => {
    expect(matchPolicy(policies, transfer("10000.00"))).toBeNull();
    expect(matchPolicy(policies, { rail: "ACH", currency: "USD", amount: "9999.99" })).toBeNull();
  });

  it("names the account debited and the account credited", () => {
    expect(transfer("1.00")).toMatchObject({ debtorAccount: "1000123456", beneficiary: "1000123460" });
  });
});

describe("virtual-account batch policies: a threshold counts accounts in the currency", () => {
  const batch = (...currencies: string[]) =>
    draftFacts({ rail: "VIRTUAL_ACCOUNT_BATCH", request: { items: currencies.map((currency) => ({ currency, unallocated: true })) } });
  const usd = (n: number) => Array.from({ length: n }, () => "USD");
  const policies: TApprovalPolicy[] = [
    { rail: "VIRTUAL_ACCOUNT_BATCH", currency: "USD", threshold: "50", approvers: 1 },
    { rail: "VIRTUAL_ACCOUNT_BATCH", currency: "EUR", threshold: "10", approvers: 2 },
  ];

  it("holds back a batch creating exactly the threshold's number of accounts in the currency, not one fewer", () => {
    expect(matchPolicy(policies, batch(...usd(50)))?.currency).toBe("USD");
    expect(matchPolicy(policies, batch(...usd(49)))).toBeNull();
  });

  it("counts each currency apart: 49 USD and 9 EUR accounts in one batch pass", () => {
    expect(matchPolicy(policies, batch(...usd(49), ...Array.from({ length: 9 }, () => "EUR")))).toBeNull();
  });

  it("when two currencies match, the policy asking for more approvers wins", () => {
    expect(matchPolicy(policies, batch(...usd(50), ...Array.from({ length: 10 }, () => "EUR")))?.approvers).toBe(2);
  });

  it("threshold 0 holds back every batch, even one with no account in that currency", () => {
    const everyBatch: TApprovalPolicy[] = [{ rail: "VIRTUAL_ACCOUNT_BATCH", currency: "BMD", threshold: "0", approvers: 1 }];
    expect(matchPolicy(everyBatch, batch("USD"))?.currency).toBe("BMD");
  });

  it("a money policy never matches a batch", () => {
    expect(matchPolicy(POLICIES, batch(...usd(1000)))).toBeNull();
  });

  it("summarises the batch for approvers: accounts in all and per currency", () => {
    expect(batchSummary([{ currency: "USD" }, { currency: "EUR" }, { currency: "USD" }])).toEqual({
      accounts: 3,
      currencies: [
        { currency: "USD", accounts: 2 },
        { currency: "EUR", accounts: 1 },
      ],
    });
  });

  it("a batch threshold is a whole number of accounts up to 1000; money thresholds keep their decimals", () => {
    const policy = (rail: string, threshold: string) => ZApprovalPolicy.safeParse({ rail, currency: "USD", threshold, approvers: 1 }).success;
    expect(policy("VIRTUAL_ACCOUNT_BATCH", "1000")).toBe(true);
    expect(policy("VIRTUAL_ACCOUNT_BATCH", "0")).toBe(true);
    expect(policy("VIRTUAL_ACCOUNT_BATCH", "1001")).toBe(false);
    expect(policy("VIRTUAL_ACCOUNT_BATCH", "10.5")).toBe(false);
    expect(policy("VIRTUAL_ACCOUNT_BATCH", "010")).toBe(false);
    expect(policy("INTERNAL", "10.50")).toBe(true);
  });

  it("stores a batch threshold as the count and a money threshold as minor units, and shows each back as written", () => {
    expect(storedThreshold({ rail: "VIRTUAL_ACCOUNT_BATCH", currency: "USD", threshold: "50" })).toBe(50n);
    expect(storedThreshold({ rail: "INTERNAL", currency: "USD", threshold: "50" })).toBe(5000n);
    expect(thresholdText("VIRTUAL_ACCOUNT_BATCH", 50n, "USD")).toBe("50");
    expect(thresholdText("INTERNAL", 5000n, "USD")).toBe("50.00");
  });
});

describe("a payment run judged as a whole (rail BATCH)", () => {
  const ach = (amount: string, currency: "USD" | "BMD" = "USD"): TPaymentRunItem => ({
    rail: "ACH",
    request: {
      debtorAccount: { identification: "1000123456" },
      debitCurrency: currency,
      instructedAmount: { amount, currency },
      creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
      creditorBank: { bankCode: "BANK_A", currency },
      remittanceInformation: ["Payroll"],
    },
  });
  const policies: TApprovalPolicy[] = [...POLICIES, { rail: "BATCH", currency: "USD", threshold: "15000.00", approvers: 1 }];

  it("holds a run back when its total in a currency reaches that currency's threshold, not one cent below", () => {
    expect(judgeRun(policies, [ach("7500.00"), ach("7500.00")]).policy).toMatchObject({ rail: "BATCH", currency: "USD" });
    expect(judgeRun(policies, [ach("7500.00"), ach("7499.99")]).policy).toBeNull();
    expect(matchPolicy(policies, { rail: "BATCH", items: [ach("7500.00"), ach("7500.00")] })?.rail).toBe("BATCH");
  });

  it("sends the whole run for approval when one payment's own policy would hold it back, with the strictest approvers", () => {
    expect(judgeRun(policies, [ach("10000.00")])).toEqual({ policy: POLICIES[0], uncovered: { payments: 0, currencies: [] } });
  });

  it("counts payments held back in a currency no BATCH policy covers (such a run is refused, not drafted)", () => {
    const judged = judgeRun(policies, [ach("1.00"), ach("500.00", "BMD"), ach("600.00", "BMD")]);
    expect(judged.uncovered).toEqual({ payments: 2, currencies: ["BMD"] });
    expect(judged.policy).toBeNull();
  });

  it("lets a run go at once when no policy applies, and never sums across currencies", () => {
    expect(judgeRun(policies, [ach("9999.99"), ach("5000.00"), ach("499.00", "BMD")])).toEqual({ policy: null, uncovered: { payments: 0, currencies: [] } });
    expect(draftFacts({ rail: "BATCH", request: { items: [ach("1.00"), ach("2.00", "BMD")] } })).toMatchObject({
      run: {
        payments: 2,
        totals: [
          { currency: "BMD", amount: "2.00", count: 1 },
          { currency: "USD", amount: "1.00", count: 1 },
        ],
      },
    });
  });
});
