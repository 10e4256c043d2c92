import { endpoint } from "@/lib/http/endpoint";
import { paymentContextOf } from "@/lib/payments/context";
import { createSwiftPaymentOperation } from "@/lib/payments/operations";
import { createSwiftPayment } from "@/lib/payments/swift";

export const dynamic = "force-dynamic";

export const POST = endpoint(createSwiftPaymentOperation, ({ runtime, principal, request, body, statement }) =>
  statement((db, slot) => createSwiftPayment(db, paymentContextOf(runtime, principal, request), body, slot)),
);
