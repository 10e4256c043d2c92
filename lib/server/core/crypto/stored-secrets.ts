import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { JWK } from "jose";
import { getConfig, type Config } from "@/lib/server/core/config";
import { maskHeaderValue } from "@/lib/contract/webhooks/mask";
import { createSecretBox, isSealed, parseSecretsKey, type SecretBox } from "@/lib/server/core/crypto/secret-box";

/**
 * The one place that knows which database values are sealed and how
 * (lib/server/core/crypto/secret-box.ts). Repos call these on the way in and out.
 */

const KEY_FILE = "secrets.key";

/**
 * Without HARBOUR_SECRETS_KEY, a single-host deployment (the embedded
 * PostgreSQL, development, tests) keeps a generated key in DATA_DIR, beside
 * but outside the database: a database dump or backup still holds no secret.
 * Production on an external PostgreSQL must supply the key: every server
 * needs the same one.
 */
function keyFileKey(config: Config): Buffer {
  const file = path.resolve(config.dataDir, KEY_FILE);
  try {
    return parseSecretsKey(readFileSync(file, "utf8"), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return parseSecretsKey(readFileSync(file, "utf8"), file);
}

export function secretBoxFor(config: Config): SecretBox {
  if (config.secretsKey) {
    return createSecretBox(
      parseSecretsKey(config.secretsKey, "HARBOUR_SECRETS_KEY"),
      config.secretsKeyPrevious.map((k) => parseSecretsKey(k, "HARBOUR_SECRETS_KEY_PREVIOUS")),
    );
  }
  if (config.appEnv === "production" && config.databaseUrl) {
    throw new Error(
      "HARBOUR_SECRETS_KEY is required in production with DATABASE_URL (every server must seal and open secrets with the same key); see docs/operations.md, Keys",
    );
  }
  return createSecretBox(
    keyFileKey(config),
    config.secretsKeyPrevious.map((k) => parseSecretsKey(k, "HARBOUR_SECRETS_KEY_PREVIOUS")),
  );
}

let box: SecretBox | undefined;
function secretBox(): SecretBox {
  return (box ??= secretBoxFor(getConfig()));
}

export const SIGNING_SECRET = "clients.signing_secret";
const serverSecretPurpose = (name: string) => `server_secrets.${name}`;
const PRIVATE_JWK = "signing_keys.private_jwk";

export const sealSigningSecret = (plain: string): string => secretBox().seal(plain, SIGNING_SECRET);
export const openSigningSecret = (stored: string | null): string | null => (stored === null ? null : secretBox().open(stored, SIGNING_SECRET));

export const sealServerSecret = (name: string, plain: string): string => secretBox().seal(plain, serverSecretPurpose(name));
export const openServerSecret = (name: string, stored: string): string => secretBox().open(stored, serverSecretPurpose(name));

/** A user's TOTP secret, bound to that user: a sealed value copied onto another user's row does not open. */
const totpPurpose = (userId: string) => `user_second_factors.${userId}`;
export const sealTotpSecret = (userId: string, plain: string): string => secretBox().seal(plain, totpPurpose(userId));
export const openTotpSecret = (userId: string, stored: string): string => secretBox().open(stored, totpPurpose(userId));

/** A private JWK is stored as one sealed JSON string in the jsonb column. */
export const sealPrivateJwk = (jwk: JWK): string => secretBox().seal(JSON.stringify(jwk), PRIVATE_JWK);
export const openPrivateJwk = (stored: string): JWK => JSON.parse(secretBox().open(stored, PRIVATE_JWK)) as JWK;

/**
 * Custom header values of webhooks and callbacks (often a receiver's API key): each value sealed, bound to its
 * header's name; the names stay readable (audit rows and listings name them). The brand keeps a value that was
 * never sealed out of the columns that hold them (webhook_subscriptions, payment_batches, virtual_account_jobs,
 * deliveries): only sealCustomHeaders makes one.
 */
declare const sealed: unique symbol;
export type SealedHeaders = Readonly<Record<string, string>> & { readonly [sealed]: true };
const customHeaderPurpose = (name: string) => `custom_headers.${name.toLowerCase()}`;

export function sealCustomHeaders(plain: Readonly<Record<string, string>>): SealedHeaders {
  return Object.fromEntries(Object.entries(plain).map(([name, value]) => [name, secretBox().seal(value, customHeaderPurpose(name))])) as SealedHeaders;
}

/** The values to send. One still in clear (written by a server from before sealing, until the next start seals it) passes as it is. */
export function openCustomHeaders(stored: SealedHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stored).map(([name, value]) => [name, isSealed(value) ? secretBox().open(value, customHeaderPurpose(name)) : value]),
  );
}

/**
 * A request held for approval (payment_drafts.request) keeps its callback's custom headers sealed like the job's own
 * columns; a value already sealed (a re-draft of a stored request) is kept as it is.
 */
export function sealRequestHeaders<T extends Record<string, unknown>>(request: T): T {
  const headers = request.customHeaders as Record<string, string> | undefined;
  if (!headers) return request;
  const plain = Object.fromEntries(Object.entries(headers).filter(([, value]) => !isSealed(value)));
  return { ...request, customHeaders: { ...headers, ...sealCustomHeaders(plain) } };
}

/** The request as its maker sent it, for the approval that submits it. */
export function openRequestHeaders<T extends Record<string, unknown>>(request: T): T {
  const headers = request.customHeaders as SealedHeaders | undefined;
  return headers ? { ...request, customHeaders: openCustomHeaders(headers) } : request;
}

/** How stored custom headers are shown (API responses, the portal): opened, then masked (lib/contract/webhooks/mask.ts). */
export function shownCustomHeaders(stored: SealedHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(openCustomHeaders(stored)).map(([name, value]) => [name, maskHeaderValue(value)]));
}

/** What every value sealed under the current key starts with (the SQL that finds values to re-seal matches on it). */
export function currentSealPrefix(): string {
  return secretBox().currentPrefix;
}

export function needsSealing(stored: string): boolean {
  return !secretBox().isCurrent(stored);
}

/** Re-seals a value already sealed (under a previous key) or, for a database from before sealing, still in clear. */
export function resealed(stored: string, purpose: string, wasSealed: boolean): string {
  const plain = wasSealed ? secretBox().open(stored, purpose) : stored;
  return secretBox().seal(plain, purpose);
}

export const SEALED_PURPOSES = {
  signingSecret: SIGNING_SECRET,
  serverSecret: serverSecretPurpose,
  privateJwk: PRIVATE_JWK,
  totpSecret: totpPurpose,
  customHeader: customHeaderPurpose,
};
