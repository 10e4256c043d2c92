import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { EVENT_RETENTION_DAYS, type TEventTopic } from "@/lib/contract/events/schema";

/** The only SQL for events (migration 0050_events.sql says why rows carry their transaction id). The tenant is in every WHERE. */

export type EventRow = { event_id: string; topic: TEventTopic; occurred_at: Date; data: unknown };

export async function insertEvent(
  db: Queryable,
  clientId: string,
  event: { eventId: string; topic: TEventTopic; occurredAt: Date; data: unknown },
): Promise<void> {
  await db.query("INSERT INTO events (client_id, event_id, topic, occurred_at, data) VALUES ($1, $2, $3, $4, $5)", [
    clientId,
    event.eventId,
    event.topic,
    event.occurredAt,
    JSON.stringify(event.data),
  ]);
}

/** Where an event sits in the reading order; null when unknown to this client (or purged). */
export async function findEventPosition(db: Queryable, clientId: string, eventId: string): Promise<{ xid: string; seq: string } | null> {
  const { rows } = await db.query<{ xid: string; seq: string }>("SELECT xid::text, seq::text FROM events WHERE client_id = $1 AND event_id = $2", [
    clientId,
    eventId,
  ]);
  return rows[0] ?? null;
}

/**
 * The horizon: the oldest transaction in flight that could still write events here. Transaction ids are the
 * cluster's, so the plain pg_snapshot_xmin would wait on transactions of every database on the server; those a
 * backend of another database holds are left out (it cannot write this database's events). Only those known to
 * be another database's are left out: one that ended between the snapshot and the look at pg_stat_activity stays
 * in, which delays a page, never skips a row.
 */
const HORIZON = `SELECT coalesce(
    (SELECT min(x) FROM pg_snapshot_xip(now.s) AS x WHERE (x::text::bigint % 4294967296) NOT IN (
       SELECT backend_xid::text::bigint FROM pg_stat_activity
        WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())),
    pg_snapshot_xmax(now.s))
  FROM (SELECT pg_current_snapshot() AS s) AS now`;

/**
 * Up to `limit` events after `position` in (xid, seq) order, only those whose transaction is
 * older than every transaction of this database in flight: no event can commit behind what this returns.
 */
export async function listEventsAfter(
  db: Queryable,
  clientId: string,
  query: { topic: TEventTopic | null; position: { xid: string; seq: string } | null; limit: number },
): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT event_id::text, topic, occurred_at, data FROM events
     WHERE client_id = $1
       AND ($2::text IS NULL OR topic = $2)
       AND ($3::xid8 IS NULL OR (xid, seq) > ($3::xid8, $4::bigint))
       AND xid < (${HORIZON})
       AND occurred_at > now() - make_interval(days => $6)
     ORDER BY xid, seq LIMIT $5`,
    [clientId, query.topic, query.position?.xid ?? null, query.position?.seq ?? null, query.limit, EVENT_RETENTION_DAYS],
  );
  return rows;
}

/** Deletes events past the retention, a bounded batch at a time. Returns how many went. */
export async function purgeOldEvents(db: Queryable, batch = 5000): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM events WHERE ctid IN (
       SELECT ctid FROM events WHERE occurred_at < now() - make_interval(days => $1) LIMIT $2)`,
    [EVENT_RETENTION_DAYS, batch],
  );
  return rowCount ?? 0;
}
