import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import { camt053Statement } from "@/lib/server/domain/ledger/statements/camt053";
import { csvStatement } from "@/lib/server/domain/ledger/statements/csv";
import type { StatementFormat, StatementMeta } from "@/lib/server/domain/ledger/statements/format";

/**
 * Issue 19, item 3's class beyond MT940: every text field of the camt.053 and CSV statements is a payer's or a
 * maker's text, checked field by field against what the format may carry, by outside parsers.
 */

// What an attacker or a careless ERP puts in a name or a remittance line: markup, entities, CSV formulas, controls,
// separators, surrogates (paired and lone), non-characters, right-to-left marks, and text far over every limit.
const PIECES = [
  "<",
  ">",
  "&",
  "&amp;",
  '"',
  "'",
  "]]>",
  "<!--",
  "=",
  "+",
  "-",
  "@",
  '=HYPERLINK("http://127.0.0.1:9")',
  "\t",
  "\r",
  "\n",
  "\r\n",
  "\u0000",
  "\u0001",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u2028",
  "\u2029",
  "\u200e",
  "\u202e",
  "\ufeff",
  "\ufffe",
  "\uffff",
  "\ud800",
  "\udc00",
  "😀",
  "𝔘",
  "é",
  "€",
  "日本",
  " ",
  "  ",
  ",",
  ";",
  "A".repeat(150),
  "/",
];
const hostile = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join("")),
  fc.string({ unit: "binary", maxLength: 200 }),
);

const meta = (statementId: string, accountName: string, entries: number): StatementMeta => ({
  statementId,
  accountNumber: "1000123456",
  accountName,
  currency: "USD",
  fromDate: "2026-11-24",
  toDate: "2026-11-24",
  openingMinor: 100_000n,
  closingMinor: 100_000n + BigInt(entries * 100),
  closingAvailableMinor: 100_000n + BigInt(entries * 100),
  createdAt: new Date("2026-11-24T18:00:00Z"),
});

type Texts = { name: string; account: string; remittance: string[]; instruction: string; payer: string; reason: string };

function entryOf(i: number, t: Texts): TTransaction {
  return {
    transactionId: `TX-${i}`,
    entryId: `E-${i}`,
    bookingDateTime: "2026-11-24T10:00:00-04:00",
    valueDate: "2026-11-24",
    type: "Credit",
    amount: { currency: "USD", amount: "1.00" },
    balanceAfter: { currency: "USD", amount: "1001.00" },
    kind: "Deposit",
    counterparty: { name: t.name, accountNumber: t.account },
    references: { paymentId: null, instructionIdentification: t.instruction, payerReference: t.payer, reference: `TX-${i}` },
    remittanceInformation: t.remittance,
    returnReason: { code: "R01", description: t.reason },
  } as TTransaction;
}

const texts = fc.record({
  name: hostile,
  account: hostile,
  remittance: fc.array(hostile, { maxLength: 3 }),
  instruction: hostile,
  payer: hostile,
  reason: hostile,
});
const statementInput = fc.tuple(fc.array(texts, { minLength: 1, maxLength: 4 }), hostile, hostile);

function write(format: StatementFormat, entries: TTransaction[], m: StatementMeta): string {
  return format.header(m) + entries.map((e) => format.entry(e, m)).join("") + format.footer(m);
}

/** ISO 20022 text limits of the elements a payer's or maker's text can reach (camt.053.001.08). */
const LIMITS: Record<string, number> = { MsgId: 35, NtryRef: 35, AcctSvcrRef: 35, InstrId: 35, EndToEndId: 35, Nm: 140, Id: 35, Ustrd: 140, AddtlInf: 105 };
const ACCOUNT_NAME_MAX = 70;
// eslint-disable-next-line no-control-regex -- the characters a statement's text must never carry
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every [element name, text] under `node`, as the parser read it. */
function textsOf(node: unknown, name = ""): Array<[string, string]> {
  if (typeof node === "string") return [[name, node]];
  if (Array.isArray(node)) return node.flatMap((n) => textsOf(n, name));
  // Attributes, and the line breaks between elements (formatting, not text), are not fields.
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => (k.startsWith("@_") || k === "#text" ? [] : textsOf(v, k)));
  return [];
}

