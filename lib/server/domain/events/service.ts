import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import { EVENT_RETENTION_DAYS, type TEvent, type TEventListQuery, type TEventPage } from "@/lib/contract/events/schema";
import { findEventPosition, listEventsAfter, type EventRow } from "@/lib/server/domain/events/repo";

function toEvent(row: EventRow): TEvent {
  return { eventId: row.event_id, topic: row.topic, occurredAt: row.occurred_at.toISOString(), data: row.data } as TEvent;
}

/** GET /v1/events: a page after the `after` event, in the order no concurrent commit can break (repo.ts). */
export async function listEvents(db: Queryable, clientId: string, query: TEventListQuery): Promise<TEventPage> {
  const position = query.after ? await findEventPosition(db, clientId, query.after) : null;
  if (query.after && !position) {
    throw new ApiError("VALIDATION_ERROR", `Invalid after: no event ${query.after} of this client in the last ${EVENT_RETENTION_DAYS} days.`, {
      field: "after",
    });
  }
  const rows = await listEventsAfter(db, clientId, { topic: query.topic ?? null, position, limit: query.pageSize + 1 });
  const page = rows.slice(0, query.pageSize);
  return { data: page.map(toEvent), meta: { hasMore: rows.length > query.pageSize, next: page.at(-1)?.event_id ?? query.after ?? null } };
}
