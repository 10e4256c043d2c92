import type { TPaymentStatusRecord } from "@/lib/contract/payments/schema";
import { formatBankDate } from "@/lib/contract/time/date-format";

/**
 * The lifecycle as far as the status record tells it (decisions §5):
 * Pending -> Completed | Failed, Completed -> Reversed. The record carries no
 * timestamps, so the steps say what happened, not when (beyond the value date).
 */

export type TimelineStep = { key: string; label: string; detail: string; state: "done" | "current" | "failed" | "upcoming" };

export function paymentTimeline(p: Pick<TPaymentStatusRecord, "status" | "valueDate" | "executionDate" | "returnReason">): TimelineStep[] {
  const submitted: TimelineStep = { key: "submitted", label: "Submitted", detail: "Accepted by the bank; funds reserved.", state: "done" };
  const day = formatBankDate(p.executionDate ?? p.valueDate);
  switch (p.status) {
    case "Scheduled":
      return [
        { key: "scheduled", label: "Scheduled", detail: `To be made on ${day}; nothing is reserved until then.`, state: "current" },
        { key: "pending", label: "Pending", detail: `Funds checked and reserved on ${day}.`, state: "upcoming" },
        { key: "completed", label: "Completed", detail: `Settles on ${formatBankDate(p.valueDate)}.`, state: "upcoming" },
      ];
    case "Cancelled":
      return [
        { key: "scheduled", label: "Scheduled", detail: `Was to be made on ${day}.`, state: "done" },
        { key: "cancelled", label: "Cancelled", detail: "Cancelled before its day: nothing was paid or reserved.", state: "failed" },
      ];
    case "Pending":
      return [
        { ...submitted },
        { key: "pending", label: "Pending", detail: `Awaiting settlement on ${formatBankDate(p.valueDate)}.`, state: "current" },
        { key: "completed", label: "Completed", detail: `Settles on ${formatBankDate(p.valueDate)}, after 16:00 bank time.`, state: "upcoming" },
      ];
    case "Completed":
      return [
        { ...submitted },
        { key: "pending", label: "Pending", detail: "Awaited settlement.", state: "done" },
        { key: "completed", label: "Completed", detail: `Settled, value date ${formatBankDate(p.valueDate)}.`, state: "done" },
      ];
    case "Reversed":
      return [
        { ...submitted },
        { key: "pending", label: "Pending", detail: "Awaited settlement.", state: "done" },
        { key: "completed", label: "Completed", detail: `Settled, value date ${formatBankDate(p.valueDate)}.`, state: "done" },
        // A return (decisions §11) is a reversal the beneficiary's bank asked for, with its reason: say which, and why.
        p.returnReason
          ? {
              key: "reversed",
              label: "Returned",
              detail: `Returned by the beneficiary's bank: ${p.returnReason.code} ${p.returnReason.description}. The funds and any charge were credited back.`,
              state: "failed",
            }
          : { key: "reversed", label: "Reversed", detail: "The payment was reversed; the funds and any charge were returned.", state: "failed" },
      ];
    case "Failed":
      return [
        { key: "submitted", label: "Submitted", detail: "Received by the bank.", state: "done" },
        { key: "failed", label: "Failed", detail: "Not paid; any reserved funds were returned to the account.", state: "failed" },
      ];
  }
}