describe("camt.053 text from payers and makers never becomes structure (issue 19, item 3's class)", () => {
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false, isArray: (name) => ["Ntry", "Ustrd"].includes(name) });

  it("is well-formed XML an outside parser (fast-xml-parser) reads with every entry, each text non-empty, one line, within its ISO 20022 length", () => {
    fc.assert(
      fc.property(statementInput, ([all, statementId, accountName]) => {
        const entries = all.map((t, i) => entryOf(i, t));
        const m = meta(statementId, accountName, entries.length);
        const xml = write(camt053Statement, entries, m);
        expect(XMLValidator.validate(xml)).toBe(true);
        const doc = parser.parse(xml) as { Document: { BkToCstmrStmt: { Stmt: { Ntry: unknown[]; Acct: { Nm?: string } } } } };
        const stmt = doc.Document.BkToCstmrStmt.Stmt;
        expect(stmt.Ntry).toHaveLength(entries.length);
        if (stmt.Acct.Nm !== undefined) expect(Array.from(stmt.Acct.Nm).length).toBeLessThanOrEqual(ACCOUNT_NAME_MAX);
        for (const [name, text] of textsOf(doc)) {
          expect(text.length, `<${name}> is empty`).toBeGreaterThan(0);
          expect(text, `<${name}> ${JSON.stringify(text)}`).not.toMatch(FORBIDDEN);
          expect(text, `<${name}> has leading or trailing space`).toBe(text.trim());
          if (LIMITS[name]) expect(Array.from(text).length, `<${name}> ${JSON.stringify(text)}`).toBeLessThanOrEqual(LIMITS[name]);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("keeps a payer's text as written when it fits: markup and entities read back as the same characters", () => {
    const t: Texts = {
      name: "A&B <Ltd> \"x\" 'y' ]]>",
      account: "200",
      remittance: ["Invoice <42> & co 😀"],
      instruction: "INV&1",
      payer: "P<1>",
      reason: "Closed & gone",
    };
    const xml = write(camt053Statement, [entryOf(0, t)], meta("STM-1", "Ops & <Co>", 1));
    expect(XMLValidator.validate(xml)).toBe(true);
    const found = textsOf(parser.parse(xml));
    expect(found).toEqual(
      expect.arrayContaining([
        ["Nm", "A&B <Ltd> \"x\" 'y' ]]>"],
        ["Ustrd", "Invoice <42> & co 😀"],
        ["Ustrd", "P<1>"],
        ["InstrId", "INV&1"],
        ["AddtlInf", "Closed & gone"],
        ["Nm", "Ops & <Co>"],
      ]),
    );
  });
});

describe("the CSV statement never starts a formula (issue 19, item 3's class)", () => {
  const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

  it("parses (papaparse) to one row per record with every cell's text kept, and no cell starting = + - @ tab or CR unless it is a plain number", () => {
    fc.assert(
      fc.property(statementInput, ([all, statementId, accountName]) => {
        const entries = all.map((t, i) => entryOf(i, t));
        const csv = write(csvStatement, entries, meta(statementId, accountName, entries.length));
        const parsed = Papa.parse<string[]>(csv.replace(/\r\n$/, ""), { header: false });
        expect(parsed.errors).toEqual([]);
        const [header, ...rows] = parsed.data;
        expect(rows.map((r) => r[0])).toEqual(["opening", ...entries.map(() => "entry"), "closing"]);
        for (const row of [header!, ...rows]) {
          expect(row).toHaveLength(header!.length);
          for (const cell of row) if (/^[=+\-@\t\r]/.test(cell)) expect(PLAIN_NUMBER.test(cell), JSON.stringify(cell)).toBe(true);
        }
        const column = (name: string) => header!.indexOf(name);
        entries.forEach((e, i) => {
          const row = rows[i + 1]!;
          // A cell is the text as written, behind the guard's apostrophe when it would start a formula.
          const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text);
          expect(row[column("counterparty_name")]).toBe(guarded(e.counterparty!.name ?? ""));
          expect(row[column("remittance_information")]).toBe(guarded(e.remittanceInformation.join(" / ")));
          expect(row[column("instruction_identification")]).toBe(guarded(e.references.instructionIdentification ?? ""));
        });
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
