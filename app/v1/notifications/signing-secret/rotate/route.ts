import { endpoint } from "@/lib/server/http/endpoint";
import { rotateSigningSecretOperation } from "@/lib/contract/webhooks/operations";
import { rotateSigningSecret } from "@/lib/server/webhooks/signing-secret";

export const dynamic = "force-dynamic";

export const POST = endpoint(rotateSigningSecretOperation, ({ principal, transaction }) =>
  transaction((tx) => rotateSigningSecret(tx, principal.clientId, `client:${principal.clientId}`)),
);
