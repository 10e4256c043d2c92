import { endpoint } from "@/lib/http/endpoint";
import { paymentContextOf } from "@/lib/payments/context";
import { createSwiftPaymentOperation } from "@/lib/payments/operations";
import { toPaymentResponse } from "@/lib/payments/serialize";
import { createSwiftPayment } from "@/lib/payments/swift";

export const dynamic = "force-dynamic";

export const POST = endpoint(createSwiftPaymentOperation, ({ runtime, principal, request, body, transaction }) =>
  transaction(async (tx, respond) => {
    const ctx = paymentContextOf(runtime, principal, request);
    // The response is stored before the debit, so the account's row lock spans only the debit and the commit.
    return toPaymentResponse(await createSwiftPayment(tx, ctx, body, (pending) => respond(toPaymentResponse(pending))));
  }),
);
