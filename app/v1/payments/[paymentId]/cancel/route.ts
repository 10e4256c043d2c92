import { endpoint } from "@/lib/server/entry/http/endpoint";
import { cancelPaymentOperation } from "@/lib/contract/payments/operations";
import { cancelScheduledPayment } from "@/lib/server/domain/payments/scheduled";

export const dynamic = "force-dynamic";

export const POST = endpoint(cancelPaymentOperation, ({ principal, params, inUnit }) =>
  inUnit((unit) => cancelScheduledPayment(unit, { paymentId: params.paymentId, scopes: principal.scopes })),
);
