import { assertNotHeldBack } from "@/lib/server/approvals/guard";
import { endpoint } from "@/lib/server/http/endpoint";
import { createAchPayment } from "@/lib/server/payments/ach";
import { paymentContextOf } from "@/lib/server/payments/context";
import { createAchPaymentOperation } from "@/lib/contract/payments/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createAchPaymentOperation, async ({ runtime, principal, actor, request, body, statement }) => {
  await assertNotHeldBack(runtime.db, principal, { rail: "ACH", request: body });
  return statement((unit) => createAchPayment(unit, paymentContextOf(runtime, principal, actor, request), body));
});
