import { endpoint } from "@/lib/server/http/endpoint";
import { getPaymentStatusOperation } from "@/lib/contract/payments/operations";
import { getPaymentStatusOrThrow } from "@/lib/server/payments/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentStatusOperation, ({ runtime, principal, params }) =>
  getPaymentStatusOrThrow(runtime.db, principal.clientId, params.paymentId),
);
