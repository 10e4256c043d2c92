import { endpoint } from "@/lib/http/endpoint";
import { paymentContextOf } from "@/lib/payments/context";
import { createSwiftPaymentOperation } from "@/lib/payments/operations";
import { toPaymentResponse } from "@/lib/payments/serialize";
import { createSwiftPayment } from "@/lib/payments/swift";

export const POST = endpoint(createSwiftPaymentOperation, ({ runtime, principal, request, body, transaction }) =>
  transaction(async (tx) => toPaymentResponse(await createSwiftPayment(tx, paymentContextOf(runtime, principal, request), body))),
);
