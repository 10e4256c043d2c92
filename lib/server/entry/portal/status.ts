import "server-only";
import type { TSystemStatus } from "@/lib/contract/system/status";
import type { Runtime } from "@/lib/server/core/runtime";
import { probeDatabase, queueCounts, tableExists, workerCounts } from "@/lib/server/entry/portal/status-repo";
import { readQuota } from "@/lib/server/entry/http/rate-limit";
import packageJson from "@/package.json";

/** A worker polls every few seconds; three missed polls mean it has stopped. */
const WORKER_ALIVE_WITHIN_S = 30;
/** Due work waiting longer than this means the worker is not keeping up. */
const QUEUE_LAG_WARN_S = 60;

const UNAVAILABLE_QUEUE = { health: "unavailable", open: null, due: null, running: null, failedLastDay: null, oldestDueSeconds: null } as const;

/** Below this share of the quota left, integrations are about to meet 429s. */
const QUOTA_LOW_SHARE = 0.1;

/** Every probe is independent: a missing table or a failed query marks only its own line. */
export async function collectSystemStatus(runtime: Pick<Runtime, "db" | "config">, clientId: string): Promise<TSystemStatus> {
  const { db, config } = runtime;
  const base = {
    checkedAt: new Date().toISOString(),
    environment: config.appEnv,
    version: packageJson.version,
    uptimeSeconds: Math.round(process.uptime()),
  };
  let database: TSystemStatus["database"];
  try {
    const probe = await probeDatabase(db);
    database = { health: probe.latencyMs > 250 ? "degraded" : "ok", ...probe };
  } catch {
    return {
      ...base,
      database: { health: "down", version: null, latencyMs: null },
      worker: { health: "unavailable", alive: null, lastSeenSeconds: null },
      queue: UNAVAILABLE_QUEUE,
      apiQuota: { health: "unavailable", limit: config.rateLimit.max, used: null, resetSeconds: null },
    };
  }

  const [worker, queue, apiQuota] = await Promise.all([workerStatus(runtime), queueStatus(runtime, clientId), apiQuotaStatus(runtime, clientId)]);
  return { ...base, database, worker, queue, apiQuota };
}

/** An exhausted quota is an outage for the client's integrations, so it is "down" for them. */
async function apiQuotaStatus({ db, config }: Pick<Runtime, "db" | "config">, clientId: string): Promise<TSystemStatus["apiQuota"]> {
  try {
    const use = await readQuota(db, clientId, config.rateLimit);
    const health = use.exhausted ? "down" : use.remaining < use.limit * QUOTA_LOW_SHARE ? "degraded" : "ok";
    return { health, limit: use.limit, used: use.used, resetSeconds: use.resetSeconds };
  } catch {
    return { health: "down", limit: config.rateLimit.max, used: null, resetSeconds: null };
  }
}

async function workerStatus({ db }: Pick<Runtime, "db">): Promise<TSystemStatus["worker"]> {
  try {
    if (!(await tableExists(db, "worker_heartbeats"))) return { health: "unavailable", alive: null, lastSeenSeconds: null };
    const counts = await workerCounts(db, WORKER_ALIVE_WITHIN_S);
    return { health: counts.alive > 0 ? "ok" : "down", ...counts };
  } catch {
    return { health: "down", alive: null, lastSeenSeconds: null };
  }
}

async function queueStatus({ db }: Pick<Runtime, "db">, clientId: string): Promise<TSystemStatus["queue"]> {
  try {
    if (!(await tableExists(db, "queue_tasks"))) return UNAVAILABLE_QUEUE;
    const counts = await queueCounts(db, clientId);
    const lagging = counts.oldestDueSeconds !== null && counts.oldestDueSeconds > QUEUE_LAG_WARN_S;
    return { health: lagging ? "degraded" : "ok", ...counts };
  } catch {
    return { ...UNAVAILABLE_QUEUE, health: "down" };
  }
}
