import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import { paymentOptionsOf } from "@/lib/server/domain/payments/context";
import { createAchPaymentOperation } from "@/lib/contract/payments/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createAchPaymentOperation, ({ runtime, request, body, inUnit }) =>
  inUnit((unit) => createAchPayment(unit, { body, ...paymentOptionsOf(runtime, request) })),
);
