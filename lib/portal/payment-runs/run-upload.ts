import { checkRunCsvRow, duplicateInstructionIds, parseRunCsv, type TRunCsvRow, type TRunCsvRowCheck } from "@/lib/contract/payment-runs/csv";
import { itemDebit, type TCurrencyTotal, type TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import { parsePain001 } from "@/lib/contract/payment-runs/pain001";
import { runItemsToCsv } from "@/lib/contract/payment-runs/csv-export";
import { RUN_CSV_COLUMNS, runCsvColumnOfPath, type TRunCsvColumn } from "@/lib/contract/payment-runs/csv-columns";
import type { FieldIssue } from "@/lib/portal/shared/field-errors";
import { fromMinor, toMinor } from "@/lib/contract/money-format";

/**
 * The Payment runs page's file, row by row (docs/payment-runs-portal.md):
 * parsed and checked in the browser with the contract's own CSV functions,
 * rows fixed in place or dropped, totals per currency and per debit account
 * over the rows kept, and the API's refusals put back on their rows.
 * Browser-safe: papaparse and zod through lib/contract.
 */

/** `row`: what belongs to no single column (a malformed line). */
export type RunCellKey = TRunCsvColumn | "row";
export type RunRowErrors = Partial<Record<RunCellKey, string[]>>;

export type RunUpload = {
  fileName: string;
  columns: TRunCsvColumn[];
  rows: TRunCsvRow[];
  fileErrors: string[];
  /** Each row's own check; duplicates across rows are computed over the rows kept (`reviewState`). */
  checks: TRunCsvRowCheck[];
  dropped: ReadonlySet<number>;
  /**
   * A pain.001 file: the document as chosen, each row's EndToEndId (what the table names a row by) and PmtInfId, its
   * GrpHdr/MsgId, and whether a row was since fixed or dropped. Untouched, the document itself is sent; changed (or held
   * for approval), the rows are sent as JSON with the MsgId and the kept rows' PmtInfIds, so the pain.002 still answers the file.
   */
  pain001?: { xml: string; endToEndIds: string[]; paymentInfoIds: string[]; messageId: string | null; changed: boolean };
};

export function loadRunCsv(fileName: string, text: string): RunUpload {
  const parsed = parseRunCsv(text);
  return { fileName, ...parsed, checks: parsed.rows.map(checkRunCsvRow), dropped: new Set() };
}

/** A pain.001 document starts with markup; a CSV never does (its first line is the header). */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*</.test(text);
}

/**
 * A pain.001.001.09 file, mapped with the contract's own parser (the server's), then laid out as the template's
 * rows so every transaction is checked, fixed or dropped as a CSV row is. A document that does not map (a
 * transaction with no rail, an EndToEndId over 16 characters) lists its problems, named by EndToEndId, and has no rows.
 */
export function loadRunPain001(fileName: string, xml: string, ownAccounts: ReadonlySet<string>): RunUpload {
  const parsed = parsePain001(xml, ownAccounts);
  const fileErrors = parsed.problems
    .filter((p) => !p.inRow)
    .map((p) => `${p.endToEndId !== null ? `EndToEndId ${p.endToEndId}: ` : ""}${p.field ? `${p.field}: ` : ""}${p.message}`);
  if (fileErrors.length > 0) return { fileName, columns: [], rows: [], fileErrors, checks: [], dropped: new Set() };
  // Each transaction that mapped to a rail is a row, valid or not: the row check names its problems under their cells.
  const upload = loadRunCsv(fileName, runItemsToCsv(parsed.mapped.map((m) => m.item)));
  // The template lays out every column; the review shows those the document fills.
  const columns = upload.columns.filter((c) => upload.rows.some((row) => row.cells[c] !== ""));
  return {
    ...upload,
    columns,
    pain001: {
      xml,
      endToEndIds: parsed.mapped.map((m) => m.endToEndId),
      paymentInfoIds: parsed.mapped.map((m) => m.paymentInfoId),
      messageId: parsed.messageId,
      changed: false,
    },
  };
}

/** How the review names a row: its line in a CSV file, its EndToEndId in a pain.001. */
export function rowLabel(upload: RunUpload, index: number): string {
  return upload.pain001 ? upload.pain001.endToEndIds[index]! : String(upload.rows[index]!.line);
}

const changed = (upload: RunUpload): RunUpload["pain001"] => upload.pain001 && { ...upload.pain001, changed: true };

export function editRunCell(upload: RunUpload, index: number, column: TRunCsvColumn, value: string): RunUpload {
  const rows = upload.rows.slice();
  rows[index] = { ...rows[index]!, cells: { ...rows[index]!.cells, [column]: value } };
  const checks = upload.checks.slice();
  checks[index] = checkRunCsvRow(rows[index]);
  return { ...upload, rows, checks, pain001: changed(upload) };
}

