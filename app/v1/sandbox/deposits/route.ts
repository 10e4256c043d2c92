import { createSandboxDepositOperation } from "@/lib/contract/deposits/operations";
import { createSandboxDeposit } from "@/lib/server/domain/deposits/service";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { uatOnly } from "@/lib/server/entry/sandbox/uat-only";

export const dynamic = "force-dynamic";

export const POST = uatOnly(
  endpoint(createSandboxDepositOperation, ({ principal, body, transaction }) => transaction((tx) => createSandboxDeposit(tx, principal.clientId, body))),
);
