import { exchangeClientCredentials } from "@/lib/server/domain/auth/client-credentials";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { clientIpOf } from "@/lib/server/entry/http/client-ip";
import { tokenOperation } from "@/lib/contract/system/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(tokenOperation, ({ runtime, request, body }) =>
  exchangeClientCredentials(runtime, request.headers.get("authorization"), body ?? {}, clientIpOf(request.headers)),
);
