import "server-only";
import { openPrivateJwk, openServerSecret, sealPrivateJwk, sealServerSecret } from "@/lib/server/core/crypto/stored-secrets";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type JWK } from "jose";
import { createPrivateKey, randomBytes } from "node:crypto";
import { hasSigningKey, insertSigningKey, keepServerSecret, publishedSigningKeys, retireOtherKeys, signingKeyState } from "@/lib/server/core/auth/keys-repo";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The bank's RSA key signs access tokens (RS256) and outbound webhooks
 * (RSA-PSS). It lives in the database so every app instance signs and
 * verifies with the same key; its private half sealed (lib/server/core/crypto).
 * It rotates (docs/operations.md "Keys"): the newest key signs, and a
 * retired key stays in the JWKS, verifying what it signed, until its tokens
 * have expired. Keys are named by kid, the RFC 7638 thumbprint.
 */
export const TOKEN_ALGORITHM = "RS256";

export type BankKey = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
};

type NewKey = { kid: string; sealedPrivateJwk: string; publicJwk: JWK };

async function keyFromPrivate(privateKey: CryptoKey, publicKey: CryptoKey): Promise<NewKey> {
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, sealedPrivateJwk: sealPrivateJwk(await exportJWK(privateKey)), publicJwk: { ...publicJwk, kid, alg: TOKEN_ALGORITHM, use: "sig" } };
}

async function generatedKey(): Promise<NewKey> {
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { modulusLength: 2048, extractable: true });
  return keyFromPrivate(privateKey, publicKey);
}

/** Thrown for a PEM that is not an RSA private key of at least 2048 bits; the message says which. */
export class PemKeyError extends Error {}

