import "server-only";
import type { Queryable } from "@/lib/server/db/types";

/**
 * The audit row of a bank operation, written in the operation's transaction.
 * Operations on the bank's own data (bank codes, operators) have no client:
 * they are filed under BANK_SCOPE, which no client id can equal (client ids
 * start with a letter or digit). Moves to lib/server/audit when that lands.
 */
export const BANK_SCOPE = "_bank";

export type OperationAudit = {
  clientId: string | null;
  actor: string;
  correlationId: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
};

export async function auditOperation(db: Queryable, row: OperationAudit): Promise<void> {
  await db.query("INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data) VALUES ($1, $2, $3, $4, $5, $6)", [
    row.clientId ?? BANK_SCOPE,
    row.actor,
    row.action,
    row.entity,
    row.entityId,
    JSON.stringify({ correlationId: row.correlationId, before: row.before ?? null, after: row.after ?? null }),
  ]);
}