export function toggleDropped(upload: RunUpload, index: number): RunUpload {
  const dropped = new Set(upload.dropped);
  if (dropped.has(index)) dropped.delete(index);
  else dropped.add(index);
  return { ...upload, dropped, pain001: changed(upload) };
}

function addError(errors: RunRowErrors, key: RunCellKey, message: string): void {
  const list = (errors[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

export type ReviewState = {
  /** Errors per row index (kept rows only), the row's own check and duplicates among the kept rows. */
  errors: Map<number, RunRowErrors>;
  /** The items to send, in file order, with the row each came from. */
  items: TPaymentRunItem[];
  itemRows: number[];
  ready: boolean;
};

/** Where the file stands: which kept rows are bad, and what would be sent when none is. */
export function reviewState(upload: RunUpload, apiErrors: ReadonlyMap<number, RunRowErrors> = new Map()): ReviewState {
  const kept = upload.rows.map((row, index) => ({ row, index })).filter(({ index }) => !upload.dropped.has(index));
  const duplicates = duplicateInstructionIds(kept.map(({ row }) => row));
  const errors = new Map<number, RunRowErrors>();
  const items: TPaymentRunItem[] = [];
  const itemRows: number[] = [];
  kept.forEach(({ index }, position) => {
    const rowErrors: RunRowErrors = {};
    for (const issue of upload.checks[index]!.issues) addError(rowErrors, issue.column ?? "row", issue.message);
    const duplicate = duplicates.get(position);
    if (duplicate) addError(rowErrors, "instructionIdentification", duplicate.message);
    for (const [key, messages] of Object.entries(apiErrors.get(index) ?? {})) for (const m of messages) addError(rowErrors, key as RunCellKey, m);
    if (Object.keys(rowErrors).length > 0) errors.set(index, rowErrors);
    else {
      items.push(upload.checks[index]!.item!);
      itemRows.push(index);
    }
  });
  const ready = upload.fileErrors.length === 0 && kept.length > 0 && errors.size === 0;
  return { errors, items, itemRows, ready };
}

export type DebitTotal = TCurrencyTotal & { debtorAccount: string };

function sum<K extends string>(items: readonly TPaymentRunItem[], keyOf: (item: TPaymentRunItem, currency: string) => K) {
  const sums = new Map<K, { currency: string; minor: bigint; count: number }>();
  for (const item of items) {
    const { currency, amount } = itemDebit(item);
    const key = keyOf(item, currency);
    const s = sums.get(key) ?? { currency, minor: 0n, count: 0 };
    sums.set(key, { currency, minor: s.minor + toMinor(amount, currency), count: s.count + 1 });
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What the run takes from each debit account, per currency stated. */
export function totalsPerDebitAccount(items: readonly TPaymentRunItem[]): DebitTotal[] {
  return sum(items, (item, currency) => `${item.request.debtorAccount.identification}\u0000${currency}`).map(([key, s]) => ({
    debtorAccount: key.split("\u0000")[0]!,
    currency: s.currency,
    amount: fromMinor(s.minor, s.currency),
    count: s.count,
  }));
}

/** `items[7].request.creditorAccount.name` from a 400's details, with the rows sent -> row index and column. */
export function runIssuesByRow(issues: readonly FieldIssue[], itemRows: readonly number[]): { placed: Map<number, RunRowErrors>; unplaced: number } {
  const placed = new Map<number, RunRowErrors>();
  let unplaced = 0;
  for (const issue of issues) {
    const match = issue.field ? /^items\[(\d+)\](?:\.request)?(?:\.(.+))?$/.exec(issue.field) : null;
    const index = match ? itemRows[Number(match[1])] : undefined;
    if (!match || index === undefined) {
      unplaced += 1;
      continue;
    }
    const path = match[2]
      ? match[2]
          .split(/\.|\[(\d+)\]/)
          .filter(Boolean)
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
      : [];
    const errors = placed.get(index) ?? {};
    addError(errors, (match[2] === undefined ? "row" : runCsvColumnOfPath(path)) ?? "row", issue.message);
    placed.set(index, errors);
  }
  return { placed, unplaced };
}

/** The columns the review table shows: the file's own, and any other a row has an error in. */
export function shownColumns(upload: RunUpload, errors: ReadonlyMap<number, RunRowErrors>): TRunCsvColumn[] {
  const withErrors = new Set<string>();
  for (const e of errors.values()) for (const k of Object.keys(e)) withErrors.add(k);
  return RUN_CSV_COLUMNS.filter((c) => upload.columns.includes(c) || withErrors.has(c));
}
