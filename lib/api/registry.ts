import { getAccountOperation, listAccountsOperation } from "@/lib/accounts/operations";
import { openApiOperation } from "@/lib/api/openapi-operation";
import { jwksOperation, systemTimeOperation, tokenOperation } from "@/lib/system/operations";
import type { OperationSpec } from "@/lib/http/operation";
import { createSandboxDepositOperation } from "@/lib/deposits/operations";
import {
  createSubscriptionOperation,
  deleteSubscriptionOperation,
  getSigningSecretOperation,
  getSubscriptionOperation,
  listSubscriptionDeliveriesOperation,
  listSubscriptionsOperation,
  retryDeliveryOperation,
  rotateSigningSecretOperation,
} from "@/lib/webhooks/operations";
import {
  createAchPaymentOperation,
  createSwiftPaymentOperation,
  forcePaymentStatusOperation,
  getPaymentStatusOperation,
  listAccountPaymentsOperation,
} from "@/lib/payments/operations";

import { VIRTUAL_ACCOUNT_OPERATIONS } from "@/lib/virtual-accounts/operations";
import { getJobOperation, listJobResultsOperation } from "@/lib/virtual-accounts/jobs/operations";

/** Every operation the API serves; the OpenAPI document is built from this list. */
export const OPERATIONS: readonly OperationSpec[] = [
  tokenOperation,
  jwksOperation,
  systemTimeOperation,
  listAccountsOperation,
  getAccountOperation,
  openApiOperation,
  createAchPaymentOperation,
  createSwiftPaymentOperation,
  getPaymentStatusOperation,
  listAccountPaymentsOperation,
  forcePaymentStatusOperation,
  createSubscriptionOperation,
  listSubscriptionsOperation,
  getSubscriptionOperation,
  deleteSubscriptionOperation,
  listSubscriptionDeliveriesOperation,
  retryDeliveryOperation,
  getSigningSecretOperation,
  rotateSigningSecretOperation,
  createSandboxDepositOperation,
  ...VIRTUAL_ACCOUNT_OPERATIONS,
  getJobOperation,
  listJobResultsOperation,
];
