import { endpoint } from "@/lib/http/endpoint";
import { createAchPayment } from "@/lib/payments/ach";
import { paymentContextOf } from "@/lib/payments/context";
import { createAchPaymentOperation } from "@/lib/payments/operations";
import { toPaymentResponse } from "@/lib/payments/serialize";

export const dynamic = "force-dynamic";

export const POST = endpoint(createAchPaymentOperation, ({ runtime, principal, request, body, transaction }) =>
  transaction(async (tx, respond) => {
    const ctx = paymentContextOf(runtime, principal, request);
    // The response is stored before the debit, so the account's row lock spans only the debit and the commit.
    return toPaymentResponse(await createAchPayment(tx, ctx, body, (pending) => respond(toPaymentResponse(pending))));
  }),
);
