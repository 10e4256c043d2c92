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
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import type { TApprovalRail } from "@/lib/contract/approvals/schema";

const DAY_MS = 86_400_000;

/** settlementDate is null for a virtual-account batch: it settles nothing. */
export type DraftTiming = { settlementDate: string | null; expiresAt: Date };

/**
 * The settlement date a draft is made for, and the instant it can no longer
 * make it: the rail's cut-off (bank time, Atlantic/Bermuda, through the
 * settlement calendar, so daylight saving and holidays are exact) on the
 * day the payment must be processed. "Next business day" aims one business
 * day later, so the draft lives until that day's cut-off.
 *
 * Two rails have no cut-off. An internal transfer is booked at once with the
 * bank date it is made on as its value date, so its draft holds until the end
 * of that bank day (midnight, Atlantic/Bermuda): approved later, it would be a
 * transfer of another day, which the maker re-drafts in one click. A
 * virtual-account batch settles nothing; its draft gives approvers the whole
 * of the next business day, ending at midnight after it (a batch drafted late
 * on Friday lives until Monday is over). A payment run's draft lives as long:
 * each of its payments takes its own settlement date when the approval makes it.
 */
export function draftTiming(
  rail: TApprovalRail,
  createdAt: Date,
  nextDay: boolean,
  holidays: ReadonlySet<string>,
  achCutoff: BankTimeOfDay = ACH_CUTOFF,
): DraftTiming {
  if (rail === "INTERNAL") {
    const today = bankLocalParts(createdAt).date;
    return { settlementDate: today, expiresAt: endOfBankDay(today) };
  }
  if (rail === "VIRTUAL_ACCOUNT_BATCH" || rail === "BATCH") {
    return { settlementDate: null, expiresAt: endOfBankDay(nextBusinessDay(bankLocalParts(createdAt).date, holidays)) };
  }
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

/**
 * A standing order's draft (issue 21): the approvers have until the end of the next business day, as for a batch, and
 * a new order's draft no later than the end of its first occurrence's day (approved later, its start would be past:
 * re-drafted in one click). `settlementDate` is the bank day the approval's first payment would be made.
 */
export function standingOrderDraftTiming(createdAt: Date, holidays: ReadonlySet<string>, firstExecution: string, startDate: string | null): DraftTiming {
  const lastDay = nextBusinessDay(bankLocalParts(createdAt).date, holidays);
  return { settlementDate: firstExecution, expiresAt: endOfBankDay(startDate !== null && startDate < lastDay ? startDate : lastDay) };
}

/**
 * Midnight ending a bank date. Written as 24:00 of that date, so the offset is
 * the one of that date's afternoon: midnight comes before the 02:00 daylight
 * saving switch of the next day.
 */
function endOfBankDay(localDate: string): Date {
  return bankInstant(localDate, { hour: 24, minute: 0 });
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
