import Papa from "papaparse";
import type { ReadAccount } from "@/lib/portal/accounts/accounts-api";
import { flattenRecord } from "@/lib/contract/csv";
import { bankLocalParts } from "@/lib/contract/time/bank-time";

/**
 * The reconciliation CSV: one row per account. Account fields keep the API's
 * own column names (decisions §4) minus the list's `data_<i>_` prefix; each
 * attribute gets a column of its own name (`CREDIT_INTEREST_RATE`,
 * `JOINT_CIF`), since attribute positions differ between accounts. Each row
 * says when its balance was read (`balance_as_of`) and when the file was made
 * (`exported_at`).
 */

export type CsvTable = { columns: string[]; rows: string[][] };

/**
 * Accounts differ in shape (a joint account has a second owner, attribute
 * lists vary), so the header is the union of every account's columns. A
 * column first seen on a later account goes right after its neighbour in that
 * account, keeping `owners_1_*` beside `owners_0_*` instead of at the end.
 */
function mergeColumns(records: ReadonlyArray<ReadonlyArray<readonly [string, string]>>): string[] {
  const merged: string[] = [];
  const known = new Set<string>();
  for (const pairs of records) {
    let previous: string | null = null;
    for (const [column] of pairs) {
      if (!known.has(column)) {
        const at = previous === null ? 0 : merged.indexOf(previous) + 1;
        merged.splice(at, 0, column);
        known.add(column);
      }
      previous = column;
    }
  }
  return merged;
}

/** Attribute values are text or numbers (spec §2.1); a number keeps its JSON spelling. */
const attributeCell = (value: unknown) => (value === null || value === undefined ? "" : String(value));

function accountRecord({ account, balanceAsOf }: ReadAccount, exportedAt: string): Array<readonly [string, string]> {
  const { accountAttributes, ...fields } = account;
  const pairs: Array<readonly [string, string]> = [];
  for (const pair of flattenRecord(fields)) {
    pairs.push(pair);
    if (pair[0] === "available_balance_amount") pairs.push(["balance_as_of", balanceAsOf]);
  }
  for (const attribute of accountAttributes) pairs.push([attribute.name, attributeCell(attribute.value)]);
  pairs.push(["exported_at", exportedAt]);
  return pairs;
}

export function accountsToTable(accounts: readonly ReadAccount[], exportedAt: string): CsvTable {
  const records = accounts.map((read) => accountRecord(read, exportedAt));
  const columns = mergeColumns(records);
  const rows = records.map((pairs) => {
    const cells = new Map(pairs);
    return columns.map((column) => cells.get(column) ?? "");
  });
  return { columns, rows };
}

/**
 * A cell starting with = + - @ tab or CR is a formula to a spreadsheet; it
 * gets a leading `'`, unless the whole cell is a plain number such as
 * `-12.50` (the API's rule, decisions §4), which must stay a number.
 */
export const FORMULA_CELL = /^(?![+-]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

export function accountsToCsv(accounts: readonly ReadAccount[], exportedAt: string = new Date().toISOString()): string {
  const { columns, rows } = accountsToTable(accounts, exportedAt);
  // Amounts are strings from the API and stay strings: nothing is re-parsed as a float.
  return Papa.unparse({ fields: columns, data: rows }, { escapeFormulae: FORMULA_CELL, newline: "\r\n", header: true });
}

/** `harbour-accounts-acme-2026-03-14.csv`: dated in the bank's time zone, like its statements. */
export function exportFileName(clientId: string, now: Date = new Date()): string {
  const safeClient = clientId.replace(/[^A-Za-z0-9_-]+/g, "-");
  return `harbour-accounts-${safeClient}-${bankLocalParts(now).date}.csv`;
}
