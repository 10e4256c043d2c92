import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createSwiftPayment } from "@/lib/server/domain/payments/swift";
import { paymentOptionsOf } from "@/lib/server/domain/payments/context";
import { createSwiftPaymentOperation } from "@/lib/contract/payments/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createSwiftPaymentOperation, ({ runtime, request, body, inUnit }) =>
  inUnit((unit) => createSwiftPayment(unit, { body, ...paymentOptionsOf(runtime, request) })),
);
