import { endpoint } from "@/lib/server/entry/http/endpoint";
import { ApiError } from "@/lib/contract/http/errors";
import { forcePaymentStatusOperation } from "@/lib/contract/payments/operations";
import { forcePaymentStatus } from "@/lib/server/domain/payments/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(forcePaymentStatusOperation, async ({ runtime, principal, actor, params, body, transaction }) => {
  // The sandbox does not exist outside uat (decisions §8).
  if (runtime.config.appEnv !== "uat") throw new ApiError("NOT_FOUND", "No such endpoint.");
  return transaction((tx) => forcePaymentStatus(tx, principal.clientId, params.paymentId, body.status, actor));
});
