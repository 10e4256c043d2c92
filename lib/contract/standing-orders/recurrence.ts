import * as rrule from "rrule";
import type { Options } from "rrule";

// Node's own loader (the scripts, tsx) reads rrule's CommonJS build (its package has no "exports"), whose names sit on
// the default export; bundlers and vitest read its ES module build, which has the names themselves.
const namespace: Record<string, unknown> = rrule;
const { RRule } = (namespace["default"] ?? namespace) as typeof rrule;

/**
 * When a standing order's occurrences fall (issue 21, decisions §11, docs/scheduling.md "Standing orders"). Pure and
 * browser-safe, so the portal shows the dates the API uses. Every date is a bank date (Atlantic/Bermuda), YYYY-MM-DD:
 * the recurrence is calendar arithmetic on dates alone (rrule over UTC midnights, which have no daylight-saving
 * change), and what a date means in time (its instant, its business day) is lib/contract/payments/schedule.ts'.
 */

export const FREQUENCIES = ["Weekly", "Monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export type Recurrence = { frequency: Frequency; startDate: string; endDate?: string | null; count?: number | null };

const midnight = (date: string) => new Date(`${date}T00:00:00Z`);
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The rule: Weekly on the start's weekday; Monthly on the start's day of the month, or the month's last day when the
 * month is shorter (31 Jan -> 28/29 Feb -> 31 Mar), which is rrule's "last of the days 28..d of each month" (BYSETPOS
 * -1). endDate and count each bound it when given.
 */
function ruleOf(recurrence: Recurrence): InstanceType<typeof RRule> {
  const start = midnight(recurrence.startDate);
  const options: Partial<Options> = { dtstart: start, tzid: null };
  if (recurrence.frequency === "Weekly") {
    options.freq = RRule.WEEKLY;
  } else {
    const day = start.getUTCDate();
    options.freq = RRule.MONTHLY;
    if (day > 28) {
      options.bymonthday = Array.from({ length: day - 27 }, (_, i) => 28 + i);
      options.bysetpos = -1;
    } else {
      options.bymonthday = day;
    }
  }
  if (recurrence.count) options.count = recurrence.count;
  if (recurrence.endDate) options.until = midnight(recurrence.endDate);
  return new RRule(options);
}

/** The first occurrence strictly after `date` (null: the first of all), or null when the order has no more. */
export function occurrenceAfter(recurrence: Recurrence, date: string | null): string | null {
  const rule = ruleOf(recurrence);
  const next = date === null ? rule.after(midnight(recurrence.startDate), true) : rule.after(midnight(date), false);
  return next ? dateOf(next) : null;
}

/** The first occurrence on or after `date`, or null when the order has none from then (a change moved its end before it). */
export function occurrenceOnOrAfter(recurrence: Recurrence, date: string): string | null {
  const next = ruleOf(recurrence).after(midnight(date), true);
  return next ? dateOf(next) : null;
}

/** The first `limit` occurrences (at most), in order: what the portal previews and the tests read. */
export function occurrences(recurrence: Recurrence, limit: number): string[] {
  return ruleOf(recurrence)
    .all((_: Date, i: number) => i < limit)
    .map(dateOf);
}

/** The longest instructionIdentification an order may carry: with "-YYMMDD" it fits the rails' 16 characters. */
export const MAX_ORDER_INSTRUCTION_ID = 9;

/**
 * Each occurrence's instructionIdentification, from the order's (issue 21, docs/scheduling.md "Instruction ids"): the
 * order's id, "-" and the occurrence's bank date as YYMMDD ("RENT-270131"). Deterministic and unique per occurrence
 * (an order has one occurrence per date), at most 16 characters, so the rail's 24-hour duplicate rule never refuses
 * one occurrence because of another, and a retried or re-made occurrence carries the same id.
 */
export function occurrenceInstructionId(orderId: string, occurrenceDate: string): string {
  return `${orderId}-${occurrenceDate.slice(2, 4)}${occurrenceDate.slice(5, 7)}${occurrenceDate.slice(8, 10)}`;
}
