import "server-only";
import type { JWK } from "jose";
import type { Queryable } from "@/lib/server/core/db/types";

/** The SQL of the bank's signing key (signing_keys) and the instances' shared secrets (server_secrets). */

/** private_jwk is sealed (lib/server/core/crypto/stored-secrets.ts): one jsonb string. */
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

/** The keys in the JWKS: the signing one (the newest not retired) first, then retired ones until their verify_until. */
export type PublishedKeyRow = SigningKeyRow & { signs: boolean };

export async function publishedSigningKeys(db: Queryable): Promise<PublishedKeyRow[]> {
  const { rows } = await db.query<PublishedKeyRow>(
    `SELECT kid, private_jwk, public_jwk,
            kid = (SELECT kid FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid LIMIT 1) AS signs
       FROM signing_keys
      WHERE retired_at IS NULL OR verify_until > now()
      ORDER BY retired_at IS NOT NULL, created_at DESC`,
  );
  return rows;
}

/**
 * Makes `kid` the signing key: every other key still signing is retired now and stays
 * published, verifying, for `verifySeconds`. Returns the kids retired.
 */
export async function retireOtherKeys(db: Queryable, kid: string, verifySeconds: number): Promise<string[]> {
  const { rows } = await db.query<{ kid: string }>(
    `UPDATE signing_keys SET retired_at = now(), verify_until = now() + make_interval(secs => $2)
      WHERE kid <> $1 AND retired_at IS NULL RETURNING kid`,
    [kid, verifySeconds],
  );
  return rows.map((r) => r.kid);
}

/** Whether `kid` is known, and whether it was retired. */
export async function signingKeyState(db: Queryable, kid: string): Promise<{ retired: boolean } | null> {
  const { rows } = await db.query<{ retired: boolean }>("SELECT retired_at IS NOT NULL AS retired FROM signing_keys WHERE kid = $1", [kid]);
  return rows[0] ?? null;
}

/** Stores `value` under `name` unless a value is there already; answers the value that is. */
export async function keepServerSecret(db: Queryable, name: string, value: string): Promise<string> {
  await db.query("INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, value]);
  const { rows } = await db.query<{ value: string }>("SELECT value FROM server_secrets WHERE name = $1", [name]);
  return rows[0]!.value;
}
