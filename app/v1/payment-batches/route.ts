import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createPaymentBatchOperation, listPaymentBatchesOperation } from "@/lib/contract/payment-runs/operations";
import { createPaymentBatch } from "@/lib/server/entry/http/payment-runs";
import { listRunsPage } from "@/lib/server/domain/payment-runs/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(createPaymentBatchOperation, createPaymentBatch);

export const GET = endpoint(listPaymentBatchesOperation, ({ runtime, principal, query, baseUrl }) =>
  listRunsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret, baseUrl),
);
