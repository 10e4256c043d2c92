import "server-only";
import type { JWK } from "jose";
import type { Queryable } from "@/lib/server/db/types";

/** The SQL of the bank's signing key (signing_keys) and the instances' shared secrets (server_secrets). */

/** private_jwk is sealed (lib/server/crypto/stored-secrets.ts): one jsonb string. */
export type SigningKeyRow = { kid: string; private_jwk: string; public_jwk: JWK };

export async function hasSigningKey(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query("SELECT 1 FROM signing_keys LIMIT 1");
  return (rowCount ?? 0) > 0;
}

/** Another instance may insert first: the first key stays. */
export async function insertSigningKey(db: Queryable, key: { kid: string; algorithm: string; sealedPrivateJwk: string; publicJwk: JWK }): Promise<void> {
  await db.query("INSERT INTO signing_keys (kid, algorithm, private_jwk, public_jwk) VALUES ($1, $2, to_jsonb($3::text), $4) ON CONFLICT DO NOTHING", [
    key.kid,
    key.algorithm,
    key.sealedPrivateJwk,
    key.publicJwk,
  ]);
}

export async function oldestSigningKey(db: Queryable): Promise<SigningKeyRow | null> {
  const { rows } = await db.query<SigningKeyRow>("SELECT kid, private_jwk, public_jwk FROM signing_keys ORDER BY created_at LIMIT 1");
  return rows[0] ?? null;
}

/** Stores `value` under `name` unless a value is there already; answers the value that is. */
export async function keepServerSecret(db: Queryable, name: string, value: string): Promise<string> {
  await db.query("INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, value]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = $1", [name]);
  return rows[0]!.value;
}
