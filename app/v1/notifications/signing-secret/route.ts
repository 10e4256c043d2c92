import { endpoint } from "@/lib/http/endpoint";
import { getSigningSecretOperation } from "@/lib/webhooks/operations";
import { getSigningSecret } from "@/lib/webhooks/signing-secret";

export const dynamic = "force-dynamic";

export const GET = endpoint(getSigningSecretOperation, ({ runtime, principal }) => getSigningSecret(runtime.db, principal.clientId));
