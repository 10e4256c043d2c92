import { lastSchedulableDate, scheduleOf } from "@/lib/contract/payments/schedule";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { formatBankDay } from "@/lib/contract/time/date-format";

/**
 * The payment forms' "Pay on" date (docs/scheduling.md), as the form shows it: what the chosen day gives by the contract's
 * own rule (scheduleOf), so the form names the day the API will use, and the instant whose rules (cut-off, settlement)
 * apply to it. Pure: the forms pass the bank's clock (useBankNow) and the holidays.
 */
export type PayOn =
  /** The bank's clock is not known yet (before the first sync). */
  | { kind: "unknown" }
  /** Empty or today: made on submit, with today's rules. */
  | { kind: "today"; today: string; last: string }
  /** A later day: Scheduled for `executionDate` (the next business day when `requested` is not one), decided at `at`. */
  | { kind: "later"; today: string; last: string; requested: string; executionDate: string; at: Date }
  /** Before today or past the last day: the bank would refuse it. */
  | { kind: "refused"; today: string; last: string; requested: string };

export function payOnOf(requested: string, now: Date | null, holidays: ReadonlySet<string>): PayOn {
  if (!now) return { kind: "unknown" };
  const today = bankLocalParts(now).date;
  const last = lastSchedulableDate(today);
  const check = scheduleOf(requested || null, now, holidays);
  if (check.kind === "now") return { kind: "today", today, last };
  if (check.kind === "refused") return { kind: "refused", today, last, requested };
  return { kind: "later", today, last, requested, executionDate: check.executionDate, at: check.decideAt };
}

/** The instant whose rules the payment is made with: its scheduled day's run, or now. */
export function rulesInstant(payOn: PayOn, now: Date | null): Date | null {
  return payOn.kind === "later" ? payOn.at : now;
}

/** "Sat, Dec 5, 2026 is not a business day: paid Mon, Dec 7, 2026", or null when the day asked for is the day made. */
export function movedDayText(payOn: PayOn): string | null {
  if (payOn.kind !== "later" || payOn.executionDate === payOn.requested) return null;
  return `${formatBankDay(payOn.requested)} is not a business day: paid ${formatBankDay(payOn.executionDate)}`;
}
