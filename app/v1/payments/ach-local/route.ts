import { endpoint } from "@/lib/server/http/endpoint";
import { createAchPayment } from "@/lib/server/payments/ach";
import { paymentOptionsOf } from "@/lib/server/payments/context";
import { createAchPaymentOperation } from "@/lib/contract/payments/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createAchPaymentOperation, ({ runtime, request, body, inUnit }) =>
  inUnit((unit) => createAchPayment(unit, { body, ...paymentOptionsOf(runtime, request) })),
);
