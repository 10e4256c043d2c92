import Papa from "papaparse";
import type { TAuditEntry } from "@/lib/contract/audit/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { FORMULA_CELL } from "@/lib/portal/accounts/accounts-export";

/** The audit log's spreadsheet, loaded when an export starts (papaparse stays out of the page's bundle). */

const json = (value: unknown) => (value === null ? "" : JSON.stringify(value));

/** One row per audit entry; the change's details as JSON text, so nothing recorded is dropped. */
const COLUMNS: ReadonlyArray<readonly [string, (e: TAuditEntry) => string]> = [
  ["audit_id", (e) => e.auditId],
  ["occurred_at", (e) => e.occurredAt],
  ["actor", (e) => e.actor],
  ["actor_email", (e) => e.actorEmail ?? ""],
  ["action", (e) => e.action],
  ["entity", (e) => e.entity],
  ["target", (e) => e.entityId],
  ["ip", (e) => e.ip ?? ""],
  ["correlation_id", (e) => e.correlationId ?? ""],
  ["data", (e) => json(e.data)],
  ["before", (e) => json(e.before)],
  ["after", (e) => json(e.after)],
  ["sealed", (e) => String(e.sealed)],
];

/** CRLF rows, RFC 4180 quoting, formula cells defused (decisions §4); the caller's Blob adds the BOM. */
export function auditToCsv(entries: readonly TAuditEntry[]): string {
  return Papa.unparse(
    { fields: COLUMNS.map(([name]) => name), data: entries.map((e) => COLUMNS.map(([, cell]) => cell(e))) },
    { escapeFormulae: FORMULA_CELL, newline: "\r\n", header: true },
  );
}

export function auditFileName(clientId: string, now: Date = new Date()): string {
  return `harbour-audit-log-${clientId.replace(/[^A-Za-z0-9_-]+/g, "-")}-${bankLocalParts(now).date}.csv`;
}
