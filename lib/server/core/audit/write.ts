import "server-only";
import { isIP } from "node:net";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * Who acted: `user:<uuid>` (a portal user), `client:<client_id>` (an API
 * client's token) or `system:<name>` (the worker, a CLI). Built by
 * lib/server/core/audit/actors.ts.
 */
export type AuditActor = `user:${string}` | `client:${string}` | `system:${string}`;

/** One audit row: what changed (action on entity/entityId), by whom, from where, and the state around it. */
export type AuditEntry = {
  /** The organisation whose chain the row joins. */
  clientId: string;
  actor: AuditActor | string;
  /** `<entity>.<verb>`, e.g. `payment.created`, `approval_policy.changed`. */
  action: string;
  entity: string;
  entityId: string;
  /** Facts about the change that are neither before nor after (never a secret). */
  data?: Record<string, unknown>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
  correlationId?: string | null;
};

/** A proxy-supplied address may be anything (TRUST_PROXY=1): only a real IP reaches the inet column (here and in SQL callers' rows). */
export function auditIp(ip: string | null | undefined): string | null {
  return ip && isIP(ip) ? ip : null;
}

/**
 * Writes one audit row in the caller's transaction (pass the transaction's
 * client, so the row commits or rolls back with the change). The INSERT
 * itself lives in SQL audit_write (migrations/0012_audit_trail.sql), which
 * SQL write paths call directly: one writer for both. The row is sealed into
 * its organisation's hash chain after commit (lib/server/core/audit/seal.ts).
 */
export async function writeAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query({
    name: "audit-write",
    text: "SELECT audit_write($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    values: [
      entry.clientId,
      entry.actor,
      entry.action,
      entry.entity,
      entry.entityId,
      JSON.stringify(entry.data ?? {}),
      entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      auditIp(entry.ip),
      entry.correlationId ?? null,
    ],
  });
}
