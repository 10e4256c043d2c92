import { parseAmount } from "@/lib/contract/money";
import type { TApprovalPolicy, TApprovalRail, TCreateDraft } from "@/lib/contract/approvals/schema";

export type PaymentAmount = { rail: TApprovalRail; currency: string; amount: string | number };

/**
 * The policy a payment falls under, or null when it may go at once. A policy
 * holds back payments of its rail and currency at or above its threshold
 * (the boundary amount itself needs approval). Amounts compare as minor
 * units, never floats.
 */
export function matchPolicy(policies: readonly TApprovalPolicy[], payment: PaymentAmount): TApprovalPolicy | null {
  const policy = policies.find((p) => p.rail === payment.rail && p.currency === payment.currency);
  if (!policy) return null;
  return parseAmount(payment.amount, payment.currency) >= parseAmount(policy.threshold, policy.currency) ? policy : null;
}

export type DraftFacts = PaymentAmount & { debtorAccount: string; beneficiary: string };

/**
 * The facts of a payment request that a policy and an approver look at. A
 * SWIFT payment is judged in the currency and amount it names: the
 * instructed amount, or the debit amount when the debit is fixed instead.
 */
export function draftFacts(draft: TCreateDraft): DraftFacts {
  const { request } = draft;
  const common = { debtorAccount: request.debtorAccount.identification, beneficiary: request.creditorAccount.name };
  if (draft.rail === "ACH") return { ...common, rail: "ACH", currency: draft.request.instructedAmount.currency, amount: draft.request.instructedAmount.amount };
  const fixed = draft.request.debitAmount;
  const instructed = draft.request.instructedAmount;
  return fixed
    ? { ...common, rail: "SWIFT", currency: fixed.currency, amount: fixed.amount }
    : { ...common, rail: "SWIFT", currency: instructed.currency, amount: instructed.amount! };
}
