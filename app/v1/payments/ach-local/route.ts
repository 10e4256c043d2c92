import { endpoint } from "@/lib/server/http/endpoint";
import { createAchPayment } from "@/lib/server/payments/ach";
import { paymentContextOf } from "@/lib/server/payments/context";
import { createAchPaymentOperation } from "@/lib/contract/payments/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createAchPaymentOperation, ({ runtime, principal, request, body, statement }) =>
  statement((unit) => createAchPayment(unit, paymentContextOf(runtime, principal, request), body)),
);
