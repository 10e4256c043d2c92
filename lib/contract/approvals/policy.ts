import { formatAmount, parseAmount } from "@/lib/contract/money";
import {
  thresholdIsCount,
  type TApprovalPolicy,
  type TApprovalRail,
  type TBatchSummary,
  type TPaymentDraftInput,
  type TPolicyRail,
  type TRunDraftSummary,
} from "@/lib/contract/approvals/schema";
import { totalsByCurrency, type TPaymentRunItem } from "@/lib/contract/payment-runs/schema";

/** The rails whose drafts are one payment (a run is judged as a whole by judgeRun, a virtual-account batch by its accounts). */
export type MoneyRail = Exclude<TApprovalRail, "VIRTUAL_ACCOUNT_BATCH" | "BATCH">;

/** What a policy measures: the amount of a payment or transfer, or the accounts a virtual-account batch creates per currency. */
export type PaymentAmount = { rail: MoneyRail; currency: string; amount: string | number };
export type BatchCount = { rail: "VIRTUAL_ACCOUNT_BATCH"; accounts: Readonly<Record<string, number>> };
/** A payment run, judged as a whole by judgeRun. */
export type RunSubject = { rail: "BATCH"; items: readonly TPaymentRunItem[] };
export type PolicySubject = PaymentAmount | BatchCount | RunSubject;

/**
 * The policy a payment or batch falls under, or null when it may go at once.
 * A money policy holds back payments of its rail and currency at or above its
 * threshold (the boundary amount itself needs approval); amounts compare as
 * minor units, never floats. A virtual-account batch moves no money, so its
 * policy for currency C holds back a batch creating at least `threshold`
 * accounts in C ("0": every batch, whatever its currencies). When several of
 * a batch's currencies match, the policy asking for more approvers wins.
 */
export function matchPolicy(policies: readonly TApprovalPolicy[], subject: PolicySubject): TApprovalPolicy | null {
  if (subject.rail === "BATCH") return judgeRun(policies, subject.items).policy;
  if (subject.rail === "VIRTUAL_ACCOUNT_BATCH") {
    const matching = policies.filter((p) => p.rail === subject.rail && (subject.accounts[p.currency] ?? 0) >= Number(p.threshold));
    return strictest(matching);
  }
  const policy = policies.find((p) => p.rail === subject.rail && p.currency === subject.currency);
  if (!policy) return null;
  return parseAmount(subject.amount, subject.currency) >= parseAmount(policy.threshold, policy.currency) ? policy : null;
}

/** A threshold as stored (approval_policies.threshold_minor): minor units of money, or a count of accounts; a payee policy has none. */
export function storedThreshold(policy: Pick<TApprovalPolicy, "rail" | "currency" | "threshold">): bigint {
  if (policy.rail === "COUNTERPARTY") return 0n;
  return thresholdIsCount(policy.rail) ? BigInt(policy.threshold) : parseAmount(policy.threshold, policy.currency);
}

/** The stored threshold as the API shows it. */
export function thresholdText(rail: TPolicyRail, stored: bigint, currency: string): string {
  if (rail === "COUNTERPARTY") return "0";
  return thresholdIsCount(rail) ? stored.toString() : formatAmount(stored, currency);
}

/**
 * The payee policy (issue 21): any policy on rail COUNTERPARTY, whatever its currency, holds back every
 * new payee and every change of a payee's account, bank or BIC; when several exist the strictest counts.
 */
export function payeePolicy(policies: readonly TApprovalPolicy[]): TApprovalPolicy | null {
  return strictest(policies.filter((p) => p.rail === "COUNTERPARTY"));
}

/**
 * A draft's rail and request, each variant kept whole (a plain Pick would mix
 * the rails' requests). A batch is counted from its items' currencies alone,
 * so a v1 batch (POST /v1/virtual-accounts) is judged like the v2 one the portal drafts.
 */
export type DraftRequest =
  | (TPaymentDraftInput extends infer T ? (T extends { rail: unknown; request: unknown } ? Pick<T, "rail" | "request"> : never) : never)
  | { rail: "VIRTUAL_ACCOUNT_BATCH"; request: { items: readonly { currency: string }[] } };

export type DraftFacts =
  | (PaymentAmount & { debtorAccount: string; beneficiary: string })
  | (BatchCount & { batch: TBatchSummary; debtorAccount: null; beneficiary: null })
  | (RunSubject & { run: TRunDraftSummary; debtorAccount: null; beneficiary: null });

/** The accounts a batch creates, in all and per currency (currencies in order of first appearance). */
export function batchSummary(items: readonly { currency: string }[]): TBatchSummary {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.currency, (counts.get(item.currency) ?? 0) + 1);
  return { accounts: items.length, currencies: [...counts].map(([currency, accounts]) => ({ currency, accounts })) };
}

