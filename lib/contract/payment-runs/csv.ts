import Papa from "papaparse";
import type { z } from "zod";
import { normaliseCsvHeader } from "@/lib/contract/csv";
import type { ErrorDetail } from "@/lib/contract/http/errors";
import { findUnstorableText } from "@/lib/contract/http/storable-text";
import {
  emptyRunCsvCells,
  RAIL_RUN_CSV_COLUMNS,
  REQUIRED_RUN_CSV_COLUMNS,
  RUN_CSV_COLUMNS,
  RUN_CSV_LABELS,
  runCsvColumnOfPath,
  type TRunCsvCells,
  type TRunCsvColumn,
} from "@/lib/contract/payment-runs/csv-columns";
import { RAILS, ZAchPaymentRequest, ZInternalTransferRequest, ZSwiftPaymentRequest, type TRail } from "@/lib/contract/payments/schema";
import { MAX_RUN_ITEMS, type TPaymentRunItem } from "@/lib/contract/payment-runs/schema";

/**
 * A payment run as a CSV file (docs/payment-runs.md, "CSV columns"): one row
 * per payment, turned into the `{rail, request}` item the JSON body takes and
 * checked with that rail's own request schema, so a row passes exactly when
 * the same payment sent as JSON would. Problems name the line and the column
 * as a person reads them (`line 5: creditor name`). Browser-safe: the portal
 * checks a file with these functions before sending it; the server parses the
 * uploaded body with them.
 */

/** `line`: where the row starts in the file (the header is line 1), as an editor or a spreadsheet shows it. */
export type TRunCsvRow = { line: number; cells: TRunCsvCells; parseErrors: string[] };
/** `column` null: the problem is the row's as a whole (a malformed line). */
export type TRunCsvIssue = { column: TRunCsvColumn | null; code: string; message: string };
export type TRunCsvRowCheck = { item: TPaymentRunItem | null; issues: TRunCsvIssue[] };
export type TParsedRunCsv = { columns: TRunCsvColumn[]; rows: TRunCsvRow[]; fileErrors: string[] };

const SCHEMAS: Record<TRail, z.ZodType> = { ACH: ZAchPaymentRequest, SWIFT: ZSwiftPaymentRequest, INTERNAL: ZInternalTransferRequest };
/** Codes are upper-case in every request; `usd` or `sha` in a spreadsheet is plainly meant as such. */
const UPPER_CASE = new Set<TRunCsvColumn>(["rail", "currency", "debitCurrency", "creditorAgentBic", "intermediaryAgentBic", "chargesType"]);
/** A cell a spreadsheet would evaluate (CSV injection); a signed number is data and left to the amount check. */
const FORMULA_START = /^[=+\-@]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

const HEADER_INDEX = new Map(RUN_CSV_COLUMNS.map((c) => [normaliseCsvHeader(c), c]));

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
  const source = text.replace(/^\ufeff/, "");
  const records: Array<{ data: string[]; line: number; broken: boolean }> = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter: ",",
    step: (result) => {
      const end = result.meta.cursor;
      records.push({ data: result.data, line, broken: result.errors.some((e) => e.type === "Quotes") });
      for (let i = start; i < end; i += 1) if (source.charCodeAt(i) === 10) line += 1;
      start = end;
    },
  });
  const nonBlank = records.filter((r) => r.data.some((cell) => cell.trim() !== ""));
  const [header, ...body] = nonBlank;
  const headerCells = header?.data ?? [];
  const columns = headerCells.map((h) => HEADER_INDEX.get(normaliseCsvHeader(h)) ?? null);
  const fileErrors: string[] = [];
  const unknown = headerCells.filter((h, i) => columns[i] === null && h.trim() !== "");
  if (unknown.length > 0)
    fileErrors.push(`Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}: use the template's column names.`);
  const seen = new Set<TRunCsvColumn>();
  for (const column of columns) {
    if (column && seen.has(column)) fileErrors.push(`Column "${column}" appears twice.`);
    if (column) seen.add(column);
  }
  const missing = header ? REQUIRED_RUN_CSV_COLUMNS.filter((c) => !seen.has(c)) : [];
  if (missing.length > 0) fileErrors.push(`The file has no ${missing.map((c) => `"${c}"`).join(", ")} column${missing.length > 1 ? "s" : ""}.`);
  if (body.length === 0) fileErrors.push("The file has no payments under its header.");
  if (body.length > MAX_RUN_ITEMS) {
    fileErrors.push(`The file has ${body.length.toLocaleString("en-US")} payments; one run takes at most ${MAX_RUN_ITEMS.toLocaleString("en-US")}.`);
  }
  const rows = body.map((record): TRunCsvRow => {
    const cells = emptyRunCsvCells();
    columns.forEach((column, j) => {
      if (column) cells[column] = record.data[j] ?? "";
    });
    const parseErrors: string[] = [];
    if (record.broken) parseErrors.push("has a quote that is not closed or is misplaced");
    else if (record.data.length !== headerCells.length) parseErrors.push(`has ${record.data.length} fields; the header has ${headerCells.length}`);
    return { line: record.line, cells, parseErrors };
  });
  return { columns: columns.filter((c): c is TRunCsvColumn => c !== null), rows, fileErrors };
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
  const first = new Map<string, number>();
  const out = new Map<number, TRunCsvIssue>();
  rows.forEach((row, index) => {
    const id = row.cells.instructionIdentification.trim();
    if (id === "") return;
    const key = `${row.cells.rail.trim().toUpperCase()}\u0000${id}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.line);
    else out.set(index, { column: "instructionIdentification", code: "DUPLICATE", message: `repeats the instruction id of line ${earlier}` });
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
 * The whole file, all or nothing (decisions §11): the items when every row is
 * good, else every problem as a 400's details (`line 5: creditor name`),
 * problems of the file itself first with no field.
 */
export function runCsvToItems(text: string): { ok: true; items: TPaymentRunItem[] } | { ok: false; details: ErrorDetail[] } {
  const parsed = parseRunCsv(text);
  const details: ErrorDetail[] = parsed.fileErrors.map((message) => ({ field: null, code: "INVALID_FILE", message }));
  if (details.length > 0) return { ok: false, details };
  const checks = checkRunCsv(parsed);
  checks.forEach((check, index) => {
    const line = parsed.rows[index]!.line;
    for (const issue of check.issues) details.push({ field: runCsvField(line, issue.column), code: issue.code, message: issue.message });
  });
  return details.length > 0 ? { ok: false, details } : { ok: true, items: checks.map((c) => c.item!) };
}
