import { defineOperation } from "@/lib/contract/http/operation";
import { MAX_RUN_BODY_BYTES } from "@/lib/contract/payment-runs/schema";
import { ZApprovalPolicies, ZCreateDraft, ZDecide, ZDraft, ZDraftCreated, ZDraftList, ZDraftListQuery, ZDraftParams } from "@/lib/contract/approvals/schema";

/**
 * Dual control (docs/approvals.md). These operations answer only tokens the
 * portal minted for a signed-in person (403 for an integration's token): a
 * draft and an approval are people's acts. The payment routes themselves keep
 * the spec's behaviour for machine clients.
 */
const tag = "Approvals (portal)";
/** Anyone who may make one of the drafted kinds; drafting checks the rail's own permission too. */
const PAYERS = { permission: ["payment-ach", "payment-swift", "payment-internal", "create-virtual-account", "payment-batch"] } as const;

export const getApprovalPoliciesOperation = defineOperation({
  id: "getApprovalPolicies",
  method: "GET",
  path: "/v1/approvals/policies",
  tag,
  summary: "The organisation's approval policies",
  access: "authenticated",
  response: ZApprovalPolicies,
  csv: false,
  errors: ["FORBIDDEN"],
});

export const putApprovalPoliciesOperation = defineOperation({
  id: "putApprovalPolicies",
  method: "PUT",
  path: "/v1/approvals/policies",
  tag,
  summary: "Replace the organisation's approval policies (administrators; audited; waiting drafts keep theirs)",
  access: "authenticated",
  body: ZApprovalPolicies,
  response: ZApprovalPolicies,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "STEP_UP_REQUIRED"],
});

export const createPaymentDraftOperation = defineOperation({
  id: "createPaymentDraft",
  method: "POST",
  path: "/v1/approvals/drafts",
  tag,
  summary: "Draft a payment, internal transfer, virtual-account batch or payment run a policy holds back; answers needsApproval:false when none does",
  description:
    "Send the Idempotency-Key the payment form made when it opened: the draft keeps it, and the approval that completes the draft submits " +
    "the request with it, so the payment (or the batch's job) is created once. Nothing is reserved until then. `request` is the body of the " +
    "rail's own operation: POST /v1/payments/ach-local, /v1/payments/swift, /v1/payments/internal, /v2/virtual-accounts " +
    "(VIRTUAL_ACCOUNT_BATCH), or the JSON body of /v1/payment-batches (BATCH: a payment run, judged as a whole by its total per " +
    "currency, docs/payment-runs.md); the caller needs that operation's permission (a run: each of its items' rail permissions too).",
  access: PAYERS,
  body: ZCreateDraft,
  // A payment run's draft holds its whole JSON body (up to 10,000 items), as POST /v1/payment-batches takes it.
  bodyLimit: MAX_RUN_BODY_BYTES.json,
  response: ZDraftCreated,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "ACCOUNT_NOT_FOUND"],
});

export const listPaymentDraftsOperation = defineOperation({
  id: "listPaymentDrafts",
  method: "GET",
  path: "/v1/approvals/drafts",
  tag,
  summary: "The newest payment drafts (at most 200) and how many await the caller's decision",
  access: "authenticated",
  query: ZDraftListQuery,
  response: ZDraftList,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN"],
});

export const getPaymentDraftOperation = defineOperation({
  id: "getPaymentDraft",
  method: "GET",
  path: "/v1/approvals/drafts/{draftId}",
  tag,
  summary: "One draft with the quote its maker saw and, when it changed, the quote now",
  access: "authenticated",
  params: ZDraftParams,
  response: ZDraft,
  csv: false,
  errors: ["FORBIDDEN", "DRAFT_NOT_FOUND"],
});

export const approvePaymentDraftOperation = defineOperation({
  id: "approvePaymentDraft",
  method: "POST",
  path: "/v1/approvals/drafts/{draftId}/approve",
  tag,
  summary: "Approve a draft; the last approval needed submits it through the payment API with the draft's Idempotency-Key",
  access: "authenticated",
  params: ZDraftParams,
  body: ZDecide,
  response: ZDraft,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "STEP_UP_REQUIRED", "DRAFT_NOT_FOUND", "DRAFT_NOT_PENDING", "DRAFT_EXPIRED", "SERVICE_UNAVAILABLE"],
});

export const rejectPaymentDraftOperation = defineOperation({
  id: "rejectPaymentDraft",
  method: "POST",
  path: "/v1/approvals/drafts/{draftId}/reject",
  tag,
  summary: "Reject a draft with a comment",
  access: "authenticated",
  params: ZDraftParams,
  body: ZDecide,
  response: ZDraft,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "DRAFT_NOT_FOUND", "DRAFT_NOT_PENDING", "DRAFT_EXPIRED"],
});

export const redraftPaymentDraftOperation = defineOperation({
  id: "redraftPaymentDraft",
  method: "POST",
  path: "/v1/approvals/drafts/{draftId}/redraft",
  tag,
  summary: "Draft an expired, rejected or refused draft's request again, with a new key and cut-off",
  access: PAYERS,
  params: ZDraftParams,
  response: ZDraftCreated,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: ["FORBIDDEN", "DRAFT_NOT_FOUND", "DRAFT_NOT_PENDING"],
});

export const APPROVAL_OPERATIONS = [
  getApprovalPoliciesOperation,
  putApprovalPoliciesOperation,
  createPaymentDraftOperation,
  listPaymentDraftsOperation,
  getPaymentDraftOperation,
  approvePaymentDraftOperation,
  rejectPaymentDraftOperation,
  redraftPaymentDraftOperation,
] as const;
