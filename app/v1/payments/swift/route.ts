import { assertNotHeldBack } from "@/lib/server/approvals/guard";
import { endpoint } from "@/lib/server/http/endpoint";
import { paymentContextOf } from "@/lib/server/payments/context";
import { createSwiftPaymentOperation } from "@/lib/contract/payments/operations";
import { createSwiftPayment } from "@/lib/server/payments/swift";

export const dynamic = "force-dynamic";

export const POST = endpoint(createSwiftPaymentOperation, async ({ runtime, principal, actor, request, body, statement }) => {
  await assertNotHeldBack(runtime.db, principal, { rail: "SWIFT", request: body });
  return statement((unit) => createSwiftPayment(unit, paymentContextOf(runtime, principal, actor, request), body));
});
