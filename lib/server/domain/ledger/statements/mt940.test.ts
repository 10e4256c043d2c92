import fc from "fast-check";
import { Parser as Mt940Parser } from "mt940js";
import { describe, expect, it } from "vitest";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import type { StatementMeta } from "@/lib/server/domain/ledger/statements/format";
import { mt940Statement } from "@/lib/server/domain/ledger/statements/mt940";

const meta: StatementMeta = {
  statementId: "STM-1",
  accountNumber: "1000123456",
  accountName: "Operating USD",
  currency: "USD",
  fromDate: "2026-11-24",
  toDate: "2026-11-24",
  openingMinor: 100_000n,
  closingMinor: 100_000n,
  closingAvailableMinor: 100_000n,
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
    returnReason: null,
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

describe("MT940 text from payers and makers never becomes structure", () => {
  // What an attacker would type: tags, the end-of-message dash, line breaks, references' slashes, and text outside SWIFT X.
  const hostile = fc
    .array(fc.constantFrom(":61:", ":62F:", ":86:", "-", "\r\n", "\n", "//", "/", ":", " ", "C", "D", "9", "0,00", "NTRF", "é", "€", "A".repeat(60)), {
      maxLength: 40,
    })
    .map((parts) => parts.join(""));

  it("an outside parser (mt940js) reads exactly the entries written, with their amounts and the closing balance, whatever the text", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hostile, hostile, hostile), { minLength: 1, maxLength: 4 }), hostile, (texts, statementId) => {
        const entries = texts.map(([name, remittance, reference], i) => ({
          ...posting(`TX-${i}`, "Credit", "Deposit", "1.00", "0.00"),
          counterparty: { name, accountNumber: "200" },
          references: { paymentId: null, instructionIdentification: reference, payerReference: reference, reference: `TX-${i}` },
          remittanceInformation: [remittance, remittance],
        }));
        const closingMinor = meta.openingMinor + BigInt(entries.length * 100);
        // A pending debit of 7.50 lowers the available balance, never the booked one.
        const closing = { ...meta, statementId, closingMinor, closingAvailableMinor: closingMinor - 750n };
        const text =
          mt940Statement.header(closing) + entries.map((t) => mt940Statement.entry(t as TTransaction, closing)).join("") + mt940Statement.footer(closing);

        const lines = text.split("\r\n").slice(0, -1);
        expect(lines.at(-1)).toBe("-");
        const tags = lines.filter((l) => l.startsWith(":")).map((l) => l.slice(0, l.indexOf(":", 1) + 1));
        expect(tags).toEqual([":20:", ":25:", ":28C:", ":60F:", ...entries.flatMap(() => [":61:", ":86:"]), ":62F:", ":64:"]);
        expect(lines.filter((l) => l === "-")).toHaveLength(1);
        // Each line's content (after its tag) is SWIFT X, at most 65 characters; a continuation never starts with ":" or "-".
        for (const line of lines) expect(line.replace(/^:\d{2}[A-Z]?:/, "")).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]{0,65}$/);

        const statements = new Mt940Parser().parse(text);
        expect(statements).toHaveLength(1);
        expect(statements[0]!.transactions.map((t) => t.amount)).toEqual(entries.map(() => 1));
        expect(statements[0]!.closingBalance).toBe(Number(closing.closingMinor) / 100);
        expect(statements[0]!.closingAvailableBalance).toBe(Number(closing.closingAvailableMinor) / 100);
      }),
      { numRuns: 300 },
    );
  });
});
