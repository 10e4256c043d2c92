import "server-only";
import { LOCKS, releaseSessionLock, takeSessionLock } from "@/lib/server/core/db/locks";
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Pool, PoolClient } from "pg";

export const MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "migrations");
/** SQL functions: each file holds the current definitions (CREATE OR REPLACE), so a change is a diff. */
const FUNCTIONS_SUBDIR = "functions";

/**
 * Applies committed SQL migrations in name order, each once, each in its own
 * transaction; then the function files of migrations/functions/ whose text
 * changed since they were last applied (docs/architecture.md, Data).
 */
export async function migrate(pool: Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await takeSessionLock(client, LOCKS.migrations);
    await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    const { rows } = await client.query<{ name: string }>("SELECT name FROM schema_migrations");
    const done = new Set(rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(/*turbopackIgnore: true*/ dir, file), "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
        await client.query("COMMIT");
        applied.push(file);
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    applied.push(...(await applyFunctions(client, path.join(/*turbopackIgnore: true*/ dir, FUNCTIONS_SUBDIR))));
  } finally {
    await releaseSessionLock(client, LOCKS.migrations).catch(() => {});
    client.release();
  }
  return applied;
}

/**
 * Re-applies each function file whose SHA-256 differs from the one recorded,
 * in one transaction. The files are idempotent (CREATE OR REPLACE), so the
 * hash only spares every start of every instance from replacing functions
 * that traffic is running. A signature change needs a numbered migration that
 * drops the old function first (CREATE OR REPLACE cannot change it).
 */
async function applyFunctions(client: PoolClient, dir: string): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".sql")).sort();
  await client.query(
    "CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const { rows } = await client.query<{ name: string; sha256: string }>("SELECT name, sha256 FROM schema_functions");
  const known = new Map(rows.map((r) => [r.name, r.sha256]));
  const changed: Array<{ file: string; sql: string; sha256: string }> = [];
  for (const file of files) {
    const sql = await readFile(path.join(/*turbopackIgnore: true*/ dir, file), "utf8");
    const sha256 = createHash("sha256").update(sql).digest("hex");
    if (known.get(file) !== sha256) changed.push({ file, sql, sha256 });
  }
  if (changed.length === 0) return [];
  await client.query("BEGIN");
  try {
    for (const { file, sql, sha256 } of changed) {
      await client.query(sql);
      await client.query("INSERT INTO schema_functions (name, sha256) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET sha256 = $2, applied_at = now()", [
        file,
        sha256,
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`SQL functions failed: ${(error as Error).message}`, { cause: error });
  }
  return changed.map((c) => `${FUNCTIONS_SUBDIR}/${c.file}`);
}
