import type { Pool } from "pg";
import { ensureBankKey, ensureServerSecret, loadBankKey, type BankKey } from "@/lib/auth/keys";
import { getConfig, type Config } from "@/lib/config";
import { migrate } from "@/lib/db/migrate";
import { createPool, resolveDatabaseUrl } from "@/lib/db/pool";
import { seedDemoData } from "@/lib/db/seed";

export type Runtime = {
  config: Config;
  db: Pool;
  bankKey: BankKey;
  pageTokenSecret: string;
};

/** Arbitrary constant: serialises bootstrap (keys, demo data) between instances. */
const BOOTSTRAP_LOCK = 7_270_002;

async function bootstrap(db: Pool, config: Config): Promise<Runtime> {
  await migrate(db);
  const client = await db.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [BOOTSTRAP_LOCK]);
    await ensureBankKey(client);
    const pageTokenSecret = await ensureServerSecret(client, "page-token");
    if (config.appEnv === "uat") await seedDemoData(client);
    return { config, db, bankKey: await loadBankKey(client), pageTokenSecret };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [BOOTSTRAP_LOCK]).catch(() => {});
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
    const db = createPool(await resolveDatabaseUrl());
    try {
      return await bootstrap(db, config);
    } catch (error) {
      await db.end().catch(() => {});
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
  if (pending) await (await pending.catch(() => null))?.db.end();
}
