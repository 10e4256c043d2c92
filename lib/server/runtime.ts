import "server-only";
import type { Pool } from "pg";
import { ensureBankKey, ensureServerSecret, loadBankKey, type BankKey } from "@/lib/server/auth/keys";
import { cachingVerifier, type Principal } from "@/lib/server/auth/tokens";
import { getConfig, type Config } from "@/lib/server/config";
import { sealStoredSecrets } from "@/lib/server/crypto/sealing-repo";
import { LOCKS, releaseSessionLock, takeSessionLock } from "@/lib/server/db/locks";
import { migrate } from "@/lib/server/db/migrate";
import { migrateAsOwner, roleOf } from "@/lib/server/db/roles";
import { createPool, resolveDatabaseUrl } from "@/lib/server/db/pool";
import { seedDemoData } from "@/lib/server/db/seed";
import { onShutdown, SHUTDOWN_ORDER } from "@/lib/server/lifecycle";

export type Runtime = {
  config: Config;
  db: Pool;
  /**
   * Connections whose commits do not wait for the WAL flush
   * (synchronous_commit=off), for counters whose last few hundred
   * milliseconds may be forgotten by a crash without harm: rate limits.
   * Never for money.
   */
  counterDb: Pool;
  bankKey: BankKey;
  pageTokenSecret: string;
  /** Verifies a bearer token against the bank key, issuer and audience (cached per token). */
  verifyToken: (token: string) => Promise<Principal>;
};

/**
 * Brings a database to a usable state: migrations, the bank's key and
 * secrets, and in uat the demo data. Safe to run from several instances.
 */
export async function prepareDatabase(
  db: Pool,
  options: { seedDemoData: boolean; migrationUrl?: string; appRole?: string },
): Promise<Pick<Runtime, "bankKey" | "pageTokenSecret">> {
  // In production the owner migrates and grants; the servers' own role only reads and writes rows (lib/server/db/roles.ts).
  if (options.migrationUrl && options.appRole) await migrateAsOwner(options.migrationUrl, options.appRole);
  else await migrate(db);
  const client = await db.connect();
  try {
    // Serialises bootstrap (keys, demo data) between instances.
    await takeSessionLock(client, LOCKS.bootstrap);
    await ensureBankKey(client);
    // Secrets in clear (an older database) or under a previous key are sealed under the current one.
    await sealStoredSecrets(client);
    const pageTokenSecret = await ensureServerSecret(client, "page-token");
    // The seed runs its operations in transactions of their own on the pool, while this connection holds the lock.
    if (options.seedDemoData) await seedDemoData(db);
    return { bankKey: await loadBankKey(client), pageTokenSecret };
  } finally {
    await releaseSessionLock(client, LOCKS.bootstrap).catch(() => {});
    client.release();
  }
}

const RUNTIME = Symbol.for("harbour.runtime");
type Holder = { [RUNTIME]?: Promise<Runtime> };

/**
 * Opens the database on first use, never at import, so `next build` touches no
 * database. Kept on globalThis because Next may load this module once per
 * route bundle; every route must share one pool.
 */
export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as Holder;
  holder[RUNTIME] ??= (async () => {
    const config = getConfig();
    const url = await resolveDatabaseUrl();
    const db = createPool(url);
    const counterDb = createPool(url, Math.max(2, Math.ceil(config.poolMax / 2)), { synchronousCommit: false });
    try {
      const prepared = await prepareDatabase(db, {
        seedDemoData: config.appEnv === "uat",
        migrationUrl: config.migrationDatabaseUrl,
        appRole: config.migrationDatabaseUrl ? roleOf(url) : undefined,
      });
      onShutdown(SHUTDOWN_ORDER.closePools, closeRuntime);
      return { config, db, counterDb, ...prepared, verifyToken: cachingVerifier(prepared.bankKey, config.jwt) };
    } catch (error) {
      await Promise.allSettled([db.end(), counterDb.end()]);
      throw error;
    }
  })().catch((error) => {
    delete holder[RUNTIME];
    throw error;
  });
  return holder[RUNTIME];
}

/** Closes the pool (tests and graceful shutdown). */
export async function closeRuntime(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[RUNTIME];
  delete holder[RUNTIME];
  const runtime = pending ? await pending.catch(() => null) : null;
  if (runtime) await Promise.all([runtime.db.end(), runtime.counterDb.end()]);
}