/** Who a payment goes to, as an approver reads it: the creditor's name, or the payee it names (resolved by the server before it matters). */
function payeeName(request: { creditorAccount?: { name: string }; counterpartyId?: string | null }): string {
  return request.creditorAccount?.name ?? `Payee ${request.counterpartyId}`;
}

/**
 * The facts of a request that a policy and an approver look at. A SWIFT
 * payment is judged in the currency and amount it names: the instructed
 * amount, or the debit amount when the debit is fixed instead. An internal
 * transfer is judged in its instructed amount (the debtor account's
 * currency); its "beneficiary" is the account credited.
 */
export function draftFacts(draft: DraftRequest): DraftFacts {
  switch (draft.rail) {
    case "BATCH":
      return { rail: "BATCH", items: draft.request.items, run: runDraftSummary(draft.request.items), debtorAccount: null, beneficiary: null };
    case "VIRTUAL_ACCOUNT_BATCH": {
      const batch = batchSummary(draft.request.items);
      const accounts = Object.fromEntries(batch.currencies.map((c) => [c.currency, c.accounts]));
      return { rail: draft.rail, accounts, batch, debtorAccount: null, beneficiary: null };
    }
    case "INTERNAL": {
      const { request } = draft;
      return {
        rail: "INTERNAL",
        currency: request.instructedAmount.currency,
        amount: request.instructedAmount.amount,
        debtorAccount: request.debtorAccount.identification,
        beneficiary: request.creditorAccount.identification,
      };
    }
    case "ACH": {
      const { request } = draft;
      const common = { debtorAccount: request.debtorAccount.identification, beneficiary: payeeName(request) };
      return { ...common, rail: "ACH", currency: request.instructedAmount.currency, amount: request.instructedAmount.amount };
    }
    case "SWIFT": {
      const { request } = draft;
      const common = { debtorAccount: request.debtorAccount.identification, beneficiary: payeeName(request) };
      const fixed = request.debitAmount;
      const instructed = request.instructedAmount;
      return fixed
        ? { ...common, rail: "SWIFT", currency: fixed.currency, amount: fixed.amount }
        : { ...common, rail: "SWIFT", currency: instructed.currency, amount: instructed.amount! };
    }
  }
}

/** A payment run as an approver reads it: how many payments, and the total per currency. */
export function runDraftSummary(items: readonly TPaymentRunItem[]): TRunDraftSummary {
  return { payments: items.length, totals: totalsByCurrency(items) };
}

/** How a person's payment run stands against the organisation's policies (judgeRun). */
export type RunJudgement = {
  /** The policy the run waits for as one draft (the strictest of those that apply), or null when it may go at once. */
  policy: TApprovalPolicy | null;
  /** Payments their own rail's policy holds back in currencies no BATCH policy covers: such a run cannot be drafted as a whole. */
  uncovered: { payments: number; currencies: string[] };
};

const strictest = (policies: Iterable<TApprovalPolicy>) =>
  [...policies].reduce<TApprovalPolicy | null>((s, p) => (s && s.approvers >= p.approvers ? s : p), null);

/**
 * A person's payment run is judged as a whole (docs/payment-runs.md, "Approvals"). The BATCH policy
 * of a currency holds the run back when the run's total in that currency reaches its threshold, and
 * covers that currency's payments: one its own rail's policy (ACH, SWIFT, INTERNAL) would hold back
 * also sends the whole run for approval, never around it. Such a payment in a currency without a
 * BATCH policy cannot be approved as part of a run: `uncovered` counts them (the run is refused).
 * The draft needs as many approvers as the strictest policy that applied.
 */
export function judgeRun(policies: readonly TApprovalPolicy[], items: readonly TPaymentRunItem[]): RunJudgement {
  const byCurrency = new Map(policies.filter((p) => p.rail === "BATCH").map((p) => [p.currency, p]));
  const applying = new Set<TApprovalPolicy>();
  for (const total of totalsByCurrency(items)) {
    const policy = byCurrency.get(total.currency);
    if (policy && parseAmount(total.amount, total.currency) >= parseAmount(policy.threshold, policy.currency)) applying.add(policy);
  }
  const uncovered = new Set<string>();
  let payments = 0;
  for (const item of items) {
    const facts = draftFacts(item) as PaymentAmount;
    const own = matchPolicy(policies, facts);
    if (!own) continue;
    const cover = byCurrency.get(facts.currency);
    if (cover) {
      applying.add(cover).add(own);
    } else {
      payments += 1;
      uncovered.add(facts.currency);
    }
  }
  return { policy: strictest(applying), uncovered: { payments, currencies: [...uncovered].sort() } };
}
