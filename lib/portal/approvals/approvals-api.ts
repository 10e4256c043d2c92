import {
  approvePaymentDraftOperation,
  createPaymentDraftOperation,
  getApprovalPoliciesOperation,
  getPaymentDraftOperation,
  listPaymentDraftsOperation,
  putApprovalPoliciesOperation,
  redraftPaymentDraftOperation,
  rejectPaymentDraftOperation,
} from "@/lib/contract/approvals/operations";
import type { TApprovalPolicies, TApprovalRail, TDraft, TDraftList } from "@/lib/contract/approvals/schema";
import { ApiRequestError, apiJson, formBody } from "@/lib/portal/shared/api-client";

/** Dual control as the portal calls it (/v1/approvals, docs/approvals.md). */

export type DraftOutcome = { draft: TDraft | null; needsApproval: boolean };

/**
 * Asks whether the organisation's policy holds this payment back; if it
 * does, the answer is the new draft (made with the form's Idempotency-Key,
 * so a retried click drafts once), otherwise the form submits the payment.
 */
export async function draftIfRequired(rail: TApprovalRail, request: unknown, idempotencyKey: string, signal?: AbortSignal): Promise<DraftOutcome> {
  try {
    return await apiJson(createPaymentDraftOperation, {
      body: formBody(createPaymentDraftOperation, { rail, request }),
      params: { header: { "Idempotency-Key": idempotencyKey } },
      signal,
    });
  } catch (error) {
    // The form's controls are named as the payment request's fields: `request.creditorAccount.name` is `creditorAccount.name`.
    if (error instanceof ApiRequestError && error.body.field?.startsWith("request.")) {
      throw new ApiRequestError(error.status, { ...error.body, field: error.body.field.slice("request.".length) });
    }
    throw error;
  }
}

export function fetchDrafts(signal?: AbortSignal): Promise<TDraftList> {
  return apiJson(listPaymentDraftsOperation, { signal });
}

export function fetchDraft(draftId: string, signal?: AbortSignal): Promise<TDraft> {
  return apiJson(getPaymentDraftOperation, { params: { path: { draftId } }, signal });
}

export function decideDraft(draftId: string, decision: "approve" | "reject", comment: string): Promise<TDraft> {
  const operation = decision === "approve" ? approvePaymentDraftOperation : rejectPaymentDraftOperation;
  return apiJson(operation, { params: { path: { draftId } }, body: comment.trim() ? { comment: comment.trim() } : {} });
}

export function redraftDraft(draftId: string, idempotencyKey: string): Promise<DraftOutcome> {
  return apiJson(redraftPaymentDraftOperation, { params: { path: { draftId }, header: { "Idempotency-Key": idempotencyKey } } });
}

export function fetchPolicies(signal?: AbortSignal): Promise<TApprovalPolicies> {
  return apiJson(getApprovalPoliciesOperation, { signal });
}

/** Replaces the whole set (administrators; asks for the second factor again after five minutes). */
export function savePolicies(body: TApprovalPolicies): Promise<TApprovalPolicies> {
  return apiJson(putApprovalPoliciesOperation, { body });
}
