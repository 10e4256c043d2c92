import { defineOperation } from "@/lib/contract/http/operation";
import {
  ZChangeStandingOrder,
  ZCreateStandingOrder,
  ZStandingOrder,
  ZStandingOrderList,
  ZStandingOrderListQuery,
  ZStandingOrderParams,
} from "@/lib/contract/standing-orders/schema";

/** Standing orders (decisions §11, docs/scheduling.md "Standing orders"). */
const tag = "Standing orders";
const access = { permission: "standing-orders" } as const;
const railRule = " Needs the order's rail permission too (payment-ach, payment-swift or payment-internal).";

export const createStandingOrderOperation = defineOperation({
  id: "createStandingOrder",
  method: "POST",
  path: "/v1/standing-orders",
  tag,
  summary: "Pay the same request Weekly or Monthly from startDate (until endDate, or count times)",
  description:
    "Each occurrence is an ordinary payment of its bank day with standingOrderId on it (Scheduled until its day, made then with the funds of that day). " +
    "The rail's rules and approval policy apply at creation: an integration's order is made at once; a person's order that a policy would " +
    "hold back is refused 403 (the portal drafts it instead: POST /v1/approvals/drafts with rail STANDING_ORDER)." +
    railRule,
  access,
  body: ZCreateStandingOrder,
  response: ZStandingOrder,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "BANK_REFERENCE_NOT_FOUND", "COUNTERPARTY_PENDING_APPROVAL", "DEDUPE_LOCK_UNAVAILABLE"],
});

export const listStandingOrdersOperation = defineOperation({
  id: "listStandingOrders",
  method: "GET",
  path: "/v1/standing-orders",
  tag,
  summary: "The client's standing orders, newest first; filter by status and rail",
  access,
  query: ZStandingOrderListQuery,
  response: ZStandingOrderList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});

export const getStandingOrderOperation = defineOperation({
  id: "getStandingOrder",
  method: "GET",
  path: "/v1/standing-orders/{standingOrderId}",
  tag,
  summary: "One standing order, with its next execution date",
  access,
  params: ZStandingOrderParams,
  response: ZStandingOrder,
  csv: true,
  errors: ["VALIDATION_ERROR", "STANDING_ORDER_NOT_FOUND"],
});

export const cancelStandingOrderOperation = defineOperation({
  id: "cancelStandingOrder",
  method: "DELETE",
  path: "/v1/standing-orders/{standingOrderId}",
  tag,
  summary: "Cancel a standing order: no further occurrence is made, and its Scheduled occurrence not yet made is Cancelled",
  description: "Payments already made are not affected. Only an Active order can be cancelled (409 otherwise)." + railRule,
  access,
  params: ZStandingOrderParams,
  response: ZStandingOrder,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "STANDING_ORDER_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
});

export const changeStandingOrderOperation = defineOperation({
  id: "changeStandingOrder",
  method: "PATCH",
  path: "/v1/standing-orders/{standingOrderId}",
  tag,
  summary: "Change an Active order's amount, payee, remittance (its request, replaced whole) or its end (endDate, count)",
  description:
    "Occurrences already made keep their terms; the occurrence still Scheduled is cancelled and made again on its day with the new terms. " +
    "The rail's approval policy applies to the new terms: an integration's change applies at once; a person's change that a policy would " +
    "hold back is refused 403 (the portal drafts it: POST /v1/approvals/drafts with rail STANDING_ORDER_CHANGE, and the order keeps its old " +
    "terms until the approval)." +
    railRule,
  access,
  params: ZStandingOrderParams,
  body: ZChangeStandingOrder,
  response: ZStandingOrder,
  csv: false,
  errors: [
    "VALIDATION_ERROR",
    "FORBIDDEN",
    "STANDING_ORDER_NOT_FOUND",
    "INVALID_STATUS_TRANSITION",
    "BANK_REFERENCE_NOT_FOUND",
    "COUNTERPARTY_PENDING_APPROVAL",
    "DEDUPE_LOCK_UNAVAILABLE",
  ],
});

export const STANDING_ORDER_OPERATIONS = [
  createStandingOrderOperation,
  listStandingOrdersOperation,
  getStandingOrderOperation,
  cancelStandingOrderOperation,
  changeStandingOrderOperation,
] as const;
