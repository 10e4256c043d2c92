import { PAYEE_RECENT_DAYS, type TDraft } from "@/lib/contract/approvals/schema";
import { formatAmount, parseAmount } from "@/lib/contract/money";
import { creditForDebit, normalizeRate, swiftChargeMinor } from "@/lib/contract/payments/pricing";
import { ZAchPaymentRequest, ZInternalTransferRequest, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { CHARGES_LABELS } from "@/lib/portal/payments/payment-search";
import { formatMoney, formatRate } from "@/lib/contract/money-format";
import { scheduleInWords } from "@/lib/portal/standing-orders/standing-orders-api";
import { routingLine } from "@/lib/portal/payees/payees-api";
import { formatBankDateTime } from "@/lib/contract/time/date-format";

/**
 * What an approver reads before deciding (issue 24, item 1): the whole request a draft would send, in the payment
 * page's words. The request is parsed with the rail's own contract schema, so a field is shown only as the bank
 * would read it; a request that no longer parses (a schema that moved on) shows nothing rather than a guess.
 */
export type RequestRow = { label: string; value: string | readonly string[]; mono?: boolean };

type Agent = { identification?: string | null; name?: string | null; additionalInformation?: readonly string[] | null } | null | undefined;

const agentText = (agent: Agent) => [agent?.identification, agent?.name].filter(Boolean).join(" · ");
const lines = (value: string | readonly string[] | null | undefined) =>
  value === null || value === undefined ? [] : typeof value === "string" ? [value] : value;
const money = (minor: bigint, currency: string) => formatMoney(formatAmount(minor, currency), currency);

type Drafted = Pick<TDraft, "rail" | "request" | "quote" | "currentQuote"> & { standingOrder?: TDraft["standingOrder"]; payee?: TDraft["payee"] };

/**
 * A payment to a saved payee names it (decisions §11) and is paid to the payee's details as the bank holds them when
 * approved: those details, when they were saved and last changed, and a word when that was recent (issue 24, item 1).
 */
function payeeRows(counterpartyId: string | null | undefined, payee: TDraft["payee"] | undefined): RequestRow[] {
  if (!counterpartyId) return [];
  const paidAs = "Paid to the payee's details as the bank holds them when approved";
  if (!payee || payee.counterpartyId !== counterpartyId) return [{ label: "Saved payee", value: [counterpartyId, paidAs], mono: true }];
  return [
    { label: "Saved payee", value: [payee.details.name, routingLine(payee.details), paidAs] },
    { label: "Payee saved", value: formatBankDateTime(payee.savedAt) },
    { label: "Payee last changed", value: payee.changedAt ? formatBankDateTime(payee.changedAt) : "Not changed since it was saved" },
    ...(payee.recent
      ? [{ label: "Recent payee", value: `Saved or changed in the last ${PAYEE_RECENT_DAYS} days: confirm its details with the beneficiary before approving` }]
      : []),
  ];
}

/**
 * A standing order's draft (issue 21): what it is ("New standing order" and its schedule, or "Change of standing order"
 * with the order's id), then the payment each occurrence will be, read from the terms `after`; for a change, each row
 * whose value differs from the terms `before` adds "was …" under it, so a changed amount or payee is seen side by side.
 */
function standingOrderRows(draft: Drafted, order: NonNullable<TDraft["standingOrder"]>): RequestRow[] {
  const payment = (terms: { request: Record<string, unknown> }) => draftRequestRows({ ...draft, standingOrder: null, request: terms.request });
  const schedule = scheduleInWords(order.after);
  if (!order.before) return [{ label: "New standing order", value: schedule }, ...payment(order.after)];
  const was = new Map(payment(order.before).map((row) => [row.label, lines(row.value)]));
  const wasSchedule = scheduleInWords(order.before);
  const marked = (row: RequestRow): RequestRow => {
    const old = was.get(row.label);
    return old && old.join("\n") !== lines(row.value).join("\n") ? { ...row, value: [...lines(row.value), `was ${old.join(" / ") || "—"}`] } : row;
  };
  return [
    { label: "Change of standing order", value: order.standingOrderId ?? "—", mono: true },
    { label: "Schedule", value: wasSchedule === schedule ? schedule : [schedule, `was ${wasSchedule}`] },
    ...payment(order.after).map(marked),
  ];
}

export function draftRequestRows(draft: Drafted): RequestRow[] {
  if (draft.standingOrder) return standingOrderRows(draft, draft.standingOrder);
  const reference = (id: string | null | undefined): RequestRow => ({ label: "Your reference", value: id ?? "—", mono: true });
  switch (draft.rail) {
    case "ACH": {
      const parsed = ZAchPaymentRequest.safeParse(draft.request);
      if (!parsed.success) return [];
      const r = parsed.data;
      const amount = parseAmount(r.instructedAmount.amount, r.instructedAmount.currency);
      return [
        ...(r.creditorAccount && r.creditorBank
          ? [
              { label: "Beneficiary", value: r.creditorAccount.name },
              { label: "Beneficiary account", value: r.creditorAccount.identification, mono: true },
              { label: "Beneficiary bank code", value: r.creditorBank.bankCode, mono: true },
            ]
          : payeeRows(r.counterpartyId, draft.payee)),
        { label: "Beneficiary receives", value: money(amount, r.instructedAmount.currency) },
        { label: "Charges", value: "None on ACH" },
        { label: "Total debited", value: money(amount, r.debitCurrency) },
        { label: "Remittance", value: r.remittanceInformation },
        reference(r.instructionIdentification),
      ];
    }
    case "SWIFT": {
      const parsed = ZSwiftPaymentRequest.safeParse(draft.request);
      if (!parsed.success) return [];
      const r = parsed.data;
      const debitCurrency = r.debitAmount?.currency ?? r.instructedAmount.currency;
      const rate = (draft.currentQuote ?? draft.quote).exchangeRate;
      const debitMinor = r.debitAmount ? parseAmount(r.debitAmount.amount, debitCurrency) : parseAmount(r.instructedAmount.amount ?? "0", debitCurrency);
      const receives = r.debitAmount
        ? rate
          ? money(creditForDebit(debitMinor, normalizeRate(rate), debitCurrency, r.instructedAmount.currency), r.instructedAmount.currency)
          : `In ${r.instructedAmount.currency}, at the rate when approved`
        : money(debitMinor, r.instructedAmount.currency);
      const charge = swiftChargeMinor(r.chargesType, debitCurrency);
      return [
        ...(r.creditorAccount
          ? [
              { label: "Beneficiary", value: [r.creditorAccount.name, ...lines(r.creditorAccount.additionalInformation)] },
              { label: "Beneficiary account (IBAN)", value: r.creditorAccount.identification, mono: true },
              { label: "Beneficiary bank (BIC)", value: [agentText(r.creditorAgent) || "—", ...lines(r.creditorAgent?.additionalInformation)] },
            ]
          : payeeRows(r.counterpartyId, draft.payee)),
        ...(r.intermediaryAgent ? [{ label: "Intermediary bank", value: agentText(r.intermediaryAgent) || "—" }] : []),
        { label: "Beneficiary receives", value: receives },
        ...(rate && r.debitAmount ? [{ label: "Exchange rate", value: formatRate(rate, debitCurrency, r.instructedAmount.currency) }] : []),
        { label: "Charges", value: CHARGES_LABELS[r.chargesType] },
        { label: "Charge", value: money(charge, debitCurrency) },
        { label: "Total debited", value: money(debitMinor + charge, debitCurrency) },
        { label: "Remittance", value: r.remittanceInformation },
        reference(r.instructionIdentification),
      ];
    }
    case "INTERNAL": {
      const parsed = ZInternalTransferRequest.safeParse(draft.request);
      if (!parsed.success) return [];
      const r = parsed.data;
      return [
        { label: "Amount", value: money(parseAmount(r.instructedAmount.amount, r.instructedAmount.currency), r.instructedAmount.currency) },
        { label: "Charges", value: "None on transfers between your accounts" },
        { label: "Remittance", value: lines(r.remittanceInformation).length ? lines(r.remittanceInformation) : "—" },
        reference(r.instructionIdentification),
      ];
    }
    case "VIRTUAL_ACCOUNT_BATCH":
    case "BATCH":
      // Shown by their own views (the batch summary; a run's lines, RunDraftLines).
      return [];
  }
}
