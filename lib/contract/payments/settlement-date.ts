import { bankLocalParts } from "@/lib/contract/time/bank-time";

/**
 * Settlement dates (decisions §5, docs/payments.md). All dates are local
 * calendar dates in bank time (Atlantic/Bermuda), `YYYY-MM-DD`. Weekends and
 * the bank's holiday list (table bank_holidays) are not business days.
 */

/**
 * ACH same-day cut-off: submissions strictly before 15:15:00 bank time settle today. The
 * bank's operators can move it (table settlement_settings, `npm run ops -- ach-cutoff set`);
 * this is the default and what the migration starts with.
 */
export const ACH_CUTOFF = { hour: 15, minute: 15 } as const;
/** SWIFT cut-off; the settlement date is one business day after the processing day. */
export const SWIFT_CUTOFF = { hour: 14, minute: 0 } as const;
/** The worker settles a payment at this bank time on its settlement date (after the ACH cut-off run). */
export const SETTLEMENT_RUN = { hour: 16, minute: 0 } as const;

const DAY_MS = 86_400_000;

export function isBusinessDay(localDate: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${localDate}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(localDate);
}

export function nextDay(localDate: string): string {
  return new Date(new Date(`${localDate}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);
}

export function nextBusinessDay(localDate: string, holidays: ReadonlySet<string>): string {
  let date = nextDay(localDate);
  // A holiday list can never block more than a few weeks; the bound turns a bad list into an error, not a hang.
  for (let i = 0; i < 60; i++, date = nextDay(date)) if (isBusinessDay(date, holidays)) return date;
  throw new Error("no business day within 60 days: check bank_holidays");
}

export type BankTimeOfDay = { hour: number; minute: number };

/** The first business day on which a submission at `now` is processed, given a cut-off. */
function processingDay(now: Date, cutoff: BankTimeOfDay, holidays: ReadonlySet<string>): string {
  const local = bankLocalParts(now);
  const beforeCutoff = local.hour < cutoff.hour || (local.hour === cutoff.hour && local.minute < cutoff.minute);
  return isBusinessDay(local.date, holidays) && beforeCutoff ? local.date : nextBusinessDay(local.date, holidays);
}

/** ACH: same day before the cut-off on a business day, otherwise the next business day (spec §4.5). */
export function achSettlementDate(now: Date, holidays: ReadonlySet<string>, cutoff: BankTimeOfDay = ACH_CUTOFF): string {
  return processingDay(now, cutoff, holidays);
}

/** SWIFT: T+1 business day after the processing day (14:00 cut-off), our documented rule. */
export function swiftSettlementDate(now: Date, holidays: ReadonlySet<string>): string {
  return nextBusinessDay(processingDay(now, SWIFT_CUTOFF, holidays), holidays);
}

/**
 * The instant of a bank-time wall clock on a local date. The offset is read
 * at noon UTC of that date, after Bermuda's 02:00 DST switch, so it is the
 * afternoon's offset.
 */
export function bankInstant(localDate: string, time: { hour: number; minute: number }): Date {
  const [year, month, day] = localDate.split("-").map(Number) as [number, number, number];
  const offsetMinutes = bankLocalParts(new Date(Date.UTC(year, month - 1, day, 12))).offsetMinutes;
  return new Date(Date.UTC(year, month - 1, day, time.hour, time.minute) - offsetMinutes * 60_000);
}

/** When the settlement task runs for a payment settling on `localDate`. */
export function settlementRunAt(localDate: string): Date {
  return bankInstant(localDate, SETTLEMENT_RUN);
}
