import "server-only";
import type { PoolClient } from "pg";
import { standingOrderDraftTiming, type DraftTiming } from "@/lib/contract/approvals/expiry";
import type { DraftRequest } from "@/lib/contract/approvals/policy";
import type { TCreateDraft, TDraft, TDraftKind } from "@/lib/contract/approvals/schema";
import { isRole, scopesForRole } from "@/lib/contract/auth/roles";
import { ApiError } from "@/lib/contract/http/errors";
import { executionDateOf } from "@/lib/contract/payments/schedule";
import { changeStandingOrderOperation, createStandingOrderOperation } from "@/lib/contract/standing-orders/operations";
import { ZCreateStandingOrder, ZStandingOrderChangeDraft, type TStandingOrderTerms } from "@/lib/contract/standing-orders/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { parseInput } from "@/lib/contract/validation";
import type { Queryable } from "@/lib/server/core/db/types";
import { completeKey } from "@/lib/server/core/idempotency/repo";
import { unitInTransaction } from "@/lib/server/core/unit";
import type { Rail } from "@/lib/server/domain/approvals/draft-rails";
import type { DraftRow } from "@/lib/server/domain/approvals/repo";
import { makerNow } from "@/lib/server/domain/users/repo";
import { applyChange, changeableOrder, policySubject, sameTerms, termsAfter, termsOf } from "@/lib/server/domain/standing-orders/change";
import { checkStartDate, createStandingOrder, requireRail, toStandingOrder, withStringAmounts } from "@/lib/server/domain/standing-orders/service";

/**
 * Standing orders under dual control (issue 21, docs/scheduling.md "Approvals"): a person's new order, or change of
 * one, that the policy of the order's rail holds back waits as a payment draft. The draft's rail is the order's; its
 * facts (amount, debtor account, beneficiary) are the payment each occurrence will be (for a change, on the new
 * terms); its `kind` says what the last approval makes. Until then nothing runs: a new order does not exist, a changed
 * order keeps paying its old terms.
 */

export type StandingOrderDraftInput = Extract<TCreateDraft, { rail: "STANDING_ORDER" | "STANDING_ORDER_CHANGE" }>;

export function isStandingOrderDraft(input: TCreateDraft): input is StandingOrderDraftInput {
  return input.rail === "STANDING_ORDER" || input.rail === "STANDING_ORDER_CHANGE";
}

/** What a standing order's draft is judged on (`judged`), what it stores, and its timing. */
export type DraftSubject = { kind: TDraftKind; judged: DraftRequest; stored: Record<string, unknown>; timing: DraftTiming };

/** The drafting person's permissions (the route's scopes), when known: the order's rail permission is needed, as for a PATCH. */
export async function standingOrderSubject(
  tx: Queryable,
  caller: { clientId: string; scopes?: ReadonlySet<string> },
  input: StandingOrderDraftInput,
  now: Date,
  holidays: ReadonlySet<string>,
): Promise<DraftSubject> {
  if (input.rail === "STANDING_ORDER") {
    const { schedule } = input.request;
    checkStartDate(schedule.startDate, now, "request.schedule.startDate");
    const request = withStringAmounts(input.request.request);
    return {
      kind: "StandingOrder",
      judged: policySubject({ rail: input.request.rail, request }),
      stored: { rail: input.request.rail, request, schedule },
      timing: standingOrderDraftTiming(now, holidays, executionDateOf(schedule.startDate, holidays), schedule.startDate),
    };
  }
  const { standingOrderId, request: patched, schedule: end } = input.request;
  const row = await changeableOrder(tx, caller.clientId, standingOrderId, false);
  if (caller.scopes) requireRail(caller.scopes, row.rail);
  const terms = termsAfter(row, { request: patched, schedule: end });
  const next = toStandingOrder(row, holidays).nextExecutionDate ?? bankLocalParts(now).date;
  return {
    kind: "StandingOrderChange",
    judged: policySubject(terms),
    stored: { standingOrderId, request: patched, schedule: end, before: termsOf(row), after: { request: terms.request, schedule: terms.schedule } },
    timing: standingOrderDraftTiming(now, holidays, next, null),
  };
}

