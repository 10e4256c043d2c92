import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_CSV_COLUMNS } from "@/lib/contract/payment-runs/csv-columns";
import { checkRunCsv, checkRunCsvRow, parseRunCsv, runCsvToItems } from "@/lib/contract/payment-runs/csv";
import { runItemsToCsv } from "@/lib/contract/payment-runs/csv-export";
import { ZAchPaymentRequest, ZInternalTransferRequest, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";

const HEADER = "rail,instructionIdentification,debtorAccount,amount,currency,creditorAccount,creditorName,bankCode,creditorAgentBic,chargesType,remittance1";
const ACH = "ACH,INV-1,1000123456,10.00,USD,0987654321,Jane Tucker,BANK_A,,,Salary";
const csv = (...rows: string[]) => [HEADER, ...rows].join("\r\n") + "\r\n";

function detailsOf(text: string) {
  const result = runCsvToItems(text);
  if (result.ok) throw new Error("expected the file to be refused");
  return result.details;
}

describe("payment run CSV", () => {
  it("the template served to users is a valid file with every column, each row what the rail's schema accepts", () => {
    const template = readFileSync(join(process.cwd(), "public/templates/harbour-payment-run.csv"), "utf8");
    expect(template.split("\r\n")[0]).toBe(RUN_CSV_COLUMNS.join(","));
    const result = runCsvToItems(template);
    if (!result.ok) throw new Error(JSON.stringify(result.details));
    expect(result.items.map((i) => i.rail)).toEqual(["ACH", "ACH", "SWIFT", "INTERNAL"]);
    const schemas = { ACH: ZAchPaymentRequest, SWIFT: ZSwiftPaymentRequest, INTERNAL: ZInternalTransferRequest };
    for (const item of result.items) expect(schemas[item.rail].safeParse(item.request).success).toBe(true);
  });

  it("maps an ACH row to exactly the body the API takes", () => {
    const result = runCsvToItems(csv(ACH));
    expect(result).toEqual({
      ok: true,
      lines: [2],
      items: [
        {
          rail: "ACH",
          request: {
            instructionIdentification: "INV-1",
            debtorAccount: { identification: "1000123456" },
            debitCurrency: "USD",
            instructedAmount: { currency: "USD", amount: "10.00" },
            creditorAccount: { identification: "0987654321", name: "Jane Tucker" },
            creditorBank: { bankCode: "BANK_A", currency: "USD" },
            remittanceInformation: ["Salary"],
          },
        },
      ],
    });
  });

  it("accepts a BOM, LF or CRLF, blank lines, loose headers, lower-case codes and quoted commas and quotes", () => {
    const text =
      "\ufeffRail,Instruction Identification,debtor_account,AMOUNT,currency,creditor-account,creditorName,bankCode,creditorAgentBic,chargesType,remittance1\n\n" +
      'ach,INV-1,1000123456,10.00,usd,0987654321,"Tucker, Jane ""JT""",BANK_A,,,"Salary, Nov"\r\n';
    const result = runCsvToItems(text);
    if (!result.ok) throw new Error(JSON.stringify(result.details));
    expect(result.items[0]!.request.creditorAccount).toEqual({ identification: "0987654321", name: 'Tucker, Jane "JT"' });
    expect(result.items[0]!.request.remittanceInformation).toEqual(["Salary, Nov"]);
  });

  it("names the file line of each row, counting blank lines and line breaks inside quoted cells", () => {
    const text = `${HEADER}\n\nACH,A,1000123456,1.00,USD,1,"Jane\nTucker",BANK_A,,,x\n${ACH.replace("INV-1", "B").replace("10.00", "0.001")}\n`;
    const parsed = parseRunCsv(text);
    expect(parsed.rows.map((r) => r.line)).toEqual([3, 5]);
    expect(detailsOf(text).map((d) => d.field)).toEqual(["line 3: creditor name", "line 5: amount"]);
  });

  it.each([
    ["1e3", "amount must be a non-negative decimal with at most 2 decimal places"],
    ["0.001", "amount must be a non-negative decimal with at most 2 decimal places"],
    ["-5.00", "amount must be a non-negative decimal with at most 2 decimal places"],
    ["0.00", "amount must be greater than zero"],
    ["1,000.00", "amount must be a non-negative decimal with at most 2 decimal places"],
  ])("refuses the amount %s with the schema's own message", (amount, message) => {
    const details = detailsOf(csv(ACH.replace("10.00", `"${amount}"`)));
    expect(details).toEqual([{ field: "line 2: amount", code: "CUSTOM", message }]);
  });

  it("refuses cells a spreadsheet would run as formulas, and reports every bad row of the file at once", () => {
    const details = detailsOf(
      csv(ACH.replace("Jane Tucker", "=cmd|'/C calc'!A0"), ACH.replace("INV-1", "INV-2").replace("Salary", "@SUM(1+1)"), ACH.replace("INV-1", "INV-3")),
    );
    expect(details.map((d) => [d.field, d.code])).toEqual([
      ["line 2: creditor name", "FORMULA"],
      ["line 3: remittance line 1", "FORMULA"],
    ]);
  });

  it("names a missing required cell as required for the row's rail, and a cell of another rail's column as a mistake", () => {
    const details = detailsOf(
      csv("SWIFT,S-1,1000123456,5.00,EUR,DE89370400440532013000,,BANK_A,DEUTDEFF,,Inv 1", "INTERNAL,I-1,1000123456,5.00,USD,1000123460,Somebody,,,,Sweep"),
    );
    expect(details.map((d) => `${d.field}: ${d.message}`)).toEqual([
      "line 2: creditor name: is required for SWIFT payments (or a payee)",
      "line 2: bank code: is not used by SWIFT payments; leave it empty",
      "line 2: charges: is required for SWIFT payments",
      "line 3: creditor name: is not used by INTERNAL payments; leave it empty",
    ]);
  });

  it("refuses an unknown rail, a duplicate instruction id, a short line and a broken quote on their lines", () => {
    const details = detailsOf(csv(ACH, "CHEQUE,X,1,1,USD,2,n,,,,r", ACH, "ACH,INV-9,1000123456", 'ACH,INV-8,1000123456,1.00,USD,1,"Jane,BANK_A'));
    expect(details.map((d) => `${d.field}: ${d.message}`)).toEqual([
      'line 3: rail: must be ACH, SWIFT or INTERNAL, not "CHEQUE"',
      "line 4: instruction id: repeats the instruction id of line 2",
      "line 5: has 3 fields; the header has 11",
      "line 5: amount: is required for ACH payments",
      "line 5: currency: is required for ACH payments",
      "line 5: creditor account: is required for ACH payments (or a payee)",
      "line 5: creditor name: is required for ACH payments (or a payee)",
      "line 5: bank code: is required for ACH payments (or a payee)",
      "line 5: remittance line 1: is required for ACH payments",
      "line 6: has a quote that is not closed or is misplaced",
      "line 6: bank code: is required for ACH payments (or a payee)",
      "line 6: remittance line 1: is required for ACH payments",
    ]);
  });

  it("carries an execution date column into every rail's requestedExecutionDate, and names a bad one on its column", () => {
    const dated = (date: string) => `${HEADER},requestedExecutionDate\r\n${ACH},${date}\r\n`;
    const result = runCsvToItems(dated("2026-12-24"));
    if (!result.ok) throw new Error(JSON.stringify(result.details));
    expect(result.items[0]!.request.requestedExecutionDate).toBe("2026-12-24");
    expect(runItemsToCsv(result.items).split("\r\n")[1]!.endsWith(",2026-12-24")).toBe(true);
    expect(detailsOf(dated("24/12/2026")).map((d) => d.field)).toEqual(["line 2: execution date"]);
  });

  it("takes a payee instead of the creditor's cells, and refuses both at once", () => {
    const payee = "3f1c8f8e-2b7a-4c1e-9a57-6f0e7d1c2b3a";
    const header = "rail,instructionIdentification,debtorAccount,amount,currency,counterpartyId,creditorAccount,creditorName,bankCode,remittance1";
    const result = runCsvToItems(`${header}\nACH,P-1,1000123456,10.00,USD,${payee},,,,Salary\n`);
    if (!result.ok) throw new Error(JSON.stringify(result.details));
    expect(result.items[0]!.request).toEqual({
      instructionIdentification: "P-1",
      debtorAccount: { identification: "1000123456" },
      counterpartyId: payee,
      debitCurrency: "USD",
      instructedAmount: { currency: "USD", amount: "10.00" },
      remittanceInformation: ["Salary"],
    });
    const both = detailsOf(`${header}\nACH,P-2,1000123456,10.00,USD,${payee},0987654321,Jane Tucker,BANK_A,Salary\n`);
    expect(both.map((d) => `${d.field}: ${d.message}`)).toEqual([
      "line 2: creditor account: creditorAccount must be omitted when counterpartyId names the payee",
      "line 2: bank code: creditorBank must be omitted when counterpartyId names the payee",
    ]);
  });

  it("refuses the file as a whole for missing, unknown or repeated columns and for no rows", () => {
    expect(detailsOf("rail,debtorAccount,amount,colour,amount\r\nACH,1,1,red,1\r\n").map((d) => d.message)).toEqual([
      'Unknown column "colour": use the template\'s column names.',
      'Column "amount" appears twice.',
      'The file has no "currency", "creditorAccount" columns.',
    ]);
    expect(detailsOf(`${HEADER}\r\n`).map((d) => d.message)).toEqual(["The file has no payments under its header."]);
    expect(detailsOf("")).toHaveLength(1);
  });

  it("checks a NUL character and a right-to-left override as the API would", () => {
    const [nul] = checkRunCsv(parseRunCsv(csv(ACH.replace("Salary", "Sal\u0000ary"))));
    expect(nul!.issues).toContainEqual({
      column: "remittance1",
      code: "INVALID_CHARACTERS",
      message: "contains a NUL character, which is not allowed in text",
    });
    const bidi = checkRunCsvRow({ cells: parseRunCsv(csv(ACH.replace("Jane Tucker", "Jane\u202eTucker"))).rows[0]!.cells, parseErrors: [] });
    expect(bidi.item).toBeNull();
    expect(bidi.issues[0]!.column).toBe("creditorName");
  });

  it("maps a SWIFT row with a debit amount, agent and intermediary", () => {
    const header =
      "rail,debtorAccount,currency,debitAmount,debitCurrency,creditorAccount,creditorName,creditorAddress1,creditorAgentBic,intermediaryAgentBic,chargesType,remittance1,remittance2,amount";
    const result = runCsvToItems(`${header}\nSWIFT,1000123456,eur,100.00,USD,DE89,Muller GmbH,Hafenstrasse 4,DEUTDEFF,chasus33,our,Inv 1,Inv 2,\n`);
    if (!result.ok) throw new Error(JSON.stringify(result.details));
    expect(result.items[0]).toEqual({
      rail: "SWIFT",
      request: {
        debtorAccount: { identification: "1000123456" },
        instructedAmount: { currency: "EUR" },
        debitAmount: { currency: "USD", amount: "100.00" },
        creditorAccount: { identification: "DE89", name: "Muller GmbH", additionalInformation: ["Hafenstrasse 4"] },
        creditorAgent: { identification: "DEUTDEFF" },
        intermediaryAgent: { identification: "CHASUS33" },
        chargesType: "OUR",
        remittanceInformation: ["Inv 1", "Inv 2"],
      },
    });
  });
});

describe("payment run items back as CSV", () => {
  it("writes the template's items as the template's rows, read back to the same items", () => {
    const template = readFileSync(join(process.cwd(), "public/templates/harbour-payment-run.csv"), "utf8");
    const first = runCsvToItems(template);
    if (!first.ok) throw new Error("template invalid");
    const written = runItemsToCsv(first.items);
    expect(written).toBe(template);
    expect(runCsvToItems(written)).toEqual(first);
  });
});

describe("a CSV read record by record (the server's streamed body)", () => {
  it("gives the same items, lines and problems fed in small pieces as from the whole text (line numbers across mixed line ends included)", async () => {
    const { RunCsvItems } = await import("@/lib/contract/payment-runs/csv");
    const Papa = (await import("papaparse")).default;
    const text = `${csv(ACH)}\n\n${csv(ACH).split("\n").slice(1).join("\n").replace("INV-1", "INV-2").replace("Jane Tucker", '"Jane\nTucker"')}`;
    const whole = runCsvToItems(text);
    const streamed = new RunCsvItems();
    Papa.parse<string[]>(text, {
      delimiter: ",",
      chunkSize: 7,
      step: (r) =>
        streamed.records.add(
          r.data,
          r.errors.some((e) => e.type === "Quotes"),
        ),
    });
    expect(streamed.result()).toEqual(whole);
    expect(whole).toMatchObject({ ok: false, details: [{ field: "line 5: creditor name" }] });
  });
});
