import "server-only";
import pg from "pg";
import { getConfig } from "@/lib/server/core/config";
import { ensureEmbeddedPostgres, type EmbeddedServer } from "@/lib/server/core/db/embedded";
import { DatabaseWatch, destroyConnection } from "@/lib/server/core/db/watch";

/** The server to use: DATABASE_URL when set, otherwise the embedded one in DATA_DIR (started or adopted). */
export async function openDatabaseServer(): Promise<{ url: string; embedded: EmbeddedServer | null }> {
  const config = getConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  const embedded = await ensureEmbeddedPostgres(config.dataDir);
  return { url: embedded.connectionString, embedded };
}

export async function resolveDatabaseUrl(): Promise<string> {
  return (await openDatabaseServer()).url;
}

/** One watch per server, shared by the pools on it (the runtime's two), so one probe a second asks it. */
const watches = new Map<string, DatabaseWatch>();

/**
 * A pg pool whose every wait is bounded (docs/operations.md, "When the database stops answering"): a checkout
 * waits at most PG_CONNECT_TIMEOUT_MS for a free or new connection, the server cancels a statement after
 * PG_STATEMENT_TIMEOUT_MS, and while its server's watch finds it frozen or gone a checkout is refused at once and
 * the connections in use are cut. Each of those fails the request's query with an error that answers 503.
 */
class WatchedPool extends pg.Pool {
  private readonly inUse = new Set<pg.PoolClient>();

  constructor(
    config: pg.PoolConfig,
    private readonly watch: DatabaseWatch,
  ) {
    super(config);
    this.on("acquire", (client) => this.inUse.add(client));
    this.on("release", (_error, client) => this.inUse.delete(client));
    this.on("remove", (client) => this.inUse.delete(client as pg.PoolClient));
    watch.attach(this);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const refusal = this.watch.unavailable;
    if (refusal) {
      if (!callback) return Promise.reject(refusal);
      process.nextTick(() => callback(refusal, undefined, () => {}));
      return;
    }
    return callback ? super.connect(callback) : super.connect();
  }

  answers(): Promise<boolean> {
    return this.watch.probe();
  }

  cutConnectionsInUse(): void {
    for (const client of this.inUse) destroyConnection(client);
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    if (this.watch.detach(this)) watches.delete(this.options.connectionString ?? "");
    return callback ? super.end(callback) : super.end();
  }
}

/** Whether the pool's server answers a probe now, within the stall bound (/healthz), on the watch's own connection. */
export async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  if (pool instanceof WatchedPool) return pool.answers();
  await pool.query("SELECT 1");
  return true;
}

export function createPool(connectionString: string, max = getConfig().poolMax, options: { synchronousCommit?: boolean } = {}): pg.Pool {
  const { database } = getConfig();
  let watch = watches.get(connectionString);
  if (!watch) {
    watch = new DatabaseWatch(connectionString, { everyMs: 1000, stallMs: database.stallMs });
    watches.set(connectionString, watch);
  }
  const settings = [`-c statement_timeout=${database.statementTimeoutMs}`, ...(options.synchronousCommit === false ? ["-c synchronous_commit=off"] : [])];
  const pool = new WatchedPool(
    { connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: database.connectTimeoutMs, options: settings.join(" ") },
    watch,
  );
  // An idle connection dropped by the server must not take the process down;
  // the pool replaces it on the next checkout.
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  return pool;
}
