import type { TStatementFormat, TTransactionFilters } from "@/lib/contract/ledger/schema";

/**
 * The account activity view's filters, as the portal holds them, and the API
 * paths they become (GET /v1/accounts/{n}/transactions and .../statements):
 * what is on screen and what is downloaded are the same query.
 */
export const DATE_PRESETS = ["today", "thisWeek", "lastMonth", "custom"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DATE_PRESET_LABELS: Readonly<Record<DatePreset, string>> = { today: "Today", thisWeek: "This week", lastMonth: "Last month", custom: "Custom" };

export type ActivityFilters = {
  preset: DatePreset;
  fromDate: string;
  toDate: string;
  type: "" | "Credit" | "Debit";
  minAmount: string;
  maxAmount: string;
  text: string;
};

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The range of a preset around `today` (a bank-local YYYY-MM-DD): weeks start on Monday. */
export function presetRange(preset: Exclude<DatePreset, "custom">, today: string): { fromDate: string; toDate: string } {
  const now = utc(today);
  if (preset === "today") return { fromDate: today, toDate: today };
  if (preset === "thisWeek") {
    const monday = new Date(now);
    monday.setUTCDate(now.getUTCDate() - ((now.getUTCDay() + 6) % 7));
    return { fromDate: iso(monday), toDate: today };
  }
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { fromDate: iso(first), toDate: iso(last) };
}

export function defaultFilters(today: string): ActivityFilters {
  return { preset: "thisWeek", ...presetRange("thisWeek", today), type: "", minAmount: "", maxAmount: "", text: "" };
}

/** The API's filter parameters: empty fields are left out. */
export function apiFilters(filters: ActivityFilters): TTransactionFilters {
  const out: TTransactionFilters = {};
  if (filters.fromDate) out.fromDate = filters.fromDate;
  if (filters.toDate) out.toDate = filters.toDate;
  if (filters.type) out.type = filters.type;
  if (filters.minAmount.trim()) out.minAmount = filters.minAmount.trim();
  if (filters.maxAmount.trim()) out.maxAmount = filters.maxAmount.trim();
  if (filters.text.trim()) out.text = filters.text.trim();
  return out;
}

/** The SDK's `params` of one page of the account's transactions (GET /v1/accounts/{accountNumber}/transactions). */
export function transactionsParams(accountNumber: string, filters: ActivityFilters, page: { pageStart: number; pageSize: number }) {
  return { path: { accountNumber }, query: { ...apiFilters(filters), pageStart: page.pageStart, pageSize: page.pageSize } };
}

/** The statement of exactly what is filtered, in one of the three formats (its dates are required: the page asks for both first). */
export function statementParams(accountNumber: string, filters: ActivityFilters, format: TStatementFormat) {
  return { path: { accountNumber }, query: { ...apiFilters(filters), fromDate: filters.fromDate, toDate: filters.toDate, format } };
}

/** The day before a YYYY-MM-DD date. */
export function dayBefore(day: string): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() - 1);
  return iso(date);
}

/**
 * The account's balance at the end of a day: the balance after its newest
 * posting up to then (one row of the transactions list, unfiltered).
 */
export function balanceAtEndOfParams(accountNumber: string, day: string) {
  return { path: { accountNumber }, query: { toDate: day, pageSize: 1 } };
}

export const STATEMENT_FORMAT_LABELS: Readonly<Record<TStatementFormat, string>> = { csv: "CSV", mt940: "MT940", camt053: "camt.053" };
