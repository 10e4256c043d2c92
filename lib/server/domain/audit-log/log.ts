import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { Principal } from "@/lib/server/core/auth/tokens";
import { snapshotList } from "@/lib/server/core/lists/list";
import { orderTsSql } from "@/lib/server/core/lists/page-window";
import { requirePortalAdmin } from "@/lib/server/domain/auth/portal-admin";
import { BANK_TIME_ZONE } from "@/lib/contract/time/bank-time";
import type { TAuditEntry, TAuditFilters, TAuditList, TAuditQuery } from "@/lib/contract/audit/schema";

type Row = {
  audit_id: string;
  created_at: Date;
  actor: string;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string;
  ip: string | null;
  correlation_id: string | null;
  data: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  sealed: boolean;
  page_at: string;
};

/**
 * One organisation's rows, filtered by actor (as recorded, or a person's
 * email), action prefix, target id and bank-time day range. No LIKE: the
 * filters are equalities and a prefix compared with left(), so no input is a
 * pattern. The order (created_at DESC, audit_id DESC) is audit_log_listing's
 * (migrations/0015_audit_log.sql), so a page is one index range.
 */
const WHERE = `a.client_id = $1
  AND ($2::text IS NULL OR a.actor = $2
       OR a.actor IN (SELECT 'user:' || user_id::text FROM users WHERE lower(email) = lower($2)))
  AND ($3::text IS NULL OR left(a.action, length($3)) = $3)
  AND ($4::text IS NULL OR a.entity_id = $4)
  AND ($5::date IS NULL OR a.created_at >= ($5::date)::timestamp AT TIME ZONE $7)
  AND ($6::date IS NULL OR a.created_at < ($6::date + 1)::timestamp AT TIME ZONE $7)`;

const filterValues = (clientId: string, f: TAuditFilters) => [
  clientId,
  f.actor ?? null,
  f.action ?? null,
  f.target ?? null,
  f.fromDate ?? null,
  f.toDate ?? null,
  BANK_TIME_ZONE,
];

/** The person behind a `user:<uuid>` actor; anything else matches no user (and never reaches a uuid cast). */
const ACTOR_USER = `u.user_id = (CASE WHEN a.actor ~ '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN substr(a.actor, 6)::uuid END)`;

async function summarizeAudit(db: Queryable, clientId: string, f: TAuditFilters): Promise<{ total: number; newest: string | null }> {
  // Counted once per result set (the token carries it to every later page), like GET /v1/payments' search.
  const { rows } = await db.query<{ total: string; newest: string | null }>(
    `SELECT count(*) AS total, ${orderTsSql("max(a.created_at)")} AS newest FROM audit_log a WHERE ${WHERE}`,
    filterValues(clientId, f),
  );
  return { total: Number(rows[0]!.total), newest: rows[0]!.newest };
}

async function fetchAudit(db: Queryable, clientId: string, f: TAuditFilters, window: { upTo: string; offset: number; limit: number }): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT a.audit_id::text, a.created_at, a.actor, u.email AS actor_email, a.action, a.entity, a.entity_id, host(a.ip) AS ip,
            a.correlation_id, a.data, a.before, a.after, a.row_hash IS NOT NULL AS sealed, ${orderTsSql("a.created_at")} AS page_at
       FROM audit_log a LEFT JOIN users u ON ${ACTOR_USER}
      WHERE ${WHERE} AND a.created_at <= $8::timestamptz
      ORDER BY a.created_at DESC, a.audit_id DESC OFFSET $9 LIMIT $10`,
    [...filterValues(clientId, f), window.upTo, window.offset, window.limit],
  );
  return rows;
}

function toEntry(r: Row): TAuditEntry {
  return {
    auditId: r.audit_id,
    occurredAt: r.created_at.toISOString(),
    actor: r.actor,
    actorEmail: r.actor_email,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    ip: r.ip,
    correlationId: r.correlation_id,
    data: r.data,
    before: r.before,
    after: r.after,
    sealed: r.sealed,
  };
}

/** GET /v1/audit-log: the token binds every filter, so a changed search starts again (decisions §4). */
export function listAuditLog(db: Queryable, principal: Principal, query: TAuditQuery, secret: string): Promise<TAuditList> {
  requirePortalAdmin(principal, "Only your organisation's portal administrators can read its audit log.");
  const { pageStart, pageSize, pageToken, ...filters } = query;
  const clientId = principal.clientId;
  return snapshotList(
    secret,
    { clientId, endpoint: "GET /v1/audit-log", filters },
    { pageStart, pageSize, pageToken },
    {
      summarize: () => summarizeAudit(db, clientId, filters),
      fetch: async (window) => (await fetchAudit(db, clientId, filters, window)).map((r) => ({ item: toEntry(r), at: r.page_at })),
    },
  );
}
