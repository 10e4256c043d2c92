import Papa from "papaparse";
import type { z } from "zod";
import type { ErrorDetail } from "@/lib/contract/http/errors";
import { findUnstorableText } from "@/lib/contract/http/storable-text";
import {
  RAIL_RUN_CSV_COLUMNS,
  RUN_CSV_COLUMNS,
  RUN_CSV_LABELS,
  runCsvColumnOfPath,
  type TRunCsvCells,
  type TRunCsvColumn,
} from "@/lib/contract/payment-runs/csv-columns";
import { RAILS, ZAchPaymentRequest, ZInternalTransferRequest, ZSwiftPaymentRequest, type TRail } from "@/lib/contract/payments/schema";
import type { TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import { RunCsvInstructionIds, RunCsvRecords, type TRunCsvIssue, type TRunCsvRow } from "@/lib/contract/payment-runs/csv-reader";

/**
 * A payment run as a CSV file (docs/payment-runs.md, "CSV columns"): one row
 * per payment, turned into the `{rail, request}` item the JSON body takes and
 * checked with that rail's own request schema, so a row passes exactly when
 * the same payment sent as JSON would. Problems name the line and the column
 * as a person reads them (`line 5: creditor name`). Browser-safe: the portal
 * checks a file with these functions before sending it; the server parses the
 * uploaded body with them.
 */

export type { TRunCsvIssue, TRunCsvRow } from "@/lib/contract/payment-runs/csv-reader";
export type TRunCsvRowCheck = { item: TPaymentRunItem | null; issues: TRunCsvIssue[] };
export type TParsedRunCsv = { columns: TRunCsvColumn[]; rows: TRunCsvRow[]; fileErrors: string[] };

const SCHEMAS: Record<TRail, z.ZodType> = { ACH: ZAchPaymentRequest, SWIFT: ZSwiftPaymentRequest, INTERNAL: ZInternalTransferRequest };
/** Codes are upper-case in every request; `usd` or `sha` in a spreadsheet is plainly meant as such. */
const UPPER_CASE = new Set<TRunCsvColumn>(["rail", "currency", "debitCurrency", "creditorAgentBic", "intermediaryAgentBic", "chargesType"]);
/** A cell a spreadsheet would evaluate (CSV injection); a signed number is data and left to the amount check. */
const FORMULA_START = /^[=+\-@]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** `line 5: creditor name`, the `field` of a 400's detail for a CSV row (decisions §11). */
export function runCsvField(line: number, column: TRunCsvColumn | null): string {
  return column ? `line ${line}: ${RUN_CSV_LABELS[column]}` : `line ${line}`;
}

/**
 * Reads the file's header and rows. Problems of the file as a whole (no rows,
 * too many, unknown, repeated or missing columns) are `fileErrors`; a line
 * whose quoting is broken or whose field count differs from the header's keeps
 * its problem on its row. A UTF-8 byte order mark, CRLF or LF line ends and
 * blank lines are all accepted.
 */
export function parseRunCsv(text: string): TParsedRunCsv {
  const rows: TRunCsvRow[] = [];
  const records = new RunCsvRecords((row) => rows.push(row));
  readRecords(text, records);
  return { columns: records.columns, rows, fileErrors: records.fileErrors };
}

/** Feeds a whole text to a reader, record by record (papaparse's `step`); a byte order mark is dropped. */
function readRecords(text: string, records: RunCsvRecords): void {
  Papa.parse<string[]>(text.replace(/^\ufeff/, ""), {
    delimiter: ",",
    step: (result) =>
      records.add(
        result.data,
        result.errors.some((e) => e.type === "Quotes"),
      ),
  });
}

function value(cells: TRunCsvCells, column: TRunCsvColumn): string | undefined {
  const text = cells[column].trim();
  if (text === "") return undefined;
  return UPPER_CASE.has(column) ? text.toUpperCase() : text;
}

function lines(cells: TRunCsvCells, columns: readonly TRunCsvColumn[]): string[] | undefined {
  const out = columns.map((c) => value(cells, c)).filter((v): v is string => v !== undefined);
  return out.length > 0 ? out : undefined;
}

/** What a row names the creditor by when it names no payee. */
const PAYEE_OR: Record<"ACH" | "SWIFT", readonly TRunCsvColumn[]> = {
  ACH: ["creditorAccount", "creditorName", "bankCode"],
  SWIFT: ["creditorAccount", "creditorName"],
};
const CREDITOR_ADDRESS = ["creditorAddress1", "creditorAddress2", "creditorAddress3", "creditorAddress4"] as const;
const REMITTANCE = ["remittance1", "remittance2", "remittance3", "remittance4"] as const;

/** An object of cells, or absent when none is filled: a payee (`counterpartyId`) stands for the creditor blocks. */
function block<T extends Record<string, unknown>>(fields: T): T | undefined {
  return Object.values(fields).some((v) => v !== undefined) ? fields : undefined;
}

/** The request body of `rail` the row describes; empty cells are absent fields, so the schema names what is missing. */
function requestOf(rail: TRail, cells: TRunCsvCells): Record<string, unknown> {
  const v = (column: TRunCsvColumn) => value(cells, column);
  const common = {
    instructionIdentification: v("instructionIdentification"),
    requestedExecutionDate: v("requestedExecutionDate"),
    debtorAccount: { identification: v("debtorAccount") },
    remittanceInformation: lines(cells, REMITTANCE),
  };
  if (rail === "INTERNAL") {
    return { ...common, creditorAccount: { identification: v("creditorAccount") }, instructedAmount: { currency: v("currency"), amount: v("amount") } };
  }
  const payee = { counterpartyId: v("counterpartyId") };
  const creditorAccount = block({ identification: v("creditorAccount"), name: v("creditorName"), additionalInformation: lines(cells, CREDITOR_ADDRESS) });
  if (rail === "ACH") {
    // ACH is single-currency (spec §4.5): the one currency column is the debit, the instructed and the bank's.
    const currency = v("currency");
    return {
      ...common,
      ...payee,
      debitCurrency: currency,
      instructedAmount: { currency, amount: v("amount") },
      creditorAccount,
      creditorBank: v("bankCode") === undefined ? undefined : { bankCode: v("bankCode"), currency },
      remittanceInformation: common.remittanceInformation ?? [],
    };
  }
  const agentAddress = lines(cells, ["creditorAgentAddress1", "creditorAgentAddress2"]);
  const intermediary = v("intermediaryAgentBic");
  return {
    ...common,
    ...payee,
    instructedAmount: { currency: v("currency"), amount: v("amount") },
    debitAmount: block({ currency: v("debitCurrency"), amount: v("debitAmount") }),
    creditorAccount,
    creditorAgent: block({ identification: v("creditorAgentBic"), name: v("creditorAgentName"), additionalInformation: agentAddress }),
    intermediaryAgent: intermediary ? { identification: intermediary } : undefined,
    chargesType: v("chargesType"),
    remittanceInformation: common.remittanceInformation ?? [],
  };
}

/** JSON drops undefined members; the item must hold exactly what a JSON body would. */
const withoutAbsent = (request: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(request)) as Record<string, unknown>;

/**
 * Checks one row: the CSV's own rules (a rail, no formula cells, no cells of
 * another rail's columns), then the rail's request schema, every problem on
 * the column it belongs to. `item` is what would be sent, or null.
 */
export function checkRunCsvRow(row: Pick<TRunCsvRow, "cells" | "parseErrors">): TRunCsvRowCheck {
  const issues: TRunCsvIssue[] = row.parseErrors.map((message) => ({ column: null, code: "MALFORMED_LINE", message }));
  const add = (column: TRunCsvColumn | null, code: string, message: string) => {
    if (!issues.some((i) => i.column === column && i.message === message)) issues.push({ column, code, message });
  };
  for (const column of RUN_CSV_COLUMNS) {
    const text = row.cells[column].trim();
    if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text))
      add(column, "FORMULA", "must not start with =, +, - or @ (a spreadsheet would run it as a formula)");
  }
  const railText = row.cells.rail.trim();
  const rail = RAILS.find((r) => r === railText.toUpperCase());
  if (!rail) {
    add(
      "rail",
      railText ? "INVALID_VALUE" : "REQUIRED",
      railText ? `must be ACH, SWIFT or INTERNAL, not "${railText}"` : "is required: ACH, SWIFT or INTERNAL",
    );
    return { item: null, issues };
  }
  for (const column of RUN_CSV_COLUMNS) {
    if (row.cells[column].trim() !== "" && !RAIL_RUN_CSV_COLUMNS[rail].has(column))
      add(column, "NOT_USED_BY_RAIL", `is not used by ${rail} payments; leave it empty`);
  }
  // Named here, not left to the schema: its payee-or-creditor rule runs only once every field has parsed.
  if (rail !== "INTERNAL" && row.cells.counterpartyId.trim() === "") {
    for (const column of PAYEE_OR[rail]) if (row.cells[column].trim() === "") add(column, "REQUIRED", `is required for ${rail} payments (or a payee)`);
  }
  const request = withoutAbsent(requestOf(rail, row.cells));
  const unstorable = findUnstorableText(request);
  if (unstorable) add(runCsvColumnOfPath(unstorable.path), "INVALID_CHARACTERS", `contains a ${unstorable.reason}, which is not allowed in text`);
  const result = SCHEMAS[rail].safeParse(request);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const column = runCsvColumnOfPath(issue.path);
      if (issues.some((i) => i.column === column && i.code === "REQUIRED")) continue;
      const empty = column !== null && row.cells[column].trim() === "";
      // An absent field the schema wants is a required cell; a rule between fields (custom) keeps its own words.
      if (empty && issue.code !== "custom") add(column, "REQUIRED", `is required for ${rail} payments`);
      else add(column, issue.code.toUpperCase(), issue.message);
    }
  }
  const ok = result.success && issues.length === 0;
  // In the file's column order, as a person reads the row; the line's own problems first.
  const order = (issue: TRunCsvIssue) => (issue.column === null ? -1 : RUN_CSV_COLUMNS.indexOf(issue.column));
  issues.sort((a, b) => order(a) - order(b));
  return { item: ok ? ({ rail, request: result.data } as TPaymentRunItem) : null, issues };
}

