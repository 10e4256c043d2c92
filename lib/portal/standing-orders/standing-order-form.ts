import { z } from "zod";
import { ZAmount } from "@/lib/contract/payments/schema";
import { FREQUENCIES, occurrences } from "@/lib/contract/standing-orders/recurrence";
import { MAX_OCCURRENCES, type TCreateStandingOrder } from "@/lib/contract/standing-orders/schema";
import type { TDraft } from "@/lib/contract/approvals/schema";
import type { TStandingOrder } from "@/lib/contract/standing-orders/schema";
import { apiJson, formBody } from "@/lib/portal/shared/api-client";
import { createPaymentDraftOperation } from "@/lib/contract/approvals/operations";
import { changeStandingOrderOperation, createStandingOrderOperation } from "@/lib/contract/standing-orders/operations";

/**
 * The portal's standing-order form (issue 21, docs/scheduling.md "In the portal"): an ACH order to a payee from the
 * book. The form's values are checked with the contract's own pieces (ZAmount, the schedule's bounds), the order it
 * sends with ZCreateStandingOrder on the server; a policy that holds it back makes it a draft, as the payment forms do.
 */
const ZDate = z.iso.date("must be a date");
export const ZStandingOrderForm = z
  .object({
    counterpartyId: z.string().min(1, "is required: pick one of your payees"),
    debtorAccount: z.string().min(1, "is required"),
    amount: ZAmount,
    remittance: z.string().trim().min(1, "is required").max(35, "must be at most 35 characters"),
    frequency: z.enum(FREQUENCIES),
    startDate: ZDate,
    end: z.enum(["never", "date", "count"]),
    endDate: z.string(),
    count: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.end === "date" && !ZDate.safeParse(v.endDate).success) ctx.addIssue({ code: "custom", path: ["endDate"], message: "must be a date" });
    if (v.end === "date" && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "must be on or after the start" });
    const n = Number(v.count);
    if (v.end === "count" && !(Number.isInteger(n) && n >= 1 && n <= MAX_OCCURRENCES)) {
      ctx.addIssue({ code: "custom", path: ["count"], message: `must be a whole number from 1 to ${MAX_OCCURRENCES}` });
    }
  });
export type StandingOrderFormValues = z.infer<typeof ZStandingOrderForm>;

/** The schedule the form's values describe (what the preview and the request use). */
export function scheduleOf(v: Pick<StandingOrderFormValues, "frequency" | "startDate" | "end" | "endDate" | "count">): TCreateStandingOrder["schedule"] {
  return {
    frequency: v.frequency,
    startDate: v.startDate,
    ...(v.end === "date" ? { endDate: v.endDate } : {}),
    ...(v.end === "count" ? { count: Number(v.count) } : {}),
  };
}

/** The body of POST /v1/standing-orders: the payee's currency is the debit and the instructed one (ACH pays like for like). */
export function orderBodyOf(v: StandingOrderFormValues, currency: "USD" | "BMD"): TCreateStandingOrder {
  return {
    rail: "ACH",
    request: {
      debtorAccount: { identification: v.debtorAccount },
      debitCurrency: currency,
      instructedAmount: { amount: String(v.amount).trim(), currency },
      counterpartyId: v.counterpartyId,
      remittanceInformation: [v.remittance.trim()],
    },
    schedule: scheduleOf(v),
  };
}

/** The next dates the order will pay on (at most `limit`), before a weekend or holiday moves one: empty while the start is incomplete. */
export function previewDates(v: Parameters<typeof scheduleOf>[0], limit = 5): string[] {
  if (!ZDate.safeParse(v.startDate).success) return [];
  const schedule = scheduleOf(v);
  if (schedule.endDate !== undefined && !ZDate.safeParse(schedule.endDate).success) return occurrences({ ...schedule, endDate: null }, limit);
  if (schedule.count !== undefined && !(Number.isInteger(schedule.count) && (schedule.count ?? 0) >= 1))
    return occurrences({ ...schedule, count: null }, limit);
  return occurrences(schedule, limit);
}

export type Sent = { kind: "made"; order: TStandingOrder } | { kind: "draft"; draft: TDraft };

/** Asks whether a policy holds it back (then it is a draft, made with `key`); otherwise sends it to the API with the same key. */
async function draftOr(rail: "STANDING_ORDER" | "STANDING_ORDER_CHANGE", request: unknown, key: string, send: () => Promise<TStandingOrder>): Promise<Sent> {
  const outcome = await apiJson(createPaymentDraftOperation, {
    body: formBody(createPaymentDraftOperation, { rail, request }),
    params: { header: { "Idempotency-Key": key } },
  });
  if (outcome.needsApproval && outcome.draft) return { kind: "draft", draft: outcome.draft };
  return { kind: "made", order: await send() };
}

export function sendStandingOrder(body: TCreateStandingOrder, key: string): Promise<Sent> {
  return draftOr("STANDING_ORDER", body, key, () => apiJson(createStandingOrderOperation, { body, params: { header: { "Idempotency-Key": key } } }));
}

/** A new amount for an order (its request otherwise as it is): a draft when a policy holds the new amount back. */
export function sendAmountChange(order: TStandingOrder, amount: string, key: string): Promise<Sent> {
  const request = { ...order.request, instructedAmount: { ...order.request.instructedAmount, amount: amount.trim() } };
  const id = order.standingOrderId;
  return draftOr("STANDING_ORDER_CHANGE", { standingOrderId: id, request }, key, () =>
    apiJson(changeStandingOrderOperation, { params: { path: { standingOrderId: id } }, body: { request } }),
  );
}
