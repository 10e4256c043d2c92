import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { paymentMakerOf } from "@/lib/server/domain/audit-log/makers";
import { notify } from "@/lib/server/domain/notifications/notify";
import type { NewNotification, Recipients } from "@/lib/server/domain/notifications/repo";
import type { TEventData, TRaisedEvent } from "@/lib/contract/events/schema";
import { formatMoney } from "@/lib/contract/money-format";
import { formatBankDateTime } from "@/lib/contract/time/date-format";

/**
 * People's notifications that follow from a domain event (docs/notifications.md), derived where the event is raised
 * (lib/server/domain/events/raise.ts), in the change's transaction: no use case writes a notification of its own.
 * Most events notify no one (a payment completing, a deposit): those cost no query.
 */

/** Who, as derived from the event alone: a payment's maker is read when the event concerns someone (resolve below). */
type DerivedRecipients = Exclude<Recipients, { rule: "maker-and-treasurers" }> | { rule: "maker-and-treasurers"; paymentId: string };
type Derived = { recipients: DerivedRecipients; notification: Omit<NewNotification, "createdAt"> };

async function resolve(db: Queryable, clientId: string, recipients: DerivedRecipients): Promise<Recipients> {
  if (recipients.rule !== "maker-and-treasurers") return recipients;
  return { rule: "maker-and-treasurers", makerId: await paymentMakerOf(db, clientId, recipients.paymentId) };
}

const RAIL_NAMES: Readonly<Record<string, string>> = { VIRTUAL_ACCOUNT_BATCH: "virtual-account batch", BATCH: "payment run", INTERNAL: "internal transfer" };

/**
 * What a draft asks for, as people say it: "ACH payment of USD 1,500.00", "payment run", "virtual-account batch".
 * Amounts and times in these texts read as the portal shows them (lib/contract/money-format.ts, time/date-format.ts).
 */
export function draftWhat(rail: string, amount: { amount: string; currency: string } | null): string {
  const name = RAIL_NAMES[rail] ?? `${rail} payment`;
  return amount ? `${name} of ${formatMoney(amount.amount, amount.currency)}` : name;
}

type PaymentRef = Pick<TEventData<"PaymentStatusChanged">, "rail" | "debitAmount" | "debtorAccount" | "instructionIdentification">;

function paymentLine(data: PaymentRef): string {
  const ref = data.instructionIdentification ? ` (${data.instructionIdentification})` : "";
  return `The ${data.rail} payment of ${formatMoney(data.debitAmount.amount, data.debitAmount.currency)} from account ${data.debtorAccount}${ref}`;
}

const DRAFT_OUTCOMES: Readonly<Record<string, (d: TEventData<"ApprovalDecided">) => { title: string; body: string } | null>> = {
  Submitted: (d) => ({
    title: "Your draft was approved",
    body: `${d.decidedBy.email} approved your ${draftWhat(d.rail, d.amount)}; it was sent.`,
  }),
  Rejected: (d) => ({
    title: "Your draft was rejected",
    body: `${d.decidedBy.email} rejected your ${draftWhat(d.rail, d.amount)}${d.comment ? `: "${d.comment}"` : "."}`,
  }),
  Refused: (d) => ({
    title: "Your approved draft was refused",
    body: `Your ${draftWhat(d.rail, d.amount)} was approved by ${d.decidedBy.email}, but the bank refused to send it. Open it to see why.`,
  }),
};

function derive(event: TRaisedEvent): Derived | null {
  switch (event.topic) {
    case "ApprovalRequested": {
      const d = event.data;
      return {
        recipients: { rule: "approvers-of-draft", draftId: d.draftId },
        notification: {
          kind: "ApprovalWaiting",
          title: "A draft waits for your approval",
          body: `The ${draftWhat(d.rail, d.amount)} drafted by ${d.maker.email} needs your decision${d.expiresAt ? ` before ${formatBankDateTime(d.expiresAt)}` : ""}.`,
          link: `/approvals/${d.draftId}`,
        },
      };
    }
    case "ApprovalDecided": {
      // An approval short of the quorum leaves the draft waiting: its maker hears when it is decided.
      const outcome = DRAFT_OUTCOMES[event.data.status]?.(event.data);
      if (!outcome) return null;
      return {
        recipients: { rule: "person", email: event.data.maker.email },
        notification: { kind: "DraftOutcome", ...outcome, link: `/approvals/${event.data.draftId}` },
      };
    }
    case "PaymentStatusChanged": {
      if (event.data.to !== "Failed") return null;
      return {
        recipients: { rule: "maker-and-treasurers", paymentId: event.data.paymentId },
        notification: {
          kind: "PaymentProblem",
          title: "A payment failed",
          body: `${paymentLine(event.data)} failed.`,
          link: `/payments/${event.data.paymentId}`,
        },
      };
    }
    case "PaymentReturned": {
      const d = event.data;
      return {
        recipients: { rule: "maker-and-treasurers", paymentId: d.paymentId },
        notification: {
          kind: "PaymentProblem",
          title: "A payment was returned",
          body: `${paymentLine(d)} was returned: ${d.returnReason.code} ${d.returnReason.description}. ${formatMoney(d.creditedBack.amount, d.creditedBack.currency)} was credited back.`,
          link: `/payments/${d.paymentId}`,
        },
      };
    }
    default:
      return null;
  }
}

/** Writes the notifications `event` causes, in `db` (the transaction raising it). */
export async function notifyOfEvent(db: Queryable, clientId: string, event: TRaisedEvent, occurredAt: Date): Promise<void> {
  const derived = derive(event);
  if (derived) await notify(db, clientId, await resolve(db, clientId, derived.recipients), { ...derived.notification, createdAt: occurredAt });
}
