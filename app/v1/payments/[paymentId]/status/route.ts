import { endpoint } from "@/lib/http/endpoint";
import { getPaymentStatusOperation } from "@/lib/payments/operations";
import { getPaymentStatusOrThrow } from "@/lib/payments/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentStatusOperation, ({ runtime, principal, params }) =>
  getPaymentStatusOrThrow(runtime.db, principal.clientId, params.paymentId),
);
