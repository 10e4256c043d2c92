import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The SQL of what the worker watches for people (drafts' cut-offs, failing endpoints) and the marks that make it once only. */

export type DeadlineDraftRow = {
  client_id: string;
  draft_id: string;
  rail: string;
  currency: string | null;
  amount_minor: string | null;
  maker_email: string;
  expires_at: Date;
};

/**
 * Marks, and returns, the drafts still awaiting approval whose cut-off falls in (from, to] and that have no mark
 * `prefix:<draftId>` yet: each draft is returned once ever, in the transaction that notifies of it.
 */
export async function markDraftsDue(tx: Queryable, prefix: string, window: { from: Date; to: Date }, limit: number): Promise<DeadlineDraftRow[]> {
  const { rows } = await tx.query<DeadlineDraftRow>(
    `WITH due AS (
       SELECT d.client_id, d.draft_id, d.rail, d.currency, d.amount_minor::text, u.email AS maker_email, d.expires_at
         FROM payment_drafts d JOIN users u ON u.user_id = d.maker_id
        WHERE d.status = 'AwaitingApproval' AND d.expires_at > $2 AND d.expires_at <= $3
          AND NOT EXISTS (SELECT 1 FROM notification_marks m WHERE m.client_id = d.client_id AND m.mark = $1 || ':' || d.draft_id)
        ORDER BY d.expires_at
        LIMIT $4),
     marked AS (
       INSERT INTO notification_marks (client_id, mark) SELECT client_id, $1 || ':' || draft_id FROM due
       ON CONFLICT DO NOTHING RETURNING client_id, mark)
     SELECT due.* FROM due JOIN marked ON marked.client_id = due.client_id AND marked.mark = $1 || ':' || due.draft_id`,
    [prefix, window.from, window.to, limit],
  );
  return rows;
}

/**
 * The subscription's failed attempts since its last successful one, and when that was (null: never), over the
 * attempts still kept (DELIVERY_RETENTION_DAYS).
 */
export async function failuresSinceLastSuccess(
  db: Queryable,
  clientId: string,
  subscriptionId: string,
): Promise<{ failures: number; lastSuccessAt: Date | null }> {
  const { rows } = await db.query<{ failures: number; last_success_at: Date | null }>(
    `WITH a AS (
       SELECT a.attempted_at, a.succeeded FROM delivery_attempts a JOIN deliveries d USING (client_id, delivery_id)
        WHERE d.client_id = $1 AND d.source_kind = 'subscription' AND d.source_id = $2),
     ok AS (SELECT max(attempted_at) AS t FROM a WHERE succeeded)
     SELECT (SELECT count(*)::int FROM a, ok WHERE NOT a.succeeded AND a.attempted_at > coalesce(ok.t, '-infinity')) AS failures,
            (SELECT t FROM ok) AS last_success_at`,
    [clientId, subscriptionId],
  );
  return { failures: rows[0]!.failures, lastSuccessAt: rows[0]!.last_success_at };
}

/** Takes a mark once: true for the caller that took it (in its transaction), false when it was already taken. */
export async function takeMark(tx: Queryable, clientId: string, mark: string): Promise<boolean> {
  const { rowCount } = await tx.query("INSERT INTO notification_marks (client_id, mark) VALUES ($1, $2) ON CONFLICT DO NOTHING", [clientId, mark]);
  return rowCount === 1;
}

/** Marks outlive what they guard (a draft a day past its cut-off is no longer looked at; an episode's attempts are purged). */
export async function purgeOldMarks(db: Queryable, olderThanDays: number): Promise<void> {
  await db.query("DELETE FROM notification_marks WHERE created_at < now() - make_interval(days => $1)", [olderThanDays]);
}
