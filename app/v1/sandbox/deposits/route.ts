import { withTransaction } from "@/lib/db/transaction";
import { createSandboxDepositOperation } from "@/lib/deposits/operations";
import { createSandboxDeposit } from "@/lib/deposits/service";
import { endpoint } from "@/lib/http/endpoint";
import { uatOnly } from "@/lib/sandbox/uat-only";

export const POST = uatOnly(
  endpoint(createSandboxDepositOperation, ({ runtime, principal, body }) =>
    withTransaction(runtime.db, (tx) => createSandboxDeposit(tx, principal.clientId, body)),
  ),
);
