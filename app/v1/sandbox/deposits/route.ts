import { createSandboxDepositOperation } from "@/lib/contract/deposits/operations";
import { createSandboxDeposit } from "@/lib/server/deposits/service";
import { endpoint } from "@/lib/server/http/endpoint";
import { uatOnly } from "@/lib/server/sandbox/uat-only";

export const dynamic = "force-dynamic";

export const POST = uatOnly(
  endpoint(createSandboxDepositOperation, ({ principal, body, transaction }) => transaction((tx) => createSandboxDeposit(tx, principal.clientId, body))),
);
