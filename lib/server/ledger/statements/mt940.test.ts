import { Parser as Mt940Parser } from "mt940js";
import { describe, expect, it } from "vitest";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import type { StatementMeta } from "@/lib/server/ledger/statements/format";
import { mt940Statement } from "@/lib/server/ledger/statements/mt940";

const meta: StatementMeta = {
  statementId: "STM-1",
  accountNumber: "1000123456",
  accountName: "Operating USD",
  currency: "USD",
  fromDate: "2026-11-24",
  toDate: "2026-11-24",
  openingMinor: 100_000n,
  closingMinor: 100_000n,
  createdAt: new Date("2026-11-24T18:00:00Z"),
};

function posting(transactionId: string, type: TTransaction["type"], kind: TTransaction["kind"], amount: string, balanceAfter: string): TTransaction {
  return {
    transactionId,
    entryId: `E-${transactionId}`,
    bookingDateTime: "2026-11-24T10:00:00-04:00",
    valueDate: "2026-11-24",
    type,
    amount: { currency: "USD", amount },
    balanceAfter: { currency: "USD", amount: balanceAfter },
    kind,
    counterparty: null,
    references: { paymentId: "PAY-1", instructionIdentification: "INV-1", payerReference: null, reference: "PAY-1" },
    remittanceInformation: [],
  };
}

describe("MT940 :61: debit/credit mark", () => {
  it("marks a reversal RD (a debit given back) or RC (a credit taken back); mt940js reads the same signs and the statement still balances", () => {
    const entries = [
      posting("TX-1", "Debit", "ACH", "250.00", "750.00"),
      posting("TX-2", "Credit", "Reversal", "250.00", "1000.00"),
      posting("TX-3", "Credit", "Deposit", "40.00", "1040.00"),
      posting("TX-4", "Debit", "Reversal", "40.00", "1000.00"),
    ];
    const text = mt940Statement.header(meta) + entries.map((t) => mt940Statement.entry(t, meta)).join("") + mt940Statement.footer(meta);
    expect(text.match(/^:61:\d{10}(R?[CD])/gm)!.map((line) => line.slice(14))).toEqual(["D", "RD", "C", "RC"]);
    const [statement] = new Mt940Parser().parse(text);
    expect(statement!.transactions.map((t) => [t.amount, t.isReversal])).toEqual([
      [-250, false],
      [250, true],
      [40, false],
      [-40, true],
    ]);
  });
});
