import { endpoint } from "@/lib/http/endpoint";
import { ApiError } from "@/lib/http/errors";
import { forcePaymentStatusOperation } from "@/lib/payments/operations";
import { forcePaymentStatus } from "@/lib/payments/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(forcePaymentStatusOperation, async ({ runtime, principal, params, body, transaction }) => {
  // The sandbox does not exist outside uat (decisions §8).
  if (runtime.config.appEnv !== "uat") throw new ApiError("NOT_FOUND", "No such endpoint.");
  return transaction((tx) => forcePaymentStatus(tx, principal.clientId, params.paymentId, body.status, `client:${principal.clientId}`));
});
