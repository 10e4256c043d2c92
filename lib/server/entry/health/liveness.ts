import "server-only";
import { databaseAnswers } from "@/lib/server/core/db/pool";
import { withTimeout } from "@/lib/server/entry/health/readiness";
import { getRuntime } from "@/lib/server/entry/runtime";

/**
 * /healthz's own bound, above the watch's stall bound (PG_STALL_MS): the runtime may still be opening (migrations,
 * the demo data), and an answer not there by then is a "no" whatever it would say later.
 */
const HEALTH_TIMEOUT_MS = 3000;

/**
 * Decisions §1's health: does the database answer? Asked on the watch's own connection (lib/server/core/db/watch.ts),
 * so a busy pool does not make a healthy database look down, and a frozen one answers "no" within the bound.
 * Never throws: a failure to open the runtime is a "no" too.
 */
export async function isDatabaseAnswering(): Promise<boolean> {
  try {
    return await withTimeout(
      getRuntime().then((runtime) => databaseAnswers(runtime.db)),
      HEALTH_TIMEOUT_MS,
    );
  } catch {
    return false;
  }
}
