import { getAccountOperation } from "@/lib/contract/accounts/operations";
import { getAccountOrThrow } from "@/lib/server/accounts/service";
import { endpoint } from "@/lib/server/http/endpoint";

export const dynamic = "force-dynamic";

export const GET = endpoint(getAccountOperation, ({ runtime, principal, params }) => getAccountOrThrow(runtime.db, principal.clientId, params.accountNumber));
