import { getAccountOperation, listAccountsOperation } from "@/lib/contract/accounts/operations";
import { openApiOperation } from "@/lib/contract/api/openapi-operation";
import { jwksOperation, systemTimeOperation, tokenOperation } from "@/lib/contract/system/operations";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { createSandboxDepositOperation } from "@/lib/contract/deposits/operations";
import {
  createSubscriptionOperation,
  deleteSubscriptionOperation,
  getSigningSecretOperation,
  getSubscriptionOperation,
  listSubscriptionDeliveriesOperation,
  listSubscriptionsOperation,
  retryDeliveryOperation,
  rotateSigningSecretOperation,
} from "@/lib/contract/webhooks/operations";
import {
  createAchPaymentOperation,
  createSwiftPaymentOperation,
  forcePaymentStatusOperation,
  returnPaymentOperation,
  getPaymentStatusOperation,
  listAccountPaymentsOperation,
} from "@/lib/contract/payments/operations";

import { VIRTUAL_ACCOUNT_OPERATIONS } from "@/lib/contract/virtual-accounts/operations";
import { getJobOperation, listJobResultsOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import { cancelPaymentOperation, getPaymentOperation, listPaymentsOperation } from "@/lib/contract/payments/operations";
import { APPROVAL_OPERATIONS } from "@/lib/contract/approvals/operations";
import {
  createInternalTransferOperation,
  getAccountBalancesOperation,
  getAccountStatementOperation,
  getVirtualAccountStatementOperation,
  listAccountTransactionsOperation,
  listVirtualAccountTransactionsOperation,
} from "@/lib/contract/ledger/operations";
import { listAuditLogOperation } from "@/lib/contract/audit/operations";
import { PAYMENT_RUN_OPERATIONS } from "@/lib/contract/payment-runs/operations";
import { listEventsOperation } from "@/lib/contract/events/operations";
import { endUserSessionsOperation, listOrganisationUsersOperation } from "@/lib/contract/users/operations";
import { COUNTERPARTY_OPERATIONS } from "@/lib/contract/counterparties/operations";
import { PAYMENT_TEMPLATE_OPERATIONS } from "@/lib/contract/payment-templates/operations";
import { NOTIFICATION_OPERATIONS } from "@/lib/contract/notifications/operations";
import { STANDING_ORDER_OPERATIONS } from "@/lib/contract/standing-orders/operations";

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
  returnPaymentOperation,
  cancelPaymentOperation,
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
  listPaymentsOperation,
  getPaymentOperation,
  ...APPROVAL_OPERATIONS,
  listAccountTransactionsOperation,
  getAccountStatementOperation,
  createInternalTransferOperation,
  listAuditLogOperation,
  listOrganisationUsersOperation,
  endUserSessionsOperation,
  listVirtualAccountTransactionsOperation,
  getVirtualAccountStatementOperation,
  getAccountBalancesOperation,
  ...PAYMENT_RUN_OPERATIONS,
  ...COUNTERPARTY_OPERATIONS,
  ...PAYMENT_TEMPLATE_OPERATIONS,
  listEventsOperation,
  ...NOTIFICATION_OPERATIONS,
  ...STANDING_ORDER_OPERATIONS,
];
