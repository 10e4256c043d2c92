import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getPaymentStatusOperation } from "@/lib/contract/payments/operations";
import { getPaymentStatusOrThrow } from "@/lib/server/domain/payments/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentStatusOperation, ({ runtime, principal, params }) =>
  getPaymentStatusOrThrow(runtime.db, principal.clientId, params.paymentId),
);
