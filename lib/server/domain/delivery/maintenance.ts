import "server-only";
import { LOCKS } from "@/lib/server/core/db/locks";
import { purgeFinishedDeliveries } from "@/lib/server/domain/delivery/repo";
import type { PeriodicJob } from "@/lib/server/core/jobs/worker";

/** Finished deliveries stay in the delivery log for DELIVERY_RETENTION_DAYS, then go with their attempts. */
export const DELIVERY_PERIODIC_JOBS: PeriodicJob[] = [
  {
    name: "purge-finished-deliveries",
    lockId: LOCKS.purgeFinishedDeliveries,
    everyMs: 10 * 60_000,
    run: async (runtime) => {
      await purgeFinishedDeliveries(runtime.db, runtime.config.deliveryRetentionDays);
    },
  },
];
