import { endpoint } from "@/lib/http/endpoint";
import { createAchPayment } from "@/lib/payments/ach";
import { paymentContextOf } from "@/lib/payments/context";
import { createAchPaymentOperation } from "@/lib/payments/operations";
import { toPaymentResponse } from "@/lib/payments/serialize";

export const POST = endpoint(createAchPaymentOperation, ({ runtime, principal, request, body, transaction }) =>
  transaction(async (tx) => toPaymentResponse(await createAchPayment(tx, paymentContextOf(runtime, principal, request), body))),
);
