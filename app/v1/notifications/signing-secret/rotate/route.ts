import { endpoint } from "@/lib/http/endpoint";
import { rotateSigningSecretOperation } from "@/lib/webhooks/operations";
import { rotateSigningSecret } from "@/lib/webhooks/signing-secret";

export const dynamic = "force-dynamic";

export const POST = endpoint(rotateSigningSecretOperation, ({ principal, transaction }) =>
  transaction((tx) => rotateSigningSecret(tx, principal.clientId, `client:${principal.clientId}`)),
);
