import { getAccountOperation } from "@/lib/accounts/operations";
import { getAccountOrThrow } from "@/lib/accounts/service";
import { endpoint } from "@/lib/http/endpoint";

export const dynamic = "force-dynamic";

export const GET = endpoint(getAccountOperation, ({ runtime, principal, params }) =>
  getAccountOrThrow(runtime.db, principal.clientId, params.accountNumber),
);
