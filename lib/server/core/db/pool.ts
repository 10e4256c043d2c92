import "server-only";
import pg from "pg";
import { getConfig } from "@/lib/server/core/config";
import { ensureEmbeddedPostgres } from "@/lib/server/core/db/embedded";

/** Resolves the server to use: DATABASE_URL when set, otherwise the embedded one in DATA_DIR. */
export async function resolveDatabaseUrl(): Promise<string> {
  const config = getConfig();
  if (config.databaseUrl) return config.databaseUrl;
  return (await ensureEmbeddedPostgres(config.dataDir)).connectionString;
}

export function createPool(connectionString: string, max = getConfig().poolMax, options: { synchronousCommit?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    ...(options.synchronousCommit === false ? { options: "-c synchronous_commit=off" } : {}),
  });
  // An idle connection dropped by the server must not take the process down;
  // the pool replaces it on the next checkout.
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  return pool;
}
