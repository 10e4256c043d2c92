import "server-only";
import { sealRequestHeaders } from "@/lib/server/core/crypto/stored-secrets";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TApprovalRail, TDraftKind } from "@/lib/contract/approvals/schema";

/** The only SQL of dual control: policies, drafts and decisions. The tenant is in every WHERE. */

export type DraftStatusRow = "AwaitingApproval" | "Submitting" | "Submitted" | "Rejected" | "Refused";

export type DraftRow = {
  draft_id: string;
  rail: TApprovalRail;
  /** What the approval makes (migrations/0068_standing_order_drafts.sql): a payment, a standing order, or a change of one. */
  kind: TDraftKind;
  request: Record<string, unknown>;
  idempotency_key: string;
  /** Null for a virtual-account batch, which moves no money (and so has no settlement_date either). */
  currency: string | null;
  amount_minor: string | null;
  debtor_account: string | null;
  beneficiary: string | null;
  maker_id: string;
  maker_name: string;
  maker_email: string;
  approvals_required: 1 | 2;
  next_business_day: boolean;
  settlement_date: string | null;
  exchange_rate: string | null;
  expires_at: Date;
  status: DraftStatusRow;
  refusal: string | null;
  payment_id: string | null;
  created_at: Date;
};

const DRAFT_COLUMNS = `d.draft_id::text, d.rail, d.kind, d.request, d.idempotency_key::text, d.currency, d.amount_minor::text, d.debtor_account,
  d.beneficiary, d.maker_id::text, u.display_name AS maker_name, u.email AS maker_email, d.approvals_required, d.next_business_day,
  d.settlement_date::text, d.exchange_rate, d.expires_at, d.status, d.refusal, d.payment_id, d.created_at`;

/** created_at is the drafting use case's clock. */
export type NewDraft = Omit<DraftRow, "maker_name" | "maker_email" | "status" | "refusal" | "payment_id">;

/** Inserts a draft; the same Idempotency-Key twice gives the first draft back (a retried click). */
export async function insertDraft(db: Queryable, clientId: string, draft: NewDraft): Promise<string> {
  const { rows } = await db.query<{ draft_id: string }>(
    `WITH ins AS (
       INSERT INTO payment_drafts (client_id, draft_id, rail, request, idempotency_key, currency, amount_minor, debtor_account, beneficiary,
         maker_id, approvals_required, next_business_day, settlement_date, exchange_rate, expires_at, status, kind, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'AwaitingApproval', $16, $17, $17)
       ON CONFLICT (client_id, idempotency_key) DO NOTHING
       RETURNING draft_id::text)
     SELECT draft_id FROM ins UNION ALL SELECT draft_id::text FROM payment_drafts WHERE client_id = $1 AND idempotency_key = $5
     LIMIT 1`,
    [
      clientId,
      draft.draft_id,
      draft.rail,
      JSON.stringify(sealRequestHeaders(draft.request)),
      draft.idempotency_key,
      draft.currency,
      draft.amount_minor,
      draft.debtor_account,
      draft.beneficiary,
      draft.maker_id,
      draft.approvals_required,
      draft.next_business_day,
      draft.settlement_date,
      draft.exchange_rate,
      draft.expires_at,
      draft.kind,
      draft.created_at,
    ],
  );
  return rows[0]!.draft_id;
}

export async function findDraft(db: Queryable, clientId: string, draftId: string, options: { lock?: boolean } = {}): Promise<DraftRow | null> {
  const { rows } = await db.query<DraftRow>(
    `SELECT ${DRAFT_COLUMNS} FROM payment_drafts d JOIN users u ON u.user_id = d.maker_id
     WHERE d.client_id = $1 AND d.draft_id = $2 ${options.lock ? "FOR UPDATE OF d" : ""}`,
    [clientId, draftId],
  );
  return rows[0] ?? null;
}

/** The newest drafts first; `waiting` keeps those still awaiting approval and not yet expired. */
export async function listDrafts(db: Queryable, clientId: string, filter: { waiting?: boolean; limit: number }): Promise<DraftRow[]> {
  const { rows } = await db.query<DraftRow>(
    `SELECT ${DRAFT_COLUMNS} FROM payment_drafts d JOIN users u ON u.user_id = d.maker_id
     WHERE d.client_id = $1 AND (NOT $2 OR (d.status = 'AwaitingApproval' AND d.expires_at > now()))
     ORDER BY d.created_at DESC, d.draft_id DESC LIMIT $3`,
    [clientId, filter.waiting ?? false, filter.limit],
  );
  return rows;
}

export type DecisionRow = {
  draft_id: string;
  user_id: string;
  name: string;
  email: string;
  decision: "approved" | "rejected";
  comment: string | null;
  decided_at: Date;
};

export async function listDecisions(db: Queryable, clientId: string, draftIds: readonly string[]): Promise<DecisionRow[]> {
  if (draftIds.length === 0) return [];
  const { rows } = await db.query<DecisionRow>(
    `SELECT c.draft_id::text, c.user_id::text, u.display_name AS name, u.email, c.decision, c.comment, c.decided_at
     FROM payment_draft_decisions c JOIN users u ON u.user_id = c.user_id
     WHERE c.client_id = $1 AND c.draft_id = ANY($2::uuid[]) ORDER BY c.decided_at, c.user_id`,
    [clientId, draftIds],
  );
  return rows;
}

export async function insertDecision(
  db: Queryable,
  clientId: string,
  decision: { draftId: string; userId: string; decision: "approved" | "rejected"; comment: string | null; decidedAt: Date },
): Promise<void> {
  await db.query("INSERT INTO payment_draft_decisions (client_id, draft_id, user_id, decision, comment, decided_at) VALUES ($1, $2, $3, $4, $5, $6)", [
    clientId,
    decision.draftId,
    decision.userId,
    decision.decision,
    decision.comment,
    decision.decidedAt,
  ]);
}

export async function setDraftStatus(
  db: Queryable,
  clientId: string,
  draftId: string,
  change: { status: DraftStatusRow; paymentId?: string | null; refusal?: string | null },
  at: Date,
): Promise<void> {
  await db.query(
    "UPDATE payment_drafts SET status = $3, payment_id = coalesce($4, payment_id), refusal = $5, updated_at = $6 WHERE client_id = $1 AND draft_id = $2",
    [clientId, draftId, change.status, change.paymentId ?? null, change.refusal ?? null, at],
  );
}

export async function accountCurrency(db: Queryable, clientId: string, accountNumber: string): Promise<string | null> {
  const { rows } = await db.query<{ currency: string }>("SELECT currency FROM accounts WHERE client_id = $1 AND account_number = $2", [
    clientId,
    accountNumber,
  ]);
  return rows[0]?.currency ?? null;
}
