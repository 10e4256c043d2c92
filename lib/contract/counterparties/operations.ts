import { defineOperation } from "@/lib/contract/http/operation";
import {
  ZCounterparty,
  ZCounterpartyDecision,
  ZCounterpartyList,
  ZCounterpartyListQuery,
  ZCounterpartyParams,
  ZCreateCounterparty,
  ZUpdateCounterparty,
} from "@/lib/contract/counterparties/schema";

/** Payees (decisions §11, docs/payees-and-schedules.md). */
const tag = "Payees";
const access = { permission: "counterparties" } as const;

export const createCounterpartyOperation = defineOperation({
  id: "createCounterparty",
  method: "POST",
  path: "/v1/counterparties",
  tag,
  summary: "Add a payee (ACH: account, configured bank code and currency; SWIFT: account or IBAN, BIC, optional intermediary and address)",
  description:
    "With an approval policy on rail COUNTERPARTY the payee is `PendingApproval` until another person approves it " +
    "(POST /v1/counterparties/{counterpartyId}/approve); it cannot be paid meanwhile.",
  access,
  body: ZCreateCounterparty,
  response: ZCounterparty,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: ["VALIDATION_ERROR", "BANK_REFERENCE_NOT_FOUND"],
});

export const listCounterpartiesOperation = defineOperation({
  id: "listCounterparties",
  method: "GET",
  path: "/v1/counterparties",
  tag,
  summary: "The client's payees (not deleted), newest first; filter by part of the name or account, rail and status",
  access,
  query: ZCounterpartyListQuery,
  response: ZCounterpartyList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});

export const getCounterpartyOperation = defineOperation({
  id: "getCounterparty",
  method: "GET",
  path: "/v1/counterparties/{counterpartyId}",
  tag,
  summary: "One payee, deleted ones included (payments that used it still name it)",
  access,
  params: ZCounterpartyParams,
  response: ZCounterparty,
  csv: true,
  errors: ["VALIDATION_ERROR", "COUNTERPARTY_NOT_FOUND"],
});

export const updateCounterpartyOperation = defineOperation({
  id: "updateCounterparty",
  method: "PATCH",
  path: "/v1/counterparties/{counterpartyId}",
  tag,
  summary: "Change a payee; with a COUNTERPARTY policy a change of account, bank or BIC waits for another person's approval",
  access,
  params: ZCounterpartyParams,
  body: ZUpdateCounterparty,
  response: ZCounterparty,
  csv: false,
  errors: ["VALIDATION_ERROR", "BANK_REFERENCE_NOT_FOUND", "COUNTERPARTY_NOT_FOUND"],
});

export const deleteCounterpartyOperation = defineOperation({
  id: "deleteCounterparty",
  method: "DELETE",
  path: "/v1/counterparties/{counterpartyId}",
  tag,
  summary: "Delete a payee (kept, status Deleted, for the payments that used it)",
  access,
  params: ZCounterpartyParams,
  response: ZCounterparty,
  csv: false,
  errors: ["VALIDATION_ERROR", "COUNTERPARTY_NOT_FOUND"],
});

export const approveCounterpartyOperation = defineOperation({
  id: "approveCounterparty",
  method: "POST",
  path: "/v1/counterparties/{counterpartyId}/approve",
  tag,
  summary: "Approve a new payee or a payee's change (a portal approver or administrator other than the requester; step-up)",
  access,
  params: ZCounterpartyParams,
  body: ZCounterpartyDecision,
  response: ZCounterparty,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "STEP_UP_REQUIRED", "COUNTERPARTY_NOT_FOUND", "COUNTERPARTY_NOT_PENDING"],
});

export const rejectCounterpartyOperation = defineOperation({
  id: "rejectCounterparty",
  method: "POST",
  path: "/v1/counterparties/{counterpartyId}/reject",
  tag,
  summary: "Reject a new payee (it is deleted) or a payee's change (the payee keeps its details)",
  access,
  params: ZCounterpartyParams,
  body: ZCounterpartyDecision,
  response: ZCounterparty,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "COUNTERPARTY_NOT_FOUND", "COUNTERPARTY_NOT_PENDING"],
});

export const COUNTERPARTY_OPERATIONS = [
  createCounterpartyOperation,
  listCounterpartiesOperation,
  getCounterpartyOperation,
  updateCounterpartyOperation,
  deleteCounterpartyOperation,
  approveCounterpartyOperation,
  rejectCounterpartyOperation,
] as const;
