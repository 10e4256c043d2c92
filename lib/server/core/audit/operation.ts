import "server-only";
import { writeAudit } from "@/lib/server/core/audit/write";
import type { Queryable } from "@/lib/server/core/db/types";
import type { OpsContext } from "@/lib/server/core/operation-context";

/**
 * The audit row of a bank operation, written in the operation's transaction
 * through the one audit writer. Operations on the bank's own data (bank
 * codes, operators) have no client: their rows join the BANK_SCOPE chain,
 * which no client id can equal (client ids start with a letter or digit).
 */
export const BANK_SCOPE = "_bank";

/** Who runs the operation, as every one of its audit rows carries it: the operator (console, with the address) or the CLI. */
export function opsActor(ctx: Pick<OpsContext, "actor" | "ip" | "correlationId">): { actor: string; ip: string | null; correlationId: string } {
  return { actor: ctx.actor, ip: ctx.ip ?? null, correlationId: ctx.correlationId };
}

export type OperationAudit = {
  clientId: string | null;
  actor: string;
  ip?: string | null;
  correlationId: string;
  action: string;
  entity: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Bank operations' audit rows go through the one audit writer (lib/server/core/audit), filed under BANK_SCOPE when no client is concerned. */
export async function auditOperation(db: Queryable, row: OperationAudit): Promise<void> {
  await writeAudit(db, {
    clientId: row.clientId ?? BANK_SCOPE,
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    ip: row.ip,
    correlationId: row.correlationId,
    before: row.before,
    after: row.after,
  });
}
