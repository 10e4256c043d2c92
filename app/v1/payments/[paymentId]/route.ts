import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getPaymentOperation } from "@/lib/contract/payments/operations";
import { getPaymentSummaryOrThrow } from "@/lib/server/domain/payments/search";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentOperation, ({ runtime, principal, params }) =>
  getPaymentSummaryOrThrow(runtime.db, principal.clientId, params.paymentId),
);
