import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getPaymentBatchOperation } from "@/lib/contract/payment-runs/operations";
import { getRunSummary } from "@/lib/server/domain/payment-runs/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentBatchOperation, ({ runtime, principal, params, baseUrl }) =>
  getRunSummary(runtime.db, principal.clientId, params.batchId, baseUrl),
);
