import "server-only";
import { readdir } from "node:fs/promises";
import { MIGRATIONS_DIR } from "@/lib/server/core/db/migrate";
import { countAppliedMigrations } from "@/lib/server/entry/health/repo";
import { isDraining } from "@/lib/server/core/lifecycle";
import { getRuntime } from "@/lib/server/entry/runtime";

export type Readiness = { ready: true } | { ready: false; reason: "draining" | "database unreachable" | "migrations pending" };

/**
 * A database that does not answer within this is down for readiness (a hung connection, not a
 * refused one, which fails at once). Under load the probe waits for a pool connection like any
 * request: a busy instance is slow, not unready, so this stays well above a loaded pool's wait.
 */
const PROBE_TIMEOUT_MS = 4000;

let migrationFiles: Promise<string[]> | null = null;

/**
 * May this instance take traffic (decisions §10, `/readyz`)? Not while it
 * drains for a stop, nor when its database does not answer, nor before every
 * migration shipped with this build is applied (another instance may still be
 * migrating a shared database).
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: "draining" };
  try {
    return await withTimeout(probe(), PROBE_TIMEOUT_MS);
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
}

async function probe(): Promise<Readiness> {
  const { db } = await getRuntime();
  // The files do not change while the process runs.
  migrationFiles ??= readdir(MIGRATIONS_DIR).then((files) => files.filter((f) => f.endsWith(".sql")));
  const expected = await migrationFiles;
  return (await countAppliedMigrations(db, expected)) === expected.length ? { ready: true } : { ready: false, reason: "migrations pending" };
}

/** `work`, or a rejection once `ms` have passed without its answer (a health check answers within its own bound). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
