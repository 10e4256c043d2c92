import "server-only";
import pg from "pg";

/**
 * Why this exists: a frozen database server (its processes stopped, a hung disk or host, a path that drops
 * packets without a reset) neither answers nor closes. The kernel keeps acknowledging what the app sends, so a
 * query on an open connection, and a new connection's start-up, would wait for ever, and every request with them.
 * statement_timeout cannot help: the server that would enforce it is the one that stopped. And a client-side
 * query timeout short enough to answer "a few seconds" would also cut every legitimately slow query.
 *
 * So the watch asks the server a trivial question (`SELECT 1`) every second on a connection of its own, outside
 * the pools (a full pool never delays it). No answer within the stall bound, or a refused connection, and the
 * database is unavailable: the pools' connections in use are cut (their queries fail at once and the request
 * answers 503 with Retry-After), and checkouts are refused at once, until a probe answers again. A slow query on a
 * live server is left alone: `SELECT 1` waits on no lock.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  readonly code = "DATABASE_UNAVAILABLE";
}

/** How the watch probes: every `everyMs`, and a probe with no answer within `stallMs` is a stalled database. */
export type WatchSettings = { everyMs: number; stallMs: number };

type Cuttable = { cutConnectionsInUse(reason: Error): void };

export class DatabaseWatch {
  private down: DatabaseUnavailableError | null = null;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private readonly pools = new Set<Cuttable>();

  constructor(
    private readonly connectionString: string,
    private readonly settings: WatchSettings,
  ) {}

  /** Why checkouts are refused now, or null while the database answers. */
  get unavailable(): DatabaseUnavailableError | null {
    return this.down;
  }

  attach(pool: Cuttable): void {
    this.pools.add(pool);
    if (!this.timer) {
      this.timer = setInterval(() => void this.probe(), this.settings.everyMs);
      this.timer.unref();
    }
  }

  /** The last pool gone, the watch stops and closes its connection. */
  detach(pool: Cuttable): boolean {
    this.pools.delete(pool);
    if (this.pools.size > 0) return false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.dropClient();
    return true;
  }

  /** One probe at a time; true when the server answered within the stall bound. */
  probe(): Promise<boolean> {
    this.running ??= this.ask().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async ask(): Promise<boolean> {
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: this.settings.stallMs });
        // A connection dropped between probes is replaced by the next one.
        client.on("error", () => {});
        this.client = client;
        await client.connect();
      }
      let answered = false;
      const query = this.client.query("SELECT 1").then(() => {
        answered = true;
      });
      await Promise.race([query, new Promise((resolve) => setTimeout(resolve, this.settings.stallMs).unref())]);
      // The timer may fire in the same turn as an answer already read from the socket (a busy event loop):
      // let that answer be handled before calling the server stalled.
      if (!answered) await new Promise((resolve) => setImmediate(resolve));
      if (!answered) throw new Error(`no answer to SELECT 1 within ${this.settings.stallMs} ms`);
      if (this.down) console.error("[db] the database answers again");
      this.down = null;
      return true;
    } catch (error) {
      this.dropClient();
      this.trip(error);
      return false;
    }
  }

  private trip(cause: unknown): void {
    if (!this.down) console.error(`[db] the database does not answer (${(cause as Error)?.message ?? cause}): requests answer 503 until it does`);
    this.down = new DatabaseUnavailableError("The database does not answer.", { cause });
    for (const pool of this.pools) pool.cutConnectionsInUse(this.down);
  }

  private dropClient(): void {
    const client = this.client;
    this.client = null;
    if (client) destroyConnection(client);
  }
}

/**
 * Closes a client's socket at once. `client.end()` would send a goodbye and wait for a server that may never
 * read it; a destroyed socket fails the client's query in flight now. pg keeps the socket on `connection.stream`.
 */
export function destroyConnection(client: pg.ClientBase): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** The errors that mean "the database is not there now" rather than "this request is wrong": a retryable 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    // Refused or reset; shutting down, starting up, too many connections; statement_timeout.
    return ["DATABASE_UNAVAILABLE", "ECONNREFUSED", "ECONNRESET", "EPIPE", "57P01", "57P02", "57P03", "53300", "57014"].includes(code);
  }
  // pg's and pg-pool's own timeouts and cut connections carry no code, only these messages.
  return (
    typeof message === "string" &&
    /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)|Client has encountered a connection error)/.test(
      message,
    )
  );
}
