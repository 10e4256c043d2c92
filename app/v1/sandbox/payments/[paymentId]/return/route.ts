import { endpoint } from "@/lib/server/entry/http/endpoint";
import { returnPaymentOperation } from "@/lib/contract/payments/operations";
import { returnClientPayment } from "@/lib/server/domain/payments/returns";
import { uatOnly } from "@/lib/server/entry/sandbox/uat-only";

export const dynamic = "force-dynamic";

// Production records returns through `npm run ops -- payment return` (the operator), never this route.
export const POST = uatOnly(
  endpoint(returnPaymentOperation, ({ principal, actor, params, body, transaction }) =>
    transaction((tx) => returnClientPayment(tx, principal.clientId, params.paymentId, body.reasonCode, actor)),
  ),
);
