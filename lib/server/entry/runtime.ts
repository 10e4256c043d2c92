import "server-only";
import type { Runtime } from "@/lib/server/core/runtime";
import type { Pool } from "pg";
import { readFile } from "node:fs/promises";
import { ensureBankKey, ensureServerSecret, KEY_REFRESH_MS, KeyRing } from "@/lib/server/core/auth/keys";
import { cachingVerifier } from "@/lib/server/core/auth/tokens";
import { getConfig, type Config } from "@/lib/server/core/config";
import { sealStoredSecrets } from "@/lib/server/core/crypto/sealing-repo";
import { LOCKS, releaseSessionLock, takeSessionLock } from "@/lib/server/core/db/locks";
import { migrate } from "@/lib/server/core/db/migrate";
import { migrateAsOwner, roleOf } from "@/lib/server/core/db/roles";
import { superviseEmbeddedPostgres } from "@/lib/server/core/db/embedded";
import { createPool, openDatabaseServer } from "@/lib/server/core/db/pool";
import { seedDemoData } from "@/lib/server/entry/seed";
import { onShutdown, SHUTDOWN_ORDER } from "@/lib/server/core/lifecycle";

/**
 * Brings a database to a usable state: migrations, the bank's key and
 * secrets, and in uat the demo data. Safe to run from several instances.
 */
export async function prepareDatabase(
  db: Pool,
  options: {
    seedDemoData: boolean;
    demoHistoryDays?: number;
    migrationUrl?: string;
    appRole?: string;
    signingKeyPem?: string | null;
    tokenTtlSeconds?: number;
  },
): Promise<Pick<Runtime, "keyRing" | "pageTokenSecret">> {
  // In production the owner migrates and grants; the servers' own role only reads and writes rows (lib/server/core/db/roles.ts).
  if (options.migrationUrl && options.appRole) await migrateAsOwner(options.migrationUrl, options.appRole);
  else await migrate(db);
  const client = await db.connect();
  try {
    // Serialises bootstrap (keys, demo data) between instances.
    await takeSessionLock(client, LOCKS.bootstrap);
    await ensureBankKey(client, { pem: options.signingKeyPem ?? null, tokenTtlSeconds: options.tokenTtlSeconds ?? 3600 });
    // Secrets in clear (an older database) or under a previous key are sealed under the current one.
    await sealStoredSecrets(client);
    const pageTokenSecret = await ensureServerSecret(client, "page-token");
    // The seed runs its operations in transactions of their own on the pool, while this connection holds the lock.
    if (options.seedDemoData) await seedDemoData(db, options.demoHistoryDays ?? 0);
    return { keyRing: await KeyRing.load(client), pageTokenSecret };
  } finally {
    await releaseSessionLock(client, LOCKS.bootstrap).catch(() => {});
    client.release();
  }
}

export type { Runtime };

const refreshTimers = new Set<ReturnType<typeof setInterval>>();
const stopSupervising = new Set<() => void>();

/** HARBOUR_SIGNING_KEY or the file HARBOUR_SIGNING_KEY_FILE names (docs/operations.md "Keys"). */
async function suppliedSigningKey(config: Config): Promise<string | null> {
  if (!config.signingKey) return null;
  if ("pem" in config.signingKey) return config.signingKey.pem;
  try {
    return await readFile(config.signingKey.file, "utf8");
  } catch (error) {
    throw new Error(`HARBOUR_SIGNING_KEY_FILE: cannot read ${config.signingKey.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      cause: error,
    });
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
    const { url, embedded } = await openDatabaseServer();
    const db = createPool(url);
    const counterDb = createPool(url, Math.max(2, Math.ceil(config.poolMax / 2)), { synchronousCommit: false });
    try {
      const prepared = await prepareDatabase(db, {
        seedDemoData: config.appEnv === "uat",
        demoHistoryDays: config.demoHistoryDays,
        migrationUrl: config.migrationDatabaseUrl,
        appRole: config.migrationDatabaseUrl ? roleOf(url) : undefined,
        signingKeyPem: await suppliedSigningKey(config),
        tokenTtlSeconds: config.tokenTtlSeconds,
      });
      onShutdown(SHUTDOWN_ORDER.closePools, closeRuntime);
      // The embedded server this process started or adopted is kept running while the runtime is open.
      if (embedded) stopSupervising.add(superviseEmbeddedPostgres(embedded));
      const { keyRing } = prepared;
      // A rotation elsewhere (npm run ops -- key rotate, another server's new PEM) reaches this server without a restart.
      const refresh = setInterval(() => void keyRing.reload(db).catch(() => {}), KEY_REFRESH_MS);
      refresh.unref();
      refreshTimers.add(refresh);
      return {
        config,
        db,
        counterDb,
        ...prepared,
        get bankKey() {
          return keyRing.current;
        },
        verifyToken: cachingVerifier({ publicKeyFor: (kid) => keyRing.publicKeyFor(kid, db) }, config.jwt),
      };
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
  for (const timer of refreshTimers) clearInterval(timer);
  refreshTimers.clear();
  for (const stop of stopSupervising) stop();
  stopSupervising.clear();
  const runtime = pending ? await pending.catch(() => null) : null;
  if (runtime) await Promise.all([runtime.db.end(), runtime.counterDb.end()]);
}
