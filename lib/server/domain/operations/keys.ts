import "server-only";
import { z } from "zod";
import { ApiError } from "@/lib/contract/http/errors";
import { activateKey, keyFromPem, PemKeyError, retiredKeyLifetimeSeconds, rotateToNewKey } from "@/lib/server/core/auth/keys";
import { publishedSigningKeys } from "@/lib/server/core/auth/keys-repo";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { parseInput } from "@/lib/contract/validation";
import { auditOperation, opsActor } from "@/lib/server/core/audit/operation";
import type { OpsContext } from "@/lib/server/core/operation-context";

/**
 * Rotating the bank's token and webhook RSA key (docs/operations.md "Keys").
 * The new key signs from the next token on every server (each re-reads the
 * keys within 30 s, and at once when a token names a kid it has not seen);
 * the old one stays in the JWKS and verifies its tokens until they expire.
 */
const ZKeyRotate = z.strictObject({
  /** A PEM private key to rotate to; omitted: a new key is generated. */
  pem: z.string().max(20_000, "the PEM file is too large for a private key").optional(),
  /** Longer than the tokens' lifetime if webhook receivers need longer to refresh their JWKS copy. */
  overlapHours: z.coerce
    .number("overlapHours must be a number")
    .min(0, "overlapHours must not be negative")
    .max(720, "overlapHours must be at most 720")
    .optional(),
});

export async function rotateBankKey(
  ctx: OpsContext,
  input: unknown,
  tokenTtlSeconds: number,
): Promise<{ kid: string; retired: string[]; verifyUntil: string }> {
  const data = parseInput(ZKeyRotate, input);
  const verifySeconds = Math.max(retiredKeyLifetimeSeconds(tokenTtlSeconds), (data.overlapHours ?? 0) * 3600);
  let key;
  try {
    key = data.pem === undefined ? null : await keyFromPem(data.pem);
  } catch (error) {
    if (error instanceof PemKeyError) throw new ApiError("VALIDATION_ERROR", `pem-file: ${error.message}.`, { field: "pem-file" });
    throw error;
  }
  return withTransaction(ctx.db, async (tx) => {
    const result = key ? await activateKey(tx, key, verifySeconds) : await rotateToNewKey(tx, verifySeconds);
    if (key && result.known && result.retired.length === 0) {
      throw new ApiError("ALREADY_EXISTS", `pem-file: key ${result.kid} is already the signing key or was retired; a retired key is never used again.`, {
        field: "pem-file",
      });
    }
    await auditOperation(tx, {
      clientId: null,
      ...opsActor(ctx),
      action: "signing_key.rotated",
      entity: "signing_key",
      entityId: result.kid,
      before: { signing: result.retired },
      after: { signing: result.kid, verifySeconds },
    });
    return { kid: result.kid, retired: result.retired, verifyUntil: new Date(Date.now() + verifySeconds * 1000).toISOString() };
  });
}

export async function listBankKeys(ctx: Pick<OpsContext, "db">): Promise<Array<{ kid: string; signs: boolean }>> {
  return (await publishedSigningKeys(ctx.db)).map((k) => ({ kid: k.kid, signs: k.signs }));
}
