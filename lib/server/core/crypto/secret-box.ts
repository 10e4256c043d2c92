import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets kept in the database (HMAC signing secrets, the bank's private
 * keys, the page-token and portal-session secrets) are stored sealed with
 * AES-256-GCM under a key that is not in the database (docs/operations.md,
 * Keys): a dump or a backup of the database alone reveals none of them.
 *
 * Stored form: `enc:v1:<key id>:<iv>:<ciphertext>:<tag>` (base64url), where
 * the key id is the first 8 bytes of SHA-256 of the key, so a value sealed
 * under a previous key still opens while keys are being rotated. The
 * associated data binds a value to what it is (`clients.signing_secret`), so
 * a sealed value copied into another column does not open there.
 */
const PREFIX = "enc:v1:";
const KEY_BYTES = 32;

export type SecretBox = {
  seal(plain: string, purpose: string): string;
  open(stored: string, purpose: string): string;
  /** Whether a stored value is sealed under the current key (else it needs re-sealing). */
  isCurrent(stored: string): boolean;
  /** The start of every value sealed under the current key. */
  readonly currentPrefix: string;
};

const keyId = (key: Buffer) => createHash("sha256").update(key).digest().subarray(0, 8).toString("base64url");

export function parseSecretsKey(text: string, name: string): Buffer {
  const key = Buffer.from(text.trim(), /^[0-9a-fA-F]{64}$/.test(text.trim()) ? "hex" : "base64");
  if (key.length !== KEY_BYTES) throw new Error(`${name} must be 32 bytes, as 64 hex digits or base64 (e.g. \`openssl rand -base64 32\`)`);
  return key;
}

export function createSecretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  const currentId = keyId(current);
  const keys = new Map([current, ...previous].map((k) => [keyId(k), k] as const));
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${PREFIX}${currentId}:${iv.toString("base64url")}:${body.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}`;
    },
    open(stored, purpose) {
      if (!stored.startsWith(PREFIX)) throw new Error(`${purpose}: the stored value is not sealed`);
      const [id = "", iv = "", body = "", tag = ""] = stored.slice(PREFIX.length).split(":");
      const key = keys.get(id);
      if (!key) throw new Error(`${purpose}: sealed under an unknown key (${id}); set HARBOUR_SECRETS_KEY_PREVIOUS to the key it was sealed with`);
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
    isCurrent(stored) {
      return stored.startsWith(`${PREFIX}${currentId}:`);
    },
    currentPrefix: `${PREFIX}${currentId}:`,
  };
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}
