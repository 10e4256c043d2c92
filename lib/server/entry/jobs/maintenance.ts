import "server-only";
import { LOCKS } from "@/lib/server/core/db/locks";
import type { PeriodicJob } from "@/lib/server/core/jobs/worker";
import { purgeFinishedTasks, purgeStaleHeartbeats } from "@/lib/server/core/jobs/queue-repo";
import { purgeRateLimitWindows } from "@/lib/server/entry/http/rate-limit";
import { recordRanOutSessions, SESSION_EXPIRY_JOB } from "@/lib/server/domain/auth/session-expiry";
import { purgeSessions } from "@/lib/server/domain/auth/sessions";
import { purgeThrottle } from "@/lib/server/domain/auth/throttle";

/** Housekeeping for the foundation's tables; each domain adds its own jobs beside its code. */
export const MAINTENANCE_JOBS: PeriodicJob[] = [
  {
    name: "purge-rate-limit-windows",
    lockId: LOCKS.purgeRateLimitWindows,
    everyMs: 60_000,
    run: async (runtime) => {
      await purgeRateLimitWindows(runtime.db, runtime.config.rateLimit.windowSeconds);
    },
  },
  {
    name: "purge-finished-tasks",
    lockId: LOCKS.purgeFinishedTasks,
    everyMs: 10 * 60_000,
    run: async (runtime) => {
      await purgeFinishedTasks(runtime.db, 7 * 24 * 3600);
      await purgeStaleHeartbeats(runtime.db, 24 * 3600);
    },
  },
  {
    // A session that idled out or reached its end is recorded (ended, audited as system:session-expiry) within a minute.
    name: SESSION_EXPIRY_JOB,
    lockId: LOCKS.recordRanOutSessions,
    everyMs: 60_000,
    run: async (runtime) => {
      await recordRanOutSessions(runtime.db);
    },
  },
  {
    // Ended sessions are kept 30 days (who was signed in when); failure counts a day past their lock.
    name: "purge-auth-records",
    lockId: LOCKS.purgeAuthRecords,
    everyMs: 60 * 60_000,
    run: async (runtime) => {
      await purgeSessions(runtime.db);
      await purgeThrottle(runtime.db);
    },
  },
];
