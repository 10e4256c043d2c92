import "server-only";
import { z } from "zod";
import type { Queryable } from "@/lib/server/core/db/types";
import { findCounterparty } from "@/lib/server/domain/counterparties/repo";
import { PAYEE_RECENT_DAYS, type TDraftPayee } from "@/lib/contract/approvals/schema";

const DAY_MS = 86_400_000;

/**
 * The saved payee a draft's request names (issue 24, item 1): its request holds only counterpartyId, and the payment
 * is made to the payee's details as they are at approval, so the approver reads those, with when they were saved and
 * last changed. Null for a request without a payee, or when the payee is gone (the approval then refuses it).
 */
export async function draftPayee(db: Queryable, clientId: string, request: Record<string, unknown>, now: Date): Promise<TDraftPayee | null> {
  const id = request.counterpartyId;
  if (!z.uuid().safeParse(id).success) return null;
  const row = await findCounterparty(db, clientId, id as string);
  if (!row || row.status === "Deleted") return null;
  const changed = row.updated_at.getTime() > row.created_at.getTime() ? row.updated_at : null;
  const latest = changed ?? row.created_at;
  return {
    counterpartyId: row.counterparty_id,
    details: row.details,
    savedAt: row.created_at.toISOString(),
    changedAt: changed ? changed.toISOString() : null,
    recent: now.getTime() - latest.getTime() < PAYEE_RECENT_DAYS * DAY_MS,
  };
}
