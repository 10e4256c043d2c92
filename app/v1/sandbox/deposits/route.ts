import { createSandboxDepositOperation } from "@/lib/deposits/operations";
import { createSandboxDeposit } from "@/lib/deposits/service";
import { endpoint } from "@/lib/http/endpoint";
import { uatOnly } from "@/lib/sandbox/uat-only";

export const dynamic = "force-dynamic";

export const POST = uatOnly(
  endpoint(createSandboxDepositOperation, ({ principal, body, transaction }) =>
    transaction((tx) => createSandboxDeposit(tx, principal.clientId, body)),
  ),
);
