import { endpoint } from "@/lib/server/http/endpoint";
import { createSwiftPayment } from "@/lib/server/payments/swift";
import { paymentOptionsOf } from "@/lib/server/payments/context";
import { createSwiftPaymentOperation } from "@/lib/contract/payments/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createSwiftPaymentOperation, ({ runtime, request, body, inUnit }) =>
  inUnit((unit) => createSwiftPayment(unit, { body, ...paymentOptionsOf(runtime, request) })),
);
