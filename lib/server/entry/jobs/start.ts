import "server-only";
import { PERIODIC_JOBS, TASK_DEFINITIONS } from "@/lib/server/entry/jobs/registry";
import { Worker } from "@/lib/server/core/jobs/worker";
import { onShutdown, SHUTDOWN_ORDER } from "@/lib/server/core/lifecycle";
import { getRuntime } from "@/lib/server/entry/runtime";

const WORKER = Symbol.for("harbour.worker");
type Holder = { [WORKER]?: Promise<Worker> };

/** The in-process background worker (decisions §1); one per server process. */
export function startWorker(): Promise<Worker> {
  const holder = globalThis as Holder;
  holder[WORKER] ??= (async () => {
    const worker = new Worker(await getRuntime(), TASK_DEFINITIONS, PERIODIC_JOBS);
    await worker.start();
    onShutdown(SHUTDOWN_ORDER.stopWork, (graceMs) => worker.stop(graceMs));
    return worker;
  })().catch((error: unknown) => {
    delete holder[WORKER];
    throw error;
  });
  return holder[WORKER];
}
