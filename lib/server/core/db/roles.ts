import "server-only";
import pg from "pg";
import { migrate } from "@/lib/server/core/db/migrate";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * Least privilege in production (docs/operations.md, Database roles). The
 * servers connect with DATABASE_URL as a role that may only read and write
 * rows; MIGRATION_DATABASE_URL names the role that owns the schema, which
 * applies the migrations at start and then grants the server's role what it
 * needs, so a new table is usable at once. With only DATABASE_URL, that one
 * role does both, as before.
 */

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The role a connection string logs in as. */
export function roleOf(connectionString: string): string {
  const user = decodeURIComponent(new URL(connectionString).username);
  if (!user) throw new Error("DATABASE_URL must name its user when MIGRATION_DATABASE_URL is set");
  return user;
}

/** Rows only: no DDL, no TRUNCATE, no ownership; functions are executable by default. */
export async function grantAppRole(db: Queryable, role: string): Promise<void> {
  const r = quoteIdent(role);
  await db.query(`GRANT USAGE ON SCHEMA public TO ${r}`);
  await db.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
  await db.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
}

/** Migrations as the owner, then the grants for the servers' role. */
export async function migrateAsOwner(ownerUrl: string, appRole: string): Promise<string[]> {
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  try {
    const applied = await migrate(owner);
    await grantAppRole(owner, appRole);
    return applied;
  } finally {
    await owner.end();
  }
}
