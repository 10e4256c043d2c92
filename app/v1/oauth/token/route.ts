import { exchangeClientCredentials } from "@/lib/server/auth/client-credentials";
import { endpoint } from "@/lib/server/http/endpoint";
import { clientIpOf } from "@/lib/server/http/client-ip";
import { tokenOperation } from "@/lib/contract/system/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(tokenOperation, ({ runtime, request, body }) =>
  exchangeClientCredentials(runtime, request.headers.get("authorization"), body ?? {}, clientIpOf(request.headers)),
);
