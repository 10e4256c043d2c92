import "server-only";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { randomBytes } from "node:crypto";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import { findSigning, rotateSecret } from "@/lib/server/domain/webhooks/repo";
import { requireStepUp } from "@/lib/server/domain/auth/second-factor";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { TRotatedSigningSecret, TSigningSecret } from "@/lib/contract/webhooks/schema";

/** How long receivers should keep accepting the previous secret after a rotation. */
export const ROTATION_OVERLAP_SECONDS = 24 * 3600;

export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export async function getSigningSecret(db: Queryable, clientId: string): Promise<TSigningSecret> {
  const signing = await findSigning(db, clientId);
  if (!signing) throw new ApiError("UNAUTHORIZED", "The client of this access token no longer exists.");
  return signing.mode === "rsa" ? { algorithm: "RSA-PSS-SHA256", secret: null } : { algorithm: "HMAC-SHA256", secret: signing.secret };
}

/**
 * The secret for its client; a person signed in to the portal must have
 * proven their second factor within the last minutes (step-up) to see an
 * HMAC secret. RSA clients have none to reveal.
 */
export async function revealSigningSecret(db: Queryable, principal: Principal): Promise<TSigningSecret> {
  const signing = await getSigningSecret(db, principal.clientId);
  if (signing.secret !== null) await requireStepUp(db, principal);
  return signing;
}

/**
 * New deliveries (and retries) are signed with the new secret from the next
 * attempt on. Receivers verify with both secrets until previousSecretValidUntil
 * (docs/webhooks.md), so messages signed just before the rotation still pass.
 */
export async function rotateSigningSecret(tx: Queryable, audit: AuditContext): Promise<TRotatedSigningSecret> {
  const { clientId } = audit;
  const secret = newSigningSecret();
  const rotated = await rotateSecret(tx, clientId, secret, ROTATION_OVERLAP_SECONDS);
  if (!rotated) {
    throw new ApiError("VALIDATION_ERROR", "This client's messages are signed with the bank's RSA key (see the JWKS); there is no secret to rotate.");
  }
  await writeAudit(tx, {
    ...audit,
    action: "signing_secret.rotated",
    entity: "client",
    entityId: clientId,
    data: { previousSecretValidUntil: rotated.validUntil.toISOString() },
  });
  return { algorithm: "HMAC-SHA256", secret, previousSecretValidUntil: rotated.validUntil.toISOString() };
}
