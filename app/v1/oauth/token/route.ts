import { exchangeClientCredentials } from "@/lib/server/auth/client-credentials";
import { endpoint } from "@/lib/server/http/endpoint";
import { tokenOperation } from "@/lib/contract/system/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(tokenOperation, ({ runtime, request, body }) =>
  exchangeClientCredentials(runtime, request.headers.get("authorization"), body ?? {}),
);
