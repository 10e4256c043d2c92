import { assertNotHeldBack } from "@/lib/server/approvals/guard";
import { endpoint } from "@/lib/server/http/endpoint";
import { createInternalTransferOperation } from "@/lib/contract/ledger/operations";
import { paymentContextOf } from "@/lib/server/payments/context";
import { createInternalTransfer } from "@/lib/server/payments/internal";

export const dynamic = "force-dynamic";

export const POST = endpoint(createInternalTransferOperation, async ({ runtime, principal, actor, request, body, statement }) => {
  await assertNotHeldBack(runtime.db, principal, { rail: "INTERNAL", request: body });
  return statement((unit) => createInternalTransfer(unit, paymentContextOf(runtime, principal, actor, request), body));
});
