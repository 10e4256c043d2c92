import { endpoint } from "@/lib/server/entry/http/endpoint";
import { updateVirtualAccountV2Operation } from "@/lib/contract/virtual-accounts/operations";
import { updateVirtualAccountOrThrow } from "@/lib/server/domain/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const PATCH = endpoint(updateVirtualAccountV2Operation, ({ transaction, actor, params, body }) =>
  transaction((tx) => updateVirtualAccountOrThrow(tx, actor, params.virtualAccountNumber, { version: 2, body })),
);
