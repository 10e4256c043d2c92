import "server-only";
import type { SigningSettings } from "@/lib/server/domain/delivery/repo";
import { rsaSigningKey, type Signer } from "@/lib/server/domain/delivery/signing";
import type { Runtime } from "@/lib/server/core/runtime";

/** Converting the bank key is not free; the runtime's key never changes while it lives. */
const rsaSigners = new WeakMap<CryptoKey, Signer>();

/**
 * The client's signing mode (decisions §7): RSA-PSS with the bank key, or
 * HMAC with the client's current secret. Read at each attempt, so a rotated
 * secret applies to the very next attempt.
 */
export function signerOf(runtime: Runtime, clientId: string, settings: SigningSettings): Signer {
  if (settings.mode === "hmac") {
    if (!settings.secret) throw new Error(`delivery: client ${clientId} has HMAC signing but no secret`);
    return { mode: "hmac", secret: settings.secret };
  }
  const privateKey = runtime.bankKey.privateKey;
  let signer = rsaSigners.get(privateKey);
  if (!signer) {
    signer = { mode: "rsa", key: rsaSigningKey(privateKey) };
    rsaSigners.set(privateKey, signer);
  }
  return signer;
}
