import "server-only";
import { openPrivateJwk, openServerSecret, sealPrivateJwk, sealServerSecret } from "@/lib/server/crypto/stored-secrets";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { randomBytes } from "node:crypto";
import { hasSigningKey, insertSigningKey, keepServerSecret, oldestSigningKey } from "@/lib/server/auth/keys-repo";
import type { Queryable } from "@/lib/server/db/types";

/**
 * The bank's RSA key signs access tokens (RS256) and outbound webhooks
 * (RSA-PSS). It lives in the database so every app instance signs and
 * verifies with the same key; its private half sealed (lib/server/crypto).
 */
export const TOKEN_ALGORITHM = "RS256";

export type BankKey = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
};

export async function ensureBankKey(db: Queryable): Promise<void> {
  if (await hasSigningKey(db)) return;
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await insertSigningKey(db, {
    kid,
    algorithm: TOKEN_ALGORITHM,
    sealedPrivateJwk: sealPrivateJwk(await exportJWK(privateKey)),
    publicJwk: { ...publicJwk, kid, alg: TOKEN_ALGORITHM, use: "sig" },
  });
}

export async function loadBankKey(db: Queryable): Promise<BankKey> {
  const row = await oldestSigningKey(db);
  if (!row) throw new Error("no bank signing key: the database was not bootstrapped");
  return {
    kid: row.kid,
    privateKey: (await importJWK(openPrivateJwk(row.private_jwk), TOKEN_ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(row.public_jwk, TOKEN_ALGORITHM)) as CryptoKey,
    publicJwk: row.public_jwk,
  };
}

/** A named random secret shared by all instances (e.g. the page-token HMAC key), sealed at rest. */
export async function ensureServerSecret(db: Queryable, name: string): Promise<string> {
  return openServerSecret(name, await keepServerSecret(db, name, sealServerSecret(name, randomBytes(32).toString("base64url"))));
}
