import { exchangeClientCredentials } from "@/lib/auth/client-credentials";
import { endpoint } from "@/lib/http/endpoint";
import { tokenOperation } from "@/lib/system/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(tokenOperation, ({ runtime, request, body }) =>
  exchangeClientCredentials(runtime, request.headers.get("authorization"), body ?? {}),
);
