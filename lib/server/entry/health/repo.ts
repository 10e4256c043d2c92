import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The readiness check's SQL (/readyz; /healthz asks the pools' watch: lib/server/core/db/pool.ts). */

/** How many of these migration files the database has applied. */
export async function countAppliedMigrations(db: Queryable, names: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ applied: number }>("SELECT count(*)::int AS applied FROM schema_migrations WHERE name = ANY ($1)", [names]);
  return rows[0]!.applied;
}