/**
 * Instruction ids are the payer's end-to-end references: two rows of one rail
 * with one id in a file are a mistake (decisions §11; the rule of the JSON body,
 * `duplicateInstructionIssues`), reported on the later row with the earlier line.
 */
export function duplicateInstructionIds(rows: readonly Pick<TRunCsvRow, "line" | "cells">[]): Map<number, TRunCsvIssue> {
  const ids = new RunCsvInstructionIds();
  const out = new Map<number, TRunCsvIssue>();
  rows.forEach((row, index) => {
    const duplicate = ids.see(row);
    if (duplicate) out.set(index, duplicate);
  });
  return out;
}

/** Every row checked, duplicates across rows included: what the portal shows and the server decides on. */
export function checkRunCsv(parsed: TParsedRunCsv): TRunCsvRowCheck[] {
  const duplicates = duplicateInstructionIds(parsed.rows);
  return parsed.rows.map((row, index) => {
    const check = checkRunCsvRow(row);
    const duplicate = duplicates.get(index);
    return duplicate ? { item: null, issues: [...check.issues, duplicate] } : check;
  });
}

/**
 * A file's rows made items as they are read (the server feeds it the request
 * body as it streams in; `runCsvToItems` a whole text): each row is checked
 * at once and only its item and line are kept, or its problems once any row
 * has one. All or nothing (decisions §11): `result()` is the items when every
 * row is good, else every problem as a 400's details (`line 5: creditor
 * name`), problems of the file itself alone, with no field.
 */