/** The draft input a re-draft sends again: the maker's own body, without the terms the server added. */
export function standingOrderRedraft(row: Pick<DraftRow, "kind" | "request">): StandingOrderDraftInput {
  if (row.kind === "StandingOrder") return { rail: "STANDING_ORDER", request: parseInput(ZCreateStandingOrder, row.request) };
  const { standingOrderId, request, schedule } = row.request;
  return { rail: "STANDING_ORDER_CHANGE", request: parseInput(ZStandingOrderChangeDraft, { standingOrderId, request, schedule }) };
}

/** What the approver reads: the order's terms before (a change) and after. */
export function standingOrderOfDraft(row: Pick<DraftRow, "kind" | "request" | "payment_id">): TDraft["standingOrder"] {
  if (row.kind === "Payment") return null;
  if (row.kind === "StandingOrder") {
    const { request, schedule } = row.request as TStandingOrderTerms;
    return { kind: "StandingOrder", standingOrderId: row.payment_id, before: null, after: { request, schedule } };
  }
  const stored = row.request as { standingOrderId: string; before: TStandingOrderTerms; after: TStandingOrderTerms };
  return { kind: "StandingOrderChange", standingOrderId: stored.standingOrderId, before: stored.before, after: stored.after };
}

/** The maker's permissions as they are at approval (decisions §11), for the order's rail check. */
async function makerScopes(tx: PoolClient, clientId: string, userId: string): Promise<Set<string>> {
  const maker = await makerNow(tx, clientId, userId);
  return new Set(maker && isRole(maker.role) ? scopesForRole(maker.role, maker.clientPermissions) : []);
}

/** What the last approval makes, as the maker, in the approval's transaction (lib/server/domain/approvals/decide.ts). */
export const STANDING_ORDER_DRAFTS: Readonly<Record<Exclude<TDraftKind, "Payment">, Rail>> = {
  StandingOrder: {
    operation: createStandingOrderOperation,
    make: async (unit, request, m) => {
      const order = await createStandingOrder(unitInTransaction(unit, m.tx, m.slot), {
        scopes: await makerScopes(m.tx, unit.actor.clientId, unit.actor.person!.userId),
        order: parseInput(ZCreateStandingOrder, request),
        lockTimeoutMs: m.payment.lockTimeoutMs,
        approvedBy: m.approvedBy.map((a) => a.email),
      });
      return { id: order.standingOrderId, body: order };
    },
  },
  StandingOrderChange: {
    operation: changeStandingOrderOperation,
    make: async (unit, request, m) => {
      const stored = request as { standingOrderId: string; request?: unknown; schedule?: unknown; before: TStandingOrderTerms };
      const change = parseInput(ZStandingOrderChangeDraft, { standingOrderId: stored.standingOrderId, request: stored.request, schedule: stored.schedule });
      const row = await changeableOrder(m.tx, unit.actor.clientId, change.standingOrderId, true);
      requireRail(await makerScopes(m.tx, unit.actor.clientId, unit.actor.person!.userId), row.rail);
      if (!sameTerms(termsOf(row), stored.before)) {
        throw new ApiError(
          "INVALID_STATUS_TRANSITION",
          "The standing order was changed after this change was drafted, so it was not applied: draft the change again on its new terms.",
        );
      }
      const order = await applyChange(m.tx, row, termsAfter(row, change), {
        actor: unit.actor,
        now: unit.now,
        lockTimeoutMs: m.payment.lockTimeoutMs,
        approvedBy: m.approvedBy.map((a) => a.email),
      });
      await completeKey(m.tx, m.slot, JSON.stringify(order));
      return { id: order.standingOrderId, body: order };
    },
  },
};
