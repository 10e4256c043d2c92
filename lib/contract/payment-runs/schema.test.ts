import { describe, expect, it } from "vitest";
import {
  RAIL_PERMISSIONS,
  totalsByCurrency,
  ZPaymentBatchRequest,
  ZPaymentRunResult,
  ZPaymentRunSummary,
  type TPaymentBatchRequest,
  type TPaymentRunResult,
  type TPaymentRunSummary,
  type TRunItemStatus,
} from "@/lib/contract/payment-runs/schema";

const ach = (id: string | null, amount: string, currency = "USD") => ({
  rail: "ACH" as const,
  request: {
    ...(id ? { instructionIdentification: id } : {}),
    debtorAccount: { identification: "1000000001" },
    debitCurrency: currency,
    instructedAmount: { amount, currency },
    creditorAccount: { identification: "123456789", name: "Jane Doe" },
    creditorBank: { bankCode: "BUTTERFIELD", currency },
    remittanceInformation: ["Salary"],
  },
});

describe("ZPaymentBatchRequest", () => {
  it("names each item whose instructionIdentification repeats on its rail, and the item's own field errors", () => {
    const swiftSameId = {
      rail: "SWIFT",
      request: {
        instructionIdentification: "A",
        debtorAccount: { identification: "1000000001" },
        instructedAmount: { currency: "USD", amount: "1.00" },
        creditorAccount: { identification: "DE89370400440532013000", name: "Supplier" },
        creditorAgent: { identification: "DEUTDEFF" },
        chargesType: "SHA",
        remittanceInformation: ["x"],
      },
    };
    const bad = { rail: "ACH", request: { ...ach("C", "1.00").request, creditorAccount: { identification: "1", name: "" } } };
    const parsed = ZPaymentBatchRequest.safeParse({ items: [ach("A", "1.00"), swiftSameId, ach("A", "2.00"), bad, { rail: "CHEQUE", request: {} }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["items.2.request.instructionIdentification", "items.3.request.creditorAccount.name", "items.4.rail"]),
    );
    expect(parsed.error!.issues.map((i) => i.path.join("."))).not.toContain("items.1.request.instructionIdentification");
  });

  it("accepts 1..10000 items and an optional reference", () => {
    const body: TPaymentBatchRequest = ZPaymentBatchRequest.parse({ items: [ach(null, "1")], reference: "Payroll November" });
    expect(body.reference).toBe("Payroll November");
    expect(ZPaymentBatchRequest.safeParse({ items: [] }).success).toBe(false);
  });

  it("takes a pain.001's identifiers only with one PmtInfId per item, named beside the items' own errors", () => {
    const pain001 = { messageId: "MSG-1", paymentInfoIds: ["PMT-A", "PMT-B"] };
    expect(ZPaymentBatchRequest.parse({ items: [ach("A", "1.00"), ach("B", "1.00")], pain001 }).pain001).toEqual(pain001);
    const fewer = ZPaymentBatchRequest.safeParse({ items: [ach("A", "1.00"), ach("A", "1.00"), ach("C", "1.00")], pain001 });
    expect(fewer.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["items.1.request.instructionIdentification", "instructionIdentification A is also used by item 0 on ACH"],
      ["pain001.paymentInfoIds", "must have one PmtInfId per item: 3 items, 2 PmtInfIds"],
    ]);
  });
});

describe("totalsByCurrency", () => {
  it("adds exactly in minor units, per currency, in currency order", () => {
    const items = [ach(null, "0.10"), ach(null, "0.20"), ach(null, "1000000.01", "BMD")].map((i) => ZPaymentBatchRequest.parse({ items: [i] }).items[0]!);
    expect(totalsByCurrency(items)).toEqual([
      { currency: "BMD", amount: "1000000.01", count: 1 },
      { currency: "USD", amount: "0.30", count: 2 },
    ]);
  });
});

describe("result and summary shapes", () => {
  it("carry the contract's fields", () => {
    const status: TRunItemStatus = "Rejected";
    const result: TPaymentRunResult = {
      index: 0,
      status,
      paymentId: null,
      transactionStatus: null,
      endToEndId: "A",
      error: { code: "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID", message: "used" },
    };
    expect(ZPaymentRunResult.parse(result)).toEqual(result);
    const summary: Partial<TPaymentRunSummary> = { status: "Completed" };
    expect(ZPaymentRunSummary.shape.status.parse(summary.status)).toBe("Completed");
    expect(RAIL_PERMISSIONS.ACH).toBe("payment-ach");
  });
});
