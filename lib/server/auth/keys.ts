import "server-only";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { randomBytes } from "node:crypto";
import type { Queryable } from "@/lib/server/db/types";

/**
 * The bank's RSA key signs access tokens (RS256) and outbound webhooks
 * (RSA-PSS). It lives in the database so every app instance signs and
 * verifies with the same key.
 */
export const TOKEN_ALGORITHM = "RS256";

export type BankKey = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
};

export async function ensureBankKey(db: Queryable): Promise<void> {
  const { rowCount } = await db.query("SELECT 1 FROM signing_keys LIMIT 1");
  if (rowCount) return;
  const { privateKey, publicKey } = await generateKeyPair(TOKEN_ALGORITHM, { modulusLength: 2048, extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db.query(
    "INSERT INTO signing_keys (kid, algorithm, private_jwk, public_jwk) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    [kid, TOKEN_ALGORITHM, await exportJWK(privateKey), { ...publicJwk, kid, alg: TOKEN_ALGORITHM, use: "sig" }],
  );
}

export async function loadBankKey(db: Queryable): Promise<BankKey> {
  const { rows } = await db.query<{ kid: string; private_jwk: JWK; public_jwk: JWK }>(
    "SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at LIMIT 1",
  );
  const row = rows[0];
  if (!row) throw new Error("no bank signing key: the database was not bootstrapped");
  return {
    kid: row.kid,
    privateKey: (await importJWK(row.private_jwk, TOKEN_ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(row.public_jwk, TOKEN_ALGORITHM)) as CryptoKey,
    publicJwk: row.public_jwk,
  };
}

/** A named random secret shared by all instances (e.g. the page-token HMAC key). */
export async function ensureServerSecret(db: Queryable, name: string): Promise<string> {
  await db.query("INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    randomBytes(32).toString("base64url"),
  ]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = $1", [name]);
  return rows[0]!.value;
}