/** An RSA private key in PEM (PKCS#8 `BEGIN PRIVATE KEY`, or PKCS#1 `BEGIN RSA PRIVATE KEY`). */
export async function keyFromPem(pem: string): Promise<NewKey> {
  let pkcs8: string;
  try {
    const key = createPrivateKey({ key: pem, format: "pem" });
    if (key.asymmetricKeyType !== "rsa") throw new PemKeyError(`the key is ${key.asymmetricKeyType ?? "not asymmetric"}, not RSA`);
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
      throw new PemKeyError(`the RSA key has ${key.asymmetricKeyDetails?.modulusLength} bits; at least 2048 are needed`);
    pkcs8 = key.export({ format: "pem", type: "pkcs8" }).toString();
  } catch (error) {
    if (error instanceof PemKeyError) throw error;
    throw new PemKeyError("it is not a PEM private key");
  }
  const privateKey = await importPKCS8(pkcs8, TOKEN_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const publicKey = (await importJWK({ kty: jwk.kty, n: jwk.n, e: jwk.e }, TOKEN_ALGORITHM)) as CryptoKey;
  return keyFromPrivate(privateKey, publicKey);
}

/** How long a retired key keeps verifying: the longest token lifetime, plus a refresh period of every server still signing with it. */
export function retiredKeyLifetimeSeconds(tokenTtlSeconds: number): number {
  return tokenTtlSeconds + (2 * KEY_REFRESH_MS) / 1000;
}

/**
 * Makes `key` the signing key (inserting it when new); the keys it replaces
 * stay published for `verifySeconds`. A key once retired is never made the
 * signing key again by this (an old PEM left in a server's environment must
 * not undo a rotation). Returns what was retired.
 */
export async function activateKey(db: Queryable, key: NewKey, verifySeconds: number): Promise<{ kid: string; retired: string[]; known: boolean }> {
  const state = await signingKeyState(db, key.kid);
  if (state?.retired) return { kid: key.kid, retired: [], known: true };
  if (!state) await insertSigningKey(db, { kid: key.kid, algorithm: TOKEN_ALGORITHM, sealedPrivateJwk: key.sealedPrivateJwk, publicJwk: key.publicJwk });
  return { kid: key.kid, retired: await retireOtherKeys(db, key.kid, verifySeconds), known: state !== null };
}

/** A new generated key replaces the signing key (ops `key rotate`). */
export async function rotateToNewKey(db: Queryable, verifySeconds: number, pem?: string) {
  return activateKey(db, pem === undefined ? await generatedKey() : await keyFromPem(pem), verifySeconds);
}

/**
 * At bootstrap: a key supplied in the environment (PEM) becomes the signing
 * key if it is new; with none, a key is generated once for the database.
 */
export async function ensureBankKey(db: Queryable, supplied: { pem: string | null; tokenTtlSeconds: number }): Promise<void> {
  if (supplied.pem !== null) {
    await activateKey(db, await keyFromPem(supplied.pem), retiredKeyLifetimeSeconds(supplied.tokenTtlSeconds));
    return;
  }
  if (await hasSigningKey(db)) return;
  await activateKey(db, await generatedKey(), 0);
}

/** How often a server re-reads the keys (a rotation elsewhere reaches it within this). */
export const KEY_REFRESH_MS = 30_000;
/** A token naming a kid this server has not seen makes it re-read the keys, at most this often. */
const UNKNOWN_KID_REREAD_MS = 2_000;

type Published = { publicKey: CryptoKey; publicJwk: JWK };

/**
 * The keys one server holds: the signing key, and every published key by kid
 * for verification and the JWKS. Re-read every KEY_REFRESH_MS and when a
 * token names an unknown kid, so a rotation by `npm run ops -- key rotate`
 * reaches running servers without a restart.
 */
export class KeyRing {
  private constructor(
    private signing: BankKey,
    private published: Map<string, Published>,
    private readAt: number,
  ) {}

  static async load(db: Queryable): Promise<KeyRing> {
    const { signing, published } = await readKeys(db);
    return new KeyRing(signing, published, Date.now());
  }

  get current(): BankKey {
    return this.signing;
  }

  async reload(db: Queryable): Promise<void> {
    const { signing, published } = await readKeys(db, this.published, this.signing);
    this.signing = signing;
    this.published = published;
    this.readAt = Date.now();
  }

  /** For verification: the published key of `kid`; an unknown kid re-reads the keys once. */
  async publicKeyFor(kid: string | undefined, db: Queryable): Promise<CryptoKey> {
    if (kid === undefined) throw new Error("no kid");
    let key = this.published.get(kid);
    if (!key && Date.now() - this.readAt > UNKNOWN_KID_REREAD_MS) {
      await this.reload(db);
      key = this.published.get(kid);
    }
    if (!key) throw new Error(`unknown kid ${kid}`);
    return key.publicKey;
  }

  /** The JWKS: the signing key first, then retired keys still verifying. */
  jwks(): Array<JWK & { kid: string; kty: string }> {
    return [...this.published.entries()].map(([kid, k]) => ({ ...k.publicJwk, kid, kty: k.publicJwk.kty ?? "RSA" }));
  }
}

async function readKeys(
  db: Queryable,
  known = new Map<string, Published>(),
  knownSigning?: BankKey,
): Promise<{ signing: BankKey; published: Map<string, Published> }> {
  const rows = await publishedSigningKeys(db);
  const signingRow = rows.find((r) => r.signs);
  if (!signingRow) throw new Error("no bank signing key: the database was not bootstrapped");
  const published = new Map<string, Published>();
  for (const row of rows) {
    published.set(row.kid, known.get(row.kid) ?? { publicKey: (await importJWK(row.public_jwk, TOKEN_ALGORITHM)) as CryptoKey, publicJwk: row.public_jwk });
  }
  const signing =
    knownSigning?.kid === signingRow.kid
      ? knownSigning
      : {
          kid: signingRow.kid,
          privateKey: (await importJWK(openPrivateJwk(signingRow.private_jwk), TOKEN_ALGORITHM)) as CryptoKey,
          publicKey: published.get(signingRow.kid)!.publicKey,
          publicJwk: signingRow.public_jwk,
        };
  return { signing, published };
}

/** A named random secret shared by all instances (e.g. the page-token HMAC key), sealed at rest. */
export async function ensureServerSecret(db: Queryable, name: string): Promise<string> {
  return openServerSecret(name, await keepServerSecret(db, name, sealServerSecret(name, randomBytes(32).toString("base64url"))));
}
