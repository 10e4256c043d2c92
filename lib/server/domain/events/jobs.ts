import "server-only";
import { LOCKS } from "@/lib/server/core/db/locks";
import type { PeriodicJob } from "@/lib/server/core/jobs/worker";
import { purgeOldEvents } from "@/lib/server/domain/events/repo";

/** Events are listed for 30 days (decisions §11); older ones go, a batch at a time. */
export const EVENT_PERIODIC_JOBS: readonly PeriodicJob[] = [
  {
    name: "purge-old-events",
    lockId: LOCKS.purgeOldEvents,
    everyMs: 60 * 60_000,
    run: async (runtime) => {
      await purgeOldEvents(runtime.db);
    },
  },
];