export class RunCsvItems {
  private readonly items: TPaymentRunItem[] = [];
  private readonly lines: number[] = [];
  private readonly details: ErrorDetail[] = [];
  private readonly ids = new RunCsvInstructionIds();
  readonly records = new RunCsvRecords((row) => this.row(row));

  private row(row: TRunCsvRow): void {
    const check = checkRunCsvRow(row);
    const duplicate = this.ids.see(row);
    const issues = duplicate ? [...check.issues, duplicate] : check.issues;
    for (const issue of issues) this.details.push({ field: runCsvField(row.line, issue.column), code: issue.code, message: issue.message });
    if (this.details.length === 0) {
      this.items.push(check.item!);
      this.lines.push(row.line);
    }
  }

  result(): { ok: true; items: TPaymentRunItem[]; lines: number[] } | { ok: false; details: ErrorDetail[] } {
    const fileErrors = this.records.fileErrors;
    if (fileErrors.length > 0) return { ok: false, details: fileErrors.map((message) => ({ field: null, code: "INVALID_FILE", message })) };
    return this.details.length > 0 ? { ok: false, details: this.details } : { ok: true, items: this.items, lines: this.lines };
  }
}

/** A whole text's items, or every problem (RunCsvItems). */
export function runCsvToItems(text: string): ReturnType<RunCsvItems["result"]> {
  const items = new RunCsvItems();
  readRecords(text, items.records);
  return items.result();
}
