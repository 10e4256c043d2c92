import "server-only";
import type { TAchPaymentRequest } from "@/lib/contract/payments/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { bankInstant, OPERATING, SUPPLIERS } from "@/lib/server/entry/demo-history-plan";

/**
 * The history's drafts (docs/demo-data.md): with the demo's approval policy (ACH in USD from 10,000.00 needs one
 * approver), the treasurer drafts larger supplier payments and the approver decides them, so the approvals page shows
 * one in each state: Submitted (approved, its payment made), Rejected, Refused (approved, but its account had been
 * closed), Expired (never decided before its cut-off) and one awaiting approval now. Each is the act of a person at a
 * time of the history, through the same use cases as the portal's.
 */

/** Acme's policy in the demo with history: the routine supplier payments (under 9,500) go straight through. */
export const DEMO_POLICY = { rail: "ACH", currency: "USD", threshold: "10000.00", approvers: 1 } as const;

/** Legacy reserve: Acme's inactive account, which a draft made from it cannot pay from once approved. */
const CLOSED_ACCOUNT = "1000123458";

export type DraftAct =
  | { at: string; kind: "draft"; key: string; request: TAchPaymentRequest; nextBusinessDay: boolean }
  | { at: string; kind: "decide"; key: string; decision: "approve" | "reject"; comment: string };

function request(key: string, supplier: (typeof SUPPLIERS)[number], amount: string, line: string, debtor = OPERATING): TAchPaymentRequest {
  return {
    instructionIdentification: key,
    debtorAccount: { identification: debtor },
    debitCurrency: "USD",
    instructedAmount: { amount, currency: "USD" },
    creditorAccount: { identification: supplier.account, name: supplier.name },
    creditorBank: { bankCode: "BANK_A", currency: "USD" },
    remittanceInformation: [line],
  };
}

/**
 * The drafts over the business days `calendar` (oldest first) and the start's clock `now`: each decided within the hour,
 * before the ACH cut-off, so an approval's payment is made on the day it was drafted; the one awaiting approval is
 * drafted now, for the next business day, so it waits past today's cut-off.
 */
export function draftActs(calendar: readonly string[], now: Date): DraftAct[] {
  const day = (back: number) => calendar[Math.max(0, calendar.length - back)]!;
  const [fuel, chandlery, tugs, electric, insurance] = SUPPLIERS;
  const approved = `TUG-${day(20).replaceAll("-", "")}`;
  const rejected = `CHN-${day(8).replaceAll("-", "")}`;
  const refused = `ELC-${day(5).replaceAll("-", "")}`;
  const expired = `INS-${day(3).replaceAll("-", "")}`;
  const waiting = `FUEL-${bankLocalParts(now).date.replaceAll("-", "")}`;
  return [
    {
      at: bankInstant(day(20), 10, 5),
      kind: "draft",
      key: approved,
      request: request(approved, tugs, "18750.00", "Annual towage contract 2026"),
      nextBusinessDay: false,
    },
    { at: bankInstant(day(20), 11, 20), kind: "decide", key: approved, decision: "approve", comment: "Checked against contract AT-2026." },
    {
      at: bankInstant(day(8), 11, 10),
      kind: "draft",
      key: rejected,
      request: request(rejected, chandlery, "12400.00", "Invoice PORTSIDE-Q3"),
      nextBusinessDay: false,
    },
    {
      at: bankInstant(day(8), 12, 2),
      kind: "decide",
      key: rejected,
      decision: "reject",
      comment: "Invoice PORTSIDE-Q3 was paid last month: please check with the supplier.",
    },
    {
      at: bankInstant(day(5), 9, 40),
      kind: "draft",
      key: refused,
      request: request(refused, electric, "11000.00", "Shore power, quarter 3", CLOSED_ACCOUNT),
      nextBusinessDay: false,
    },
    { at: bankInstant(day(5), 10, 15), kind: "decide", key: refused, decision: "approve", comment: "Approved." },
    {
      at: bankInstant(day(3), 14, 30),
      kind: "draft",
      key: expired,
      request: request(expired, insurance, "15000.00", "Hull cover renewal"),
      nextBusinessDay: false,
    },
    { at: now.toISOString(), kind: "draft", key: waiting, request: request(waiting, fuel, "22500.00", "Bunker fuel, December"), nextBusinessDay: true },
  ];
}
