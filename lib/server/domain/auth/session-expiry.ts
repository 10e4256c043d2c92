import "server-only";
import type { Pool } from "pg";
import { systemActor } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { endRanOutSessions } from "@/lib/server/domain/auth/sessions";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { BANK_SCOPE } from "@/lib/server/core/audit/operation";

/** The job that records sessions that ran out; its audit rows' actor is `system:<this>`. */
export const SESSION_EXPIRY_JOB = "session-expiry";

/**
 * A session that idles out or reaches its absolute end is dead at once (every liveness check reads `expires_at`);
 * nobody acts at that moment, so the worker records it afterwards (every minute, lib/server/entry/jobs/maintenance.ts):
 * the session is marked ended at the moment it ran out and `session.expired` is written in the person's
 * organisation (an operator's in the bank's), as `system:session-expiry`, with the reason (`idle` or `expired`)
 * and when. Up to `batch` per transaction, until none is left. Returns how many were recorded.
 */
export async function recordRanOutSessions(pool: Pool, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await withTransaction(pool, async (tx) => {
      const sessions = await endRanOutSessions(tx, batch);
      for (const s of sessions) {
        await writeAudit(tx, {
          clientId: s.clientId ?? BANK_SCOPE,
          actor: systemActor(SESSION_EXPIRY_JOB),
          action: "session.expired",
          entity: "user",
          entityId: s.userId,
          data: { sessionId: s.sessionId, email: s.email, reason: s.reason, endedAt: s.endedAt.toISOString() },
        });
      }
      return sessions.length;
    });
    total += ended;
    if (ended < batch) return total;
  }
}
