import "server-only";
import type { TBankStatus } from "@/lib/contract/system/bank-status";
import { listInstances, oldestDueTask, queueByKind, webhookBacklog } from "@/lib/server/domain/operations/service-status-repo";
import type { Runtime } from "@/lib/server/core/runtime";

/** The same rule as the client's monitor (lib/server/entry/portal/status.ts): three missed polls and an instance has stopped. */
const ALIVE_WITHIN_S = 30;
const MAX_INSTANCES = 100;
const MAX_BACKLOG_CLIENTS = 20;

/** For bank operators only (the console's gate): every client's work, every instance. */
export async function collectBankStatus({ db }: Pick<Runtime, "db">): Promise<TBankStatus> {
  // In sequence, as every domain read (a domain's db may be one client; eslint.config.mjs): four short reads.
  const instances = await listInstances(db, ALIVE_WITHIN_S, MAX_INSTANCES);
  const queue = await queueByKind(db);
  const oldestDue = await oldestDueTask(db);
  const webhooks = await webhookBacklog(db, MAX_BACKLOG_CLIENTS);
  return {
    checkedAt: new Date().toISOString(),
    aliveWithinSeconds: ALIVE_WITHIN_S,
    instances,
    queue,
    oldestDue,
    webhooks,
  };
}
