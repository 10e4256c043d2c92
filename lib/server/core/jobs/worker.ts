import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { PoolClient } from "pg";
import { tryTransactionLock } from "@/lib/server/core/db/locks";
import { withTransaction } from "@/lib/server/core/db/transaction";
import {
  claimTasks,
  completeTasks,
  databaseNow,
  failTask,
  listenForTasks,
  recordHeartbeat,
  releaseTasks,
  removeHeartbeat,
  retryTask,
  unlistenForTasks,
  type Task,
} from "@/lib/server/core/jobs/queue-repo";
import { metrics } from "@/lib/server/core/observability/metrics";
import type { Runtime } from "@/lib/server/core/runtime";

const HEARTBEAT_MS = 1_000;
/**
 * Under a backlog the loop claims again once this long has passed or a quarter of its slots is free, not at every
 * task's end: one claim statement per batch instead of one per task (docs/webhooks-throughput.md).
 */
const CLAIM_EVERY_MS = 25;

/** Thrown by a task handler to run the task again later. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
  }
}

export type TaskDefinition = {
  kind: string;
  /** Lease per attempt: longer than the handler can take, so a crash is noticed after it. */
  leaseSeconds: number;
  /** Unexpected errors are retried with backoff up to this many attempts, then the task fails. */
  maxAttempts: number;
  handle: (task: Task, runtime: Runtime) => Promise<void>;
};

/** Housekeeping run by one instance at a time (a transaction-scoped advisory lock elects it). */
export type PeriodicJob = { name: string; lockId: number; everyMs: number; run: (runtime: Runtime) => Promise<void> };

export type WorkerOptions = { concurrency?: number; pollMs?: number };

