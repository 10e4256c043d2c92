import { endpoint } from "@/lib/server/entry/http/endpoint";
import { endUserSessionsOperation } from "@/lib/contract/users/operations";
import { endSessionsAsAdmin } from "@/lib/server/domain/users/service";

export const dynamic = "force-dynamic";

export const DELETE = endpoint(endUserSessionsOperation, ({ principal, actor, params, transaction }) =>
  transaction((tx) => endSessionsAsAdmin(tx, principal, actor, params.userId)),
);
