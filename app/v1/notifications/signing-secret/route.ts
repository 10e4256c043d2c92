import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getSigningSecretOperation } from "@/lib/contract/webhooks/operations";
import { revealSigningSecret } from "@/lib/server/domain/webhooks/signing-secret";

export const dynamic = "force-dynamic";

export const GET = endpoint(getSigningSecretOperation, ({ runtime, principal }) => revealSigningSecret(runtime.db, principal));
