import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { AttemptRow } from "@/lib/server/domain/delivery/repo";
import { orderTsSql } from "@/lib/server/core/lists/page-window";

/**
 * The delivery log of one source (a subscription's attempts, newest first,
 * ties by delivery and attempt) as a snapshot source (lib/server/core/lists/list.ts).
 * Its size is the count kept per source (list_counts 'attempts_by_source',
 * migrations/0013_b_list_scale.sql); a page walks delivery_attempts_log, whose
 * order is the list's, and keeps the attempts of this source.
 */
type Source = { kind: string; id: string };

export async function summarizeAttempts(db: Queryable, clientId: string, source: Source): Promise<{ total: number; newest: string | null }> {
  const { rows } = await db.query<{ total: string; newest: string | null }>(
    `SELECT (SELECT coalesce(sum(n), 0) FROM list_counts WHERE client_id = $1 AND list = 'attempts_by_source' AND scope = $2 || ':' || $3) AS total,
            (SELECT ${orderTsSql("a.attempted_at")}
             FROM delivery_attempts a JOIN deliveries d ON d.client_id = a.client_id AND d.delivery_id = a.delivery_id
             WHERE a.client_id = $1 AND d.source_kind = $2 AND d.source_id = $3
             ORDER BY a.attempted_at DESC LIMIT 1) AS newest`,
    [clientId, source.kind, source.id],
  );
  return { total: Number(rows[0]!.total), newest: rows[0]!.newest };
}

export async function fetchAttempts(
  db: Queryable,
  clientId: string,
  source: Source,
  window: { upTo: string; offset: number; limit: number },
): Promise<Array<AttemptRow & { page_at: string }>> {
  const { rows } = await db.query<AttemptRow & { page_at: string }>(
    `SELECT a.delivery_id, a.attempt_no, a.attempted_at, a.status_code, a.latency_ms, a.succeeded, a.error,
            d.status AS delivery_status, d.event_id, d.url, ${orderTsSql("a.attempted_at")} AS page_at
     FROM delivery_attempts a JOIN deliveries d ON d.client_id = a.client_id AND d.delivery_id = a.delivery_id
     WHERE a.client_id = $1 AND d.client_id = $1 AND d.source_kind = $2 AND d.source_id = $3 AND a.attempted_at <= $4::timestamptz
     ORDER BY a.attempted_at DESC, a.delivery_id DESC, a.attempt_no DESC
     OFFSET $5 LIMIT $6`,
    [clientId, source.kind, source.id, window.upTo, window.offset, window.limit],
  );
  return rows;
}
