import Papa from "papaparse";
import { normaliseCsvHeader } from "@/lib/contract/csv";
import { MAX_ITEMS } from "@/lib/contract/virtual-accounts/fields";
import { ZVirtualAccountItemV2 } from "@/lib/contract/virtual-accounts/schema";
import type { FieldIssue } from "@/lib/portal/shared/field-errors";
import {
  emptyCells,
  holderTypeOf,
  UPLOAD_COLUMNS,
  type CellKey,
  type ParsedUpload,
  type RowCells,
  type RowCheck,
  type RowErrors,
  type UploadColumn,
  type UploadRow,
} from "@/lib/portal/virtual-accounts/va-upload-columns";

/**
 * The portal's batch upload of virtual accounts (v2): a CSV file, one account
 * per row, parsed in the browser and checked row by row with the API's own
 * item schema (`ZVirtualAccountItemV2`), so every mistake is shown on its row
 * and column before anything is sent. Browser-safe: papaparse and zod only.
 */

const INDIVIDUAL_COLUMNS = ["dob", "nationality", "nativeLanguageName"] as const;
const ADDRESS_COLUMNS = ["addressLine1", "addressLine2", "city", "postalCode", "addressCountry"] as const;
const BUSINESS_COLUMNS = [...ADDRESS_COLUMNS, "dateOfIncorporation", "countryOfIncorporation"] as const;
/** Codes are compared upper-case by the API; `bm` is plainly `BM`, so the portal says it for the user. */
const UPPER_CASE_COLUMNS = new Set<UploadColumn>(["currency", "countryOfResidence", "nationality", "addressCountry", "countryOfIncorporation"]);

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);

function cell(cells: RowCells, column: UploadColumn): string | undefined {
  const text = cells[column].trim();
  if (text === "") return undefined;
  return UPPER_CASE_COLUMNS.has(column) ? text.toUpperCase() : text;
}

function pick<K extends UploadColumn, N extends string>(cells: RowCells, pairs: ReadonlyArray<readonly [N, K]>): Partial<Record<N, string>> | undefined {
  const out: Partial<Record<N, string>> = {};
  let any = false;
  for (const [name, column] of pairs) {
    const value = cell(cells, column);
    if (value !== undefined) {
      out[name] = value;
      any = true;
    }
  }
  return any ? out : undefined;
}

/**
 * One CSV row as the v2 batch item the API takes. Empty cells are omitted;
 * the individual and business blocks exist only when one of their cells is
 * filled. Text that cannot be put in the item (an `unallocated` that is not a
 * yes or no) is returned as a column error instead.
 */
export function rowToItem(cells: RowCells): { item: Record<string, unknown>; errors: RowErrors } {
  const errors: RowErrors = {};
  const item: Record<string, unknown> = {};
  const type = cell(cells, "accountHolderType");
  if (type !== undefined) {
    const known = holderTypeOf(cells);
    item.accountHolderType = known ?? type;
  }
  for (const column of ["currency", "accountHolderName", "accountName", "clientReference", "taxIdentificationNumber", "countryOfResidence"] as const) {
    const value = cell(cells, column);
    if (value !== undefined) item[column] = value;
  }
  // The API requires currency; an empty cell is sent as absent and the schema names it.
  const unallocated = cell(cells, "unallocated")?.toLowerCase();
  if (unallocated !== undefined) {
    if (TRUE_WORDS.has(unallocated)) item.unallocated = true;
    else if (FALSE_WORDS.has(unallocated)) item.unallocated = false;
    else errors.unallocated = ["must be true or false (or empty)"];
  }
  const individual = pick(cells, [
    ["dob", "dob"],
    ["nationality", "nationality"],
    ["nativeLanguageName", "nativeLanguageName"],
  ]);
  if (individual) item.individual = individual;
  const registeredAddress = pick(cells, [
    ["addressLine1", "addressLine1"],
    ["addressLine2", "addressLine2"],
    ["city", "city"],
    ["postalCode", "postalCode"],
    ["country", "addressCountry"],
  ]);
  const businessRest = pick(cells, [
    ["dateOfIncorporation", "dateOfIncorporation"],
    ["countryOfIncorporation", "countryOfIncorporation"],
  ]);
  if (registeredAddress || businessRest) item.business = { ...(registeredAddress ? { registeredAddress } : {}), ...businessRest };
  return { item, errors };
}

const BLOCK_FIELD_COLUMNS: Record<string, UploadColumn> = {
  "individual.dob": "dob",
  "individual.nationality": "nationality",
  "individual.nativeLanguageName": "nativeLanguageName",
  "business.registeredAddress": "addressLine1",
  "business.registeredAddress.addressLine1": "addressLine1",
  "business.registeredAddress.addressLine2": "addressLine2",
  "business.registeredAddress.city": "city",
  "business.registeredAddress.postalCode": "postalCode",
  "business.registeredAddress.country": "addressCountry",
  "business.dateOfIncorporation": "dateOfIncorporation",
  "business.countryOfIncorporation": "countryOfIncorporation",
};

