import "server-only";
import { isSealed } from "@/lib/server/core/crypto/secret-box";
import { currentSealPrefix, needsSealing, resealed, SEALED_PURPOSES } from "@/lib/server/core/crypto/stored-secrets";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * Run at every start, under the bootstrap lock (lib/server/entry/runtime.ts):
 * seals any secret still in clear (a database from before sealing) and
 * re-seals those sealed under a previous key (a key rotation, docs/operations.md).
 * Each update is conditional on the value it read, so a concurrent change wins.
 * Returns how many values it rewrote.
 */
export async function sealStoredSecrets(db: Queryable): Promise<number> {
  let rewritten = 0;
  const text = async (table: string, keyColumn: string, column: string, purpose: (key: string) => string) => {
    const { rows } = await db.query<{ k: string; v: string }>(`SELECT ${keyColumn}::text AS k, ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`);
    for (const row of rows.filter((r) => needsSealing(r.v))) {
      const value = resealed(row.v, purpose(row.k), isSealed(row.v));
      const { rowCount } = await db.query(`UPDATE ${table} SET ${column} = $2 WHERE ${keyColumn}::text = $1 AND ${column} = $3`, [row.k, value, row.v]);
      rewritten += rowCount ?? 0;
    }
  };
  await text("clients", "client_id", "signing_secret", () => SEALED_PURPOSES.signingSecret);
  await text("signing_secret_rotations", "rotation_id", "previous_secret", () => SEALED_PURPOSES.signingSecret);
  await text("server_secrets", "name", "value", (name) => SEALED_PURPOSES.serverSecret(name));
  await text("user_second_factors", "user_id", "secret_sealed", (userId) => SEALED_PURPOSES.totpSecret(userId));

  // Custom header values (a receiver's API key, often): every value of each row's object, each bound to its name.
  for (const table of ["webhook_subscriptions", "payment_batches", "virtual_account_jobs", "deliveries"]) rewritten += await sealHeaderValues(db, table);

  // A private JWK in clear is a jsonb object; sealed, it is one jsonb string.
  const { rows } = await db.query<{ kid: string; jwk: unknown }>("SELECT kid, private_jwk AS jwk FROM signing_keys");
  for (const row of rows) {
    const stored = typeof row.jwk === "string" ? row.jwk : JSON.stringify(row.jwk);
    if (typeof row.jwk === "string" && !needsSealing(row.jwk)) continue;
    const value = resealed(stored, SEALED_PURPOSES.privateJwk, typeof row.jwk === "string");
    const { rowCount } = await db.query("UPDATE signing_keys SET private_jwk = to_jsonb($2::text) WHERE kid = $1 AND private_jwk = $3::jsonb", [
      row.kid,
      value,
      JSON.stringify(row.jwk),
    ]);
    rewritten += rowCount ?? 0;
  }
  return rewritten;
}

/**
 * One table's custom_headers: the rows with a value not sealed under the current key (found in SQL, so a large
 * deliveries table is read once, in the database), each rewritten whole, on condition it is unchanged.
 */
async function sealHeaderValues(db: Queryable, table: string): Promise<number> {
  const current = `${currentSealPrefix()}%`;
  const { rows } = await db.query<{ id: string; headers: Record<string, string> }>(
    `SELECT ctid::text AS id, custom_headers AS headers FROM ${table}
      WHERE EXISTS (SELECT 1 FROM jsonb_each_text(custom_headers) h WHERE h.value NOT LIKE $1)`,
    [current],
  );
  let rewritten = 0;
  for (const row of rows) {
    const value = Object.fromEntries(
      Object.entries(row.headers).map(([name, stored]) => [
        name,
        needsSealing(stored) ? resealed(stored, SEALED_PURPOSES.customHeader(name), isSealed(stored)) : stored,
      ]),
    );
    const { rowCount } = await db.query(`UPDATE ${table} SET custom_headers = $2 WHERE ctid = $1::tid AND custom_headers = $3::jsonb`, [
      row.id,
      value,
      JSON.stringify(row.headers),
    ]);
    rewritten += rowCount ?? 0;
  }
  return rewritten;
}
