import { withTransaction } from "@/lib/db/transaction";
import { endpoint } from "@/lib/http/endpoint";
import { rotateSigningSecretOperation } from "@/lib/webhooks/operations";
import { rotateSigningSecret } from "@/lib/webhooks/signing-secret";

export const POST = endpoint(rotateSigningSecretOperation, ({ runtime, principal }) =>
  withTransaction(runtime.db, (tx) => rotateSigningSecret(tx, principal.clientId, `client:${principal.clientId}`)),
);
