import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The health checks' SQL (/healthz, /readyz). */

/** One round trip: throws when the database does not answer. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query("SELECT 1");
}

/** How many of these migration files the database has applied. */
export async function countAppliedMigrations(db: Queryable, names: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ applied: number }>("SELECT count(*)::int AS applied FROM schema_migrations WHERE name = ANY ($1)", [names]);
  return rows[0]!.applied;
}
