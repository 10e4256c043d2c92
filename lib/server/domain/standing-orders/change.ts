import "server-only";
import type { PoolClient } from "pg";
import type { DraftRequest } from "@/lib/contract/approvals/policy";
import { ApiError } from "@/lib/contract/http/errors";
import type { TRail } from "@/lib/contract/payments/schema";
import { occurrenceAfter, occurrenceOnOrAfter } from "@/lib/contract/standing-orders/recurrence";
import {
  ZCreateStandingOrder,
  type TChangeStandingOrder,
  type TStandingOrder,
  type TStandingOrderTerms,
  type TStandingSchedule,
} from "@/lib/contract/standing-orders/schema";
import { parseInput } from "@/lib/contract/validation";
import { writeAudit } from "@/lib/server/core/audit/write";
import type { Queryable } from "@/lib/server/core/db/types";
import { transactionOf, type Actor, type Unit } from "@/lib/server/core/unit";
import { assertNotHeldBack } from "@/lib/server/domain/dual-control/policies";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { movePayment } from "@/lib/server/domain/payments/lifecycle";
import {
  findStandingOrder,
  lockScheduledOccurrences,
  releaseOccurrence,
  setStandingOrderTerms,
  type StandingOrderRow,
} from "@/lib/server/domain/standing-orders/repo";
import { makeOccurrence, requireRail, standingOrderNotFound, toStandingOrder, withStringAmounts } from "@/lib/server/domain/standing-orders/service";

/**
 * Changing a standing order (issue 21, docs/scheduling.md "Changing an order"): a new amount, payee or remittance (its
 * request, replaced whole) or a new end. Occurrences already made keep their terms; the one still Scheduled is
 * cancelled and made again with the new terms. Under an approval policy a person's change waits as a draft
 * (lib/server/domain/approvals/standing-order-drafts.ts): the order keeps its old terms until the last approval.
 */

export type NewTerms = { rail: TRail; request: Record<string, unknown>; schedule: TStandingSchedule };

/** The order, to be changed: 404 when it is not the client's, 409 unless it is Active. `lock` holds its row. */
export async function changeableOrder(db: Queryable, clientId: string, standingOrderId: string, lock: boolean): Promise<StandingOrderRow> {
  const row = await findStandingOrder(db, clientId, standingOrderId, lock);
  if (!row) throw standingOrderNotFound(standingOrderId);
  if (row.status !== "Active") {
    throw new ApiError("INVALID_STATUS_TRANSITION", `Only an Active standing order can be changed; this one is ${row.status}.`, { field: "standingOrderId" });
  }
  return row;
}

/** The order's terms as they are: what an approver compares the proposal with. */
export function termsOf(row: Pick<StandingOrderRow, "request" | "schedule">): TStandingOrderTerms {
  return { request: row.request, schedule: row.schedule };
}

/** The order's terms after `change`, checked whole as a POST of its rail would be (field paths `request.…`, `schedule.…`). */
export function termsAfter(row: Pick<StandingOrderRow, "rail" | "request" | "schedule">, change: TChangeStandingOrder): NewTerms {
  const schedule = { ...row.schedule, ...(change.schedule ?? {}) };
  const order = parseInput(ZCreateStandingOrder, { rail: row.rail, request: change.request ?? row.request, schedule });
  return { rail: order.rail, request: withStringAmounts(order.request), schedule: order.schedule };
}

/** What an approval policy judges: the payment each occurrence will be. */
export function policySubject(terms: Pick<NewTerms, "rail" | "request">): DraftRequest {
  return { rail: terms.rail, request: terms.request } as DraftRequest;
}

/** The same JSON whatever the order of its keys: the terms an approver saw against the order's terms now. */
export function sameTerms(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined && v !== null)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/**
 * Applies new terms to a locked Active order, in `tx`: its Scheduled occurrences are cancelled (payments' lifecycle:
 * audited, raised) and released; the next occurrence is the first of the new schedule from the released one (or after
 * the latest made); a released occurrence still in the schedule is made again at once with the new terms (Scheduled
 * for its day), judged by the rail (a refusal refuses the change). Audited `standing_order.changed` with before/after.
 */
export async function applyChange(
  tx: PoolClient,
  row: StandingOrderRow,
  terms: NewTerms,
  how: { actor: Actor; now: Date; lockTimeoutMs: number; approvedBy?: string[] },
): Promise<TStandingOrder> {
  const { client_id: clientId, standing_order_id: standingOrderId } = row;
  const cancelled: string[] = [];
  let released: string | null = null;
  let releasedCount = 0;
  for (const paymentId of await lockScheduledOccurrences(tx, clientId, standingOrderId)) {
    await movePayment(tx, clientId, paymentId, "Cancelled", how.actor);
    cancelled.push(paymentId);
    const date = await releaseOccurrence(tx, clientId, standingOrderId, paymentId);
    if (date === null) continue;
    releasedCount++;
    if (released === null || date < released) released = date;
  }
  const next = released
    ? occurrenceOnOrAfter(terms.schedule, released)
    : row.last_occurrence_date
      ? occurrenceAfter(terms.schedule, row.last_occurrence_date)
      : occurrenceOnOrAfter(terms.schedule, terms.schedule.startDate);
  await setStandingOrderTerms(tx, clientId, standingOrderId, { ...terms, next, released: releasedCount, now: how.now });
  if (released !== null && next === released) {
    const changed = { ...row, request: terms.request, schedule: terms.schedule, next_occurrence_date: next };
    await makeOccurrence(tx, changed, { actor: how.actor, now: how.now, lockTimeoutMs: how.lockTimeoutMs, policyApplied: true, onWorker: false });
  }
  await writeAudit(tx, {
    ...how.actor,
    action: "standing_order.changed",
    entity: "standing_order",
    entityId: standingOrderId,
    data: { rail: row.rail, cancelledPayments: cancelled, ...(how.approvedBy ? { approvedBy: how.approvedBy } : {}) },
    before: termsOf(row),
    after: { request: terms.request, schedule: terms.schedule },
  });
  const { holidays } = await currentReferenceData(tx);
  return toStandingOrder((await findStandingOrder(tx, clientId, standingOrderId))!, holidays);
}

/**
 * PATCH /v1/standing-orders/{id}. The rail's approval policy judges the new terms: an integration's change applies at
 * once (as its payments do); a person's change that a policy holds back is refused 403 (the portal drafts it).
 */
export function changeStandingOrder(
  unit: Unit,
  input: { scopes: ReadonlySet<string>; standingOrderId: string; change: TChangeStandingOrder; lockTimeoutMs: number },
): Promise<TStandingOrder> {
  return transactionOf(unit, async (tx) => {
    const row = await changeableOrder(tx, unit.actor.clientId, input.standingOrderId, true);
    requireRail(input.scopes, row.rail);
    const terms = termsAfter(row, input.change);
    await assertNotHeldBack(tx, unit.actor, policySubject(terms), false);
    return applyChange(tx, row, terms, { actor: unit.actor, now: unit.now, lockTimeoutMs: input.lockTimeoutMs });
  });
}
