import { getAccountOperation } from "@/lib/contract/accounts/operations";
import { getAccountOrThrow } from "@/lib/server/domain/accounts/service";
import { endpoint } from "@/lib/server/entry/http/endpoint";

export const dynamic = "force-dynamic";

export const GET = endpoint(getAccountOperation, ({ runtime, principal, params }) => getAccountOrThrow(runtime.db, principal.clientId, params.accountNumber));
