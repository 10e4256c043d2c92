import { requireStepUp } from "@/lib/server/domain/auth/second-factor";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { rotateSigningSecretOperation } from "@/lib/contract/webhooks/operations";
import { rotateSigningSecret } from "@/lib/server/domain/webhooks/signing-secret";

export const dynamic = "force-dynamic";

export const POST = endpoint(rotateSigningSecretOperation, async ({ runtime, principal, actor, transaction }) => {
  await requireStepUp(runtime.db, principal);
  return transaction((tx) => rotateSigningSecret(tx, actor));
});
