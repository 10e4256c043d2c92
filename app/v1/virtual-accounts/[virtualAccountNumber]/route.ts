import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getVirtualAccountOperation, updateVirtualAccountV1Operation } from "@/lib/contract/virtual-accounts/operations";
import { getVirtualAccountOrThrow, updateVirtualAccountOrThrow } from "@/lib/server/domain/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getVirtualAccountOperation, ({ runtime, principal, params }) =>
  getVirtualAccountOrThrow(runtime.db, principal.clientId, params.virtualAccountNumber),
);

export const PATCH = endpoint(updateVirtualAccountV1Operation, ({ transaction, actor, params, body }) =>
  transaction((tx) => updateVirtualAccountOrThrow(tx, actor, params.virtualAccountNumber, { version: 1, body })),
);
