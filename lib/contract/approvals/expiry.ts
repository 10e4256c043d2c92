import {
  ACH_CUTOFF,
  achSettlementDate,
  bankInstant,
  isBusinessDay,
  nextBusinessDay,
  SWIFT_CUTOFF,
  swiftSettlementDate,
  type BankTimeOfDay,
} from "@/lib/contract/payments/settlement-date";
import type { TApprovalRail } from "@/lib/contract/approvals/schema";

const DAY_MS = 86_400_000;

export type DraftTiming = { settlementDate: string; expiresAt: Date };

/**
 * The settlement date a draft is made for, and the instant it can no longer
 * make it: the rail's cut-off (bank time, Atlantic/Bermuda, through the
 * settlement calendar, so daylight saving and holidays are exact) on the
 * day the payment must be processed. "Next business day" aims one business
 * day later, so the draft lives until that day's cut-off.
 */
export function draftTiming(
  rail: TApprovalRail,
  createdAt: Date,
  nextDay: boolean,
  holidays: ReadonlySet<string>,
  achCutoff: BankTimeOfDay = ACH_CUTOFF,
): DraftTiming {
  if (rail === "ACH") {
    const today = achSettlementDate(createdAt, holidays, achCutoff);
    const settlementDate = nextDay ? nextBusinessDay(today, holidays) : today;
    return { settlementDate, expiresAt: bankInstant(settlementDate, achCutoff) };
  }
  // SWIFT settles one business day after its processing day, whose 14:00 cut-off the draft must make.
  const first = swiftSettlementDate(createdAt, holidays);
  const settlementDate = nextDay ? nextBusinessDay(first, holidays) : first;
  const processingDay = previousBusinessDay(settlementDate, holidays);
  return { settlementDate, expiresAt: bankInstant(processingDay, SWIFT_CUTOFF) };
}

/** The business day before a date (the inverse of nextBusinessDay on business days). */
function previousBusinessDay(localDate: string, holidays: ReadonlySet<string>): string {
  let date = localDate;
  for (let i = 0; i < 60; i++) {
    date = new Date(new Date(`${date}T00:00:00Z`).getTime() - DAY_MS).toISOString().slice(0, 10);
    if (isBusinessDay(date, holidays)) return date;
  }
  throw new Error("no business day within 60 days: check bank_holidays");
}
