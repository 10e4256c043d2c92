import "server-only";
import type { Queryable } from "@/lib/server/db/types";

/** The only SQL of reference-data administration. */

/** Adds or renames a bank code; returns the name it had before (null when new). */
export async function upsertBankCode(db: Queryable, bankCode: string, currency: string, name: string): Promise<string | null> {
  const { rows } = await db.query<{ before: string | null }>(
    `WITH old AS (SELECT name FROM bank_codes WHERE bank_code = $1 AND currency = $2 FOR UPDATE)
     INSERT INTO bank_codes (bank_code, currency, name) VALUES ($1, $2, $3)
     ON CONFLICT (bank_code, currency) DO UPDATE SET name = EXCLUDED.name
     RETURNING (SELECT name FROM old) AS before`,
    [bankCode, currency, name],
  );
  return rows[0]?.before ?? null;
}
