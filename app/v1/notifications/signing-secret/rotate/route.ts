import { requireStepUp } from "@/lib/server/auth/second-factor";
import { endpoint } from "@/lib/server/http/endpoint";
import { rotateSigningSecretOperation } from "@/lib/contract/webhooks/operations";
import { rotateSigningSecret } from "@/lib/server/webhooks/signing-secret";

export const dynamic = "force-dynamic";

export const POST = endpoint(rotateSigningSecretOperation, async ({ runtime, principal, actor, transaction }) => {
  await requireStepUp(runtime.db, principal);
  return transaction((tx) => rotateSigningSecret(tx, actor));
});