/**
 * The column an issue of the item belongs to. A whole block refused (the
 * business block on an Individual row) lands on its first filled cell, where
 * the user has to clear it; anything else unplaceable is the row's.
 */
export function columnOfPath(path: ReadonlyArray<PropertyKey>, cells?: RowCells): CellKey {
  const key = path.map(String).join(".");
  if (key in BLOCK_FIELD_COLUMNS) return BLOCK_FIELD_COLUMNS[key]!;
  if ((UPLOAD_COLUMNS as readonly string[]).includes(key)) return key as UploadColumn;
  const block = key === "individual" ? INDIVIDUAL_COLUMNS : key === "business" ? BUSINESS_COLUMNS : null;
  if (block) return block.find((c) => cells && cells[c].trim() !== "") ?? block[0];
  return "row";
}

function addError(errors: RowErrors, key: CellKey, message: string): void {
  const list = (errors[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** Checks one row with the API's item schema; `item` is what would be sent, or null while the row has errors. */
export function checkRow(row: Pick<UploadRow, "cells" | "parseErrors">): RowCheck {
  const { item, errors } = rowToItem(row.cells);
  for (const message of row.parseErrors) addError(errors, "row", message);
  const result = ZVirtualAccountItemV2.safeParse(item);
  if (!result.success) {
    for (const issue of result.error.issues) addError(errors, columnOfPath(issue.path, row.cells), issue.message);
  }
  const ok = result.success && Object.keys(errors).length === 0;
  return { item: ok ? result.data : null, errors };
}

const HEADER_INDEX = new Map(UPLOAD_COLUMNS.map((c) => [normaliseCsvHeader(c), c]));

/**
 * Parses the file. Errors of the file as a whole (no rows, too many rows,
 * unknown or missing columns) stop the upload; errors of a line stay on its row.
 */
export function parseUploadCsv(text: string): ParsedUpload {
  const fileErrors: string[] = [];
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ""), { skipEmptyLines: "greedy" });
  const [header = [], ...records] = parsed.data;
  const columns: Array<UploadColumn | null> = header.map((h) => HEADER_INDEX.get(normaliseCsvHeader(h)) ?? null);
  const unknown = header.filter((h, i) => columns[i] === null && h.trim() !== "");
  if (unknown.length > 0) {
    fileErrors.push(`Unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}: use the template's column names.`);
  }
  const seen = new Set<UploadColumn>();
  for (const column of columns) {
    if (column && seen.has(column)) fileErrors.push(`Column "${column}" appears twice.`);
    if (column) seen.add(column);
  }
  if (header.length > 0 && !seen.has("currency")) fileErrors.push('The file has no "currency" column.');
  if (records.length === 0) fileErrors.push("The file has no rows under its header.");
  if (records.length > MAX_ITEMS)
    fileErrors.push(`The file has ${records.length.toLocaleString("en-US")} rows; one batch takes at most ${MAX_ITEMS.toLocaleString("en-US")}.`);

  const rows = records.map((record, i): UploadRow => {
    const cells = emptyCells();
    columns.forEach((column, j) => {
      if (column) cells[column] = record[j] ?? "";
    });
    const parseErrors = record.length === header.length ? [] : [`has ${record.length} fields; the header has ${header.length}`];
    return { line: i + 2, cells, parseErrors };
  });
  return { columns: columns.filter((c): c is UploadColumn => c !== null), rows, fileErrors };
}

/** What the dialog keeps: the rows and their checks side by side. */
export type CheckedUpload = ParsedUpload & { checks: RowCheck[] };

export function parseAndValidate(text: string): CheckedUpload {
  const parsed = parseUploadCsv(text);
  return { ...parsed, checks: parsed.rows.map(checkRow) };
}

export function countRowsWithErrors(checks: readonly RowCheck[]): number {
  return checks.reduce((n, c) => (c.item === null ? n + 1 : n), 0);
}

/** `items[7].individual.dob` from a 400's details -> row 7, column `dob`. */
export function cellOfApiField(field: string, cells?: RowCells): { index: number; column: CellKey } | null {
  const match = /^items\[(\d+)\](?:\.(.+))?$/.exec(field);
  if (!match) return null;
  const path = match[2] ? match[2].split(".") : [];
  return { index: Number(match[1]), column: columnOfPath(path, cells) };
}

/**
 * A 400's field issues (lib/portal/shared/field-errors) on the rows and cells
 * they name; `unplaced` counts those that name no cell of the file.
 */
export function batchIssuesByRow(issues: readonly FieldIssue[], rows: readonly UploadRow[]): { placed: Map<number, RowErrors>; unplaced: number } {
  const placed = new Map<number, RowErrors>();
  let unplaced = 0;
  for (const issue of issues) {
    const cell = issue.field ? cellOfApiField(issue.field, rows[Number(/\d+/.exec(issue.field)?.[0])]?.cells) : null;
    if (!cell || !rows[cell.index]) {
      unplaced += 1;
      continue;
    }
    const errors = placed.get(cell.index) ?? {};
    (errors[cell.column] ??= []).push(issue.message);
    placed.set(cell.index, errors);
  }
  return { placed, unplaced };
}
