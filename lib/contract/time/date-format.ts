import { BANK_TIME_ZONE } from "@/lib/contract/time/bank-time";

/** Dates are shown in the bank's zone, the one its cut-offs and statements use. */
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: BANK_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});
const ZONE = new Intl.DateTimeFormat("en-US", { timeZone: BANK_TIME_ZONE, timeZoneName: "short" });

export function formatBankDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = ZONE.formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? "";
  return `${DATE_TIME.format(date)} ${zone}`.trim();
}

const TIME = new Intl.DateTimeFormat("en-US", { timeZone: BANK_TIME_ZONE, timeStyle: "short" });

/** A time of day in bank time, 12-hour with its zone: `3:15 PM AST` (summer: ADT). One style everywhere (issue 24). */
export function formatBankTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) return "";
  const zone = ZONE.formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "";
  return `${TIME.format(instant)} ${zone}`.trim();
}

/** A calendar date (`2026-11-25`, already a bank-local date) in the same style: `Nov 25, 2026`. */
const DATE_ONLY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });

export function formatBankDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : DATE_ONLY.format(date);
}

const DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** A calendar date with its weekday, where the weekday is the point (a day that is not a business day): `Sat, Dec 5, 2026`. */
export function formatBankDay(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : DAY.format(date);
}

/** How long something has waited or been silent: `45 s`, `12 min`, `3 h 05 min`, `2 d 4 h`. */
export function formatWaited(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}
