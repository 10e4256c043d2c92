import type { TPaymentStatusRecord } from "@/lib/contract/payments/schema";
import { formatBankDate } from "@/lib/portal/shared/date-format";

/**
 * The lifecycle as far as the status record tells it (decisions §5):
 * Pending -> Completed | Failed, Completed -> Reversed. The record carries no
 * timestamps, so the steps say what happened, not when (beyond the value date).
 */

export type TimelineStep = { key: string; label: string; detail: string; state: "done" | "current" | "failed" | "upcoming" };

export function paymentTimeline(p: Pick<TPaymentStatusRecord, "status" | "valueDate">): TimelineStep[] {
  const submitted: TimelineStep = { key: "submitted", label: "Submitted", detail: "Accepted by the bank; funds reserved.", state: "done" };
  switch (p.status) {
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
        { key: "reversed", label: "Reversed", detail: "The payment was reversed; the funds and any charge were returned.", state: "failed" },
      ];
    case "Failed":
      return [
        { key: "submitted", label: "Submitted", detail: "Received by the bank.", state: "done" },
        { key: "failed", label: "Failed", detail: "Not paid; any reserved funds were returned to the account.", state: "failed" },
      ];
  }
}
