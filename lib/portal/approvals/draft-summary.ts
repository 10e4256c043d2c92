import type { TApprovalPolicy, TDraft } from "@/lib/contract/approvals/schema";
import type { RunJudgement } from "@/lib/contract/approvals/policy";
import { formatMoney } from "@/lib/contract/money-format";

/** How the approvals queue and a draft's page name what a draft would do, per rail. */

type Summarised = Pick<TDraft, "rail" | "amount" | "debtorAccount" | "beneficiary" | "batch" | "run"> & { standingOrder?: TDraft["standingOrder"] };

const KIND: Readonly<Record<TDraft["rail"], string>> = {
  ACH: "ACH payment",
  SWIFT: "SWIFT payment",
  INTERNAL: "Transfer between accounts",
  VIRTUAL_ACCOUNT_BATCH: "Virtual-account batch",
  BATCH: "Payment run",
};

export function draftKind(draft: Pick<TDraft, "rail"> & { standingOrder?: TDraft["standingOrder"] }): string {
  // A standing order's draft is named as the order, its rail's payment being what each occurrence will be.
  if (draft.standingOrder) {
    const what = draft.rail === "INTERNAL" ? "transfer" : draft.rail;
    return draft.standingOrder.kind === "StandingOrder" ? `New ${what} standing order` : `Change of ${what === "ACH" ? "an" : "a"} ${what} standing order`;
  }
  return KIND[draft.rail];
}

const accounts = (n: number) => (n === 1 ? "1 virtual account" : `${n.toLocaleString("en-US")} virtual accounts`);

/** "USD 1,200.00 to Acme Supplies", "USD 2,500.00 from 1000123456 to 1000123460", "120 virtual accounts: 100 USD, 20 EUR". */
export function draftTitle(draft: Summarised): string {
  if (draft.run) {
    const n = draft.run.payments;
    const totals = draft.run.totals.map((t) => formatMoney(t.amount, t.currency)).join(", ");
    return `${n === 1 ? "1 payment" : `${n.toLocaleString("en-US")} payments`}: ${totals}`;
  }
  if (draft.batch) {
    const perCurrency = draft.batch.currencies.map((c) => `${c.accounts.toLocaleString("en-US")} ${c.currency}`).join(", ");
    return `${accounts(draft.batch.accounts)}: ${perCurrency}`;
  }
  const money = draft.amount ? formatMoney(draft.amount.amount, draft.amount.currency) : "";
  return draft.rail === "INTERNAL" ? `${money} from ${draft.debtorAccount} to ${draft.beneficiary}` : `${money} to ${draft.beneficiary}`;
}

/** The line under the title in the queue: the kind, and the account debited when there is one. */
export function draftSubtitle(draft: Summarised): string {
  return draft.debtorAccount && draft.rail !== "INTERNAL" ? `${draftKind(draft)} from ${draft.debtorAccount}` : draftKind(draft);
}

const EXPIRY: Readonly<Record<TDraft["rail"], string>> = {
  ACH: "the cut-off",
  SWIFT: "the cut-off",
  INTERNAL: "the end of the bank day it was drafted on",
  VIRTUAL_ACCOUNT_BATCH: "the end of the next business day",
  BATCH: "the end of the next business day",
};

/** What the maker is told right after drafting: who must approve, what waits until then, and when the draft lapses. */
export function draftedMessage(draft: Pick<TDraft, "rail" | "approvalsRequired">, expiresAt: string | null): string {
  const who = draft.approvalsRequired === 1 ? "one approval" : "two approvals from two people";
  const [what, until] =
    draft.rail === "VIRTUAL_ACCOUNT_BATCH"
      ? ["batch", "No account is created"]
      : draft.rail === "BATCH"
        ? ["payment run", "Nothing is reserved or paid"]
        : draft.rail === "INTERNAL"
          ? ["transfer", "Nothing moves"]
          : ["payment", "Nothing is reserved or paid"];
  const lapse = expiresAt ? `; if not approved by ${expiryReason(draft)}, ${expiresAt}, it expires` : "";
  return `Your organisation needs ${who} for this ${what}. ${until} until then${lapse}.`;
}

/** Why a draft expires when it does (docs/approvals.md). */
export function expiryReason(draft: Pick<TDraft, "rail">): string {
  return EXPIRY[draft.rail];
}

/** Before submit, when a policy holds the payment back: who must approve, and that nothing is paid until then. */
export function approvalForecast(policy: Pick<TApprovalPolicy, "rail" | "currency" | "threshold" | "approvers">): string {
  const who = policy.approvers === 1 ? "one approval" : "two approvals from two people";
  const what = policy.rail === "INTERNAL" ? "transfers" : `${policy.rail} payments`;
  const nothing = policy.rail === "INTERNAL" ? "nothing moves" : "nothing is reserved or paid";
  return `Needs approval: your organisation requires ${who} for ${what} of ${formatMoney(policy.threshold, policy.currency)} or more. Submitting saves a draft for an approver; ${nothing} until it is approved.`;
}

/** Before a payment run is sent: that it will wait for approval as one draft, or why it cannot be sent as it stands; null when it goes at once. */
export function runApprovalForecast(judgement: RunJudgement, payments: number): string | null {
  const { policy, uncovered } = judgement;
  if (uncovered.payments > 0) {
    const which = uncovered.payments === 1 ? "1 payment" : `${uncovered.payments.toLocaleString("en-US")} payments`;
    return (
      `Cannot be sent as it stands: your organisation's policy needs approval for ${which} of this run's ${payments.toLocaleString("en-US")}, ` +
      `and it has no payment-run approval policy in ${uncovered.currencies.join(", ")}. Ask an administrator for one, or drop those rows and draft them one by one.`
    );
  }
  if (!policy) return null;
  const who = policy.approvers === 1 ? "one approval" : "two approvals from two people";
  return `Needs approval: your organisation requires ${who} for this run. Sending saves it as one draft for an approver; nothing is reserved or paid until it is approved.`;
}