export class Worker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly byKind: Map<string, TaskDefinition>;
  private readonly concurrency: number;
  private readonly pollMs: number;
  /** Tasks being executed by the polling loop, by task id. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly lastPeriodicRun = new Map<string, number>();
  private lastHeartbeat = 0;
  private lastClaim = { at: 0, full: false };
  /** Tasks whose handler finished, completed in one statement at the loop's next pass (set-based, not one per task). */
  private finished: string[] = [];
  private listener: PoolClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private stopped = true;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly runtime: Runtime,
    private readonly tasks: readonly TaskDefinition[],
    private readonly periodic: readonly PeriodicJob[] = [],
    options: WorkerOptions = {},
  ) {
    this.byKind = new Map(tasks.map((t) => [t.kind, t]));
    this.concurrency = options.concurrency ?? 16;
    this.pollMs = options.pollMs ?? 1000;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.listener = await this.runtime.db.connect();
    this.listener.on("notification", () => this.wake?.());
    // A dropped LISTEN connection only costs latency: polling still finds the work.
    this.listener.on("error", () => {});
    await listenForTasks(this.listener);
    this.loop = this.run();
  }

  /**
   * Stops claiming, then gives the tasks in hand up to `graceMs` to finish;
   * any still running after that are released (lease cleared, the attempt not
   * counted) so another instance takes them at once instead of after the
   * lease. A handler that finishes later cannot complete a released task:
   * completion is conditional on holding the lease.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    const settled = Promise.allSettled([...this.running.values()]).then(() => true);
    const inTime = Number.isFinite(graceMs) ? await Promise.race([settled, delay(graceMs).then(() => false)]) : await settled;
    await this.completeFinished();
    if (!inTime && this.running.size > 0) {
      await releaseTasks(this.runtime.db, [...this.running.keys()], this.id).catch((error: unknown) => {
        console.error("[worker] could not release tasks:", (error as Error).message);
      });
    }
    if (this.listener) {
      await unlistenForTasks(this.listener).catch(() => {});
      this.listener.release();
      this.listener = null;
    }
    // Gone from the instance list at once rather than when the heartbeat ages out.
    await removeHeartbeat(this.runtime.db, this.id).catch(() => {});
  }

  /**
   * Processes everything due when called and waits for it (tests and
   * scripts); a task rescheduled meanwhile waits for the next call. Returns
   * the number of tasks run.
   */
  async drain(): Promise<number> {
    const dueBefore = await databaseNow(this.runtime.db);
    let total = 0;
    for (;;) {
      const claimed = await this.claim(this.concurrency, dueBefore);
      if (claimed.length === 0) return total;
      total += claimed.length;
      await Promise.all(claimed.map((task) => this.execute(task)));
      await this.completeFinished();
    }
  }

  async runPeriodicJobs(force = false): Promise<void> {
    const now = Date.now();
    for (const job of this.periodic) {
      if (!force && now - (this.lastPeriodicRun.get(job.name) ?? 0) < job.everyMs) continue;
      this.lastPeriodicRun.set(job.name, now);
      try {
        // The lock lives as long as this transaction: the job runs while it is held, on this instance only.
        await withTransaction(this.runtime.db, async (tx) => {
          if (await tryTransactionLock(tx, job.lockId)) await job.run(this.runtime);
        });
      } catch (error) {
        console.error(`[worker] periodic job ${job.name} failed:`, (error as Error).message);
      }
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        // The loop wakes at every task's end: one heartbeat a second is enough for "alive within 30 s", and not a
        // committed write per task (it was one of the seven statements behind each webhook delivery).
        if (Date.now() - this.lastHeartbeat >= HEARTBEAT_MS) {
          await recordHeartbeat(this.runtime.db, this.id);
          this.lastHeartbeat = Date.now();
        }
        await this.runPeriodicJobs();
        const free = this.concurrency - this.running.size;
        const claimNow = this.claimNow(free);
        // Under a backlog the loop wakes at every task's end: completions go with the next claim, in one statement.
        if (claimNow || !this.lastClaim.full) await this.completeFinished();
        const claimed = claimNow ? await this.claim(free) : [];
        for (const task of claimed) {
          const execution = this.execute(task).finally(() => {
            this.running.delete(task.task_id);
            this.wake?.();
          });
          this.running.set(task.task_id, execution);
        }
        // Full batch: there may be more due right now.
        if (claimed.length > 0 && claimed.length === free) continue;
      } catch (error) {
        console.error("[worker] poll failed:", (error as Error).message);
      }
      // stop() may have come while a statement was in flight, when there was no wait to cut short.
      if (this.stopped) break;
      // A claim put off for its batch is due within CLAIM_EVERY_MS even if no task ends meanwhile.
      const waitMs = this.lastClaim.full ? CLAIM_EVERY_MS : this.pollMs;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, waitMs);
      });
      if (this.timer) clearTimeout(this.timer);
      this.wake = null;
    }
  }

  /**
   * Whether the loop claims now: always when the last claim came back short (no backlog: a new task starts at
   * once); under a backlog, once a quarter of the slots is free or CLAIM_EVERY_MS has passed.
   */
  private claimNow(free: number): boolean {
    if (free <= 0) return false;
    if (!this.lastClaim.full) return true;
    return free >= Math.max(1, Math.floor(this.concurrency / 4)) || Date.now() - this.lastClaim.at >= CLAIM_EVERY_MS;
  }

  private async claim(limit: number, dueBefore: string | null = null): Promise<Task[]> {
    if (this.byKind.size === 0) return [];
    const definitions = [...this.byKind.values()];
    // Each kind keeps its own lease, so a crashed short task is retried soon.
    const claimed = await claimTasks(
      this.runtime.db,
      this.id,
      definitions.map((d) => d.kind),
      limit,
      definitions.map((d) => d.leaseSeconds),
      dueBefore,
    );
    this.lastClaim = { at: Date.now(), full: claimed.length === limit };
    return claimed;
  }

  /**
   * Completes the finished tasks in one statement. Safe to put off: each is still leased to this worker, and if this
   * statement is lost (a crash) the task runs again when its lease lapses, as after a crash between handler and
   * completion before; handlers are written for that (at least once).
   */
  private async completeFinished(): Promise<void> {
    if (this.finished.length === 0) return;
    const ids = this.finished.splice(0);
    await completeTasks(this.runtime.db, ids, this.id).catch((error: unknown) => {
      console.error("[worker] could not complete tasks:", (error as Error).message);
    });
  }

  private async execute(task: Task): Promise<void> {
    const definition = this.byKind.get(task.kind);
    if (!definition) return;
    const db = this.runtime.db;
    const started = performance.now();
    const took = (outcome: string) => metrics().jobSeconds.observe({ kind: task.kind, outcome }, (performance.now() - started) / 1000);
    try {
      await definition.handle(task, this.runtime);
      this.finished.push(task.task_id);
      took("done");
    } catch (error) {
      took(error instanceof RetryLater ? "retry" : "error");
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLater) {
        await retryTask(db, task.task_id, this.id, error.delayMs, message).catch(() => {});
      } else if (task.attempts >= definition.maxAttempts) {
        console.error(`[worker] task ${task.kind}#${task.task_id} failed for good:`, message);
        await failTask(db, task.task_id, this.id, message).catch(() => {});
      } else {
        const backoffMs = Math.min(60_000, 500 * 2 ** (task.attempts - 1));
        await retryTask(db, task.task_id, this.id, backoffMs, message).catch(() => {});
      }
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
