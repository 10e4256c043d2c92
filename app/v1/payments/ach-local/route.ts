import { endpoint } from "@/lib/http/endpoint";
import { createAchPayment } from "@/lib/payments/ach";
import { paymentContextOf } from "@/lib/payments/context";
import { createAchPaymentOperation } from "@/lib/payments/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createAchPaymentOperation, ({ runtime, principal, request, body, statement }) =>
  statement((db, slot) => createAchPayment(db, paymentContextOf(runtime, principal, request), body, slot)),
);
