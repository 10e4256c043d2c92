import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { MAX_SCHEDULE_DAYS } from "@/lib/contract/payments/schema";
import { bankInstant, isBusinessDay, nextBusinessDay } from "@/lib/contract/payments/settlement-date";

/**
 * Scheduled payments (decisions §11, docs/scheduling.md): what a requestedExecutionDate means at a given time. Pure and
 * browser-safe, so the portal's date picker shows the day the API will use. Dates are bank dates (Atlantic/Bermuda).
 */

/**
 * The bank time whose rules a scheduled payment is decided with on its day: the worker makes the day's payments from
 * the start of the bank day, before every cut-off; 06:00 is after Bermuda's 02:00 daylight-saving switch, so the
 * instant always falls on the day itself.
 */
export const SCHEDULED_RUN = { hour: 6, minute: 0 } as const;

/** The bank day a payment asked for `requested` is made on: that day when it is a business day, else the next one. */
export function executionDateOf(requested: string, holidays: ReadonlySet<string>): string {
  return isBusinessDay(requested, holidays) ? requested : nextBusinessDay(requested, holidays);
}

/** The last bank date a payment may be asked for, MAX_SCHEDULE_DAYS after `today`. */
export function lastSchedulableDate(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + MAX_SCHEDULE_DAYS * 86_400_000).toISOString().slice(0, 10);
}

export type ScheduleCheck = { kind: "now" } | { kind: "later"; executionDate: string; decideAt: Date } | { kind: "refused"; message: string };

/**
 * What a request's date means at `now`: absent or today, the payment is made now; a later day up to a year ahead, it
 * is Scheduled for its execution date (decided with that day's rules, at SCHEDULED_RUN); an earlier day is refused,
 * unless `lateAllowed` (a draft approved after its day, or the worker making a payment that waited for a holiday):
 * then it is made now.
 */
export function scheduleOf(requested: string | null | undefined, now: Date, holidays: ReadonlySet<string>, lateAllowed = false): ScheduleCheck {
  if (!requested) return { kind: "now" };
  const today = bankLocalParts(now).date;
  if (requested < today) {
    return lateAllowed ? { kind: "now" } : { kind: "refused", message: `requestedExecutionDate must be today (${today}) or later, in bank time.` };
  }
  if (requested === today) return { kind: "now" };
  const last = lastSchedulableDate(today);
  if (requested > last) return { kind: "refused", message: `requestedExecutionDate must be at most ${last} (${MAX_SCHEDULE_DAYS} days ahead).` };
  const executionDate = executionDateOf(requested, holidays);
  return { kind: "later", executionDate, decideAt: bankInstant(executionDate, SCHEDULED_RUN) };
}
