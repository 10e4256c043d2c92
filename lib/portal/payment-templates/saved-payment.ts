import type { TAchTemplateRequest, TInternalTemplateRequest, TSwiftTemplateRequest } from "@/lib/contract/payment-templates/schema";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import type { TRail } from "@/lib/contract/payments/schema";
import { formatMoney } from "@/lib/contract/money-format";
import {
  ACH_REMITTANCE_LINES,
  achDefaults,
  SWIFT_ADDRESS_LINES,
  SWIFT_REMITTANCE_LINES,
  swiftDefaults,
  TRANSFER_REMITTANCE_LINES,
  transferDefaults,
  type AchFormValues,
  type SwiftFormValues,
  type TransferFormValues,
} from "@/lib/portal/payments/payment-forms";

/**
 * A saved payment (a template's request, or one read back from a payment for
 * "Pay again" and "Save as template") and the payment forms' values. Filling
 * a form never pays: the person reviews it and sends it as any payment, with a
 * new reference of its own.
 */

export type SavedPayment =
  { rail: "ACH"; request: TAchTemplateRequest } | { rail: "SWIFT"; request: TSwiftTemplateRequest } | { rail: "INTERNAL"; request: TInternalTemplateRequest };

/** Who a saved payment (a template, a standing order) pays, in words: a payee of the book, the beneficiary as typed, or one's own account. */
export function beneficiaryOf(t: SavedPayment): string {
  if (t.rail === "INTERNAL") return `Your account ${t.request.creditorAccount.identification}`;
  if (t.request.counterpartyId) return "A payee from your book";
  return `${t.request.creditorAccount?.name ?? ""} · ${t.request.creditorAccount?.identification ?? ""}`;
}

/** A saved payment's amount; a template may leave it to be typed each time. */
export function amountOf(t: SavedPayment): string {
  const amount = t.request.instructedAmount.amount ?? (t.rail === "SWIFT" ? t.request.debitAmount?.amount : undefined);
  const currency = t.rail === "SWIFT" && t.request.debitAmount ? t.request.debitAmount.currency : t.request.instructedAmount.currency;
  return amount === undefined || amount === null ? `Typed each time (${currency})` : formatMoney(String(amount), currency);
}

/** Fixed-length lines for the form's inputs: what was saved, then empty ones. */
function padded(lines: readonly string[] | null | undefined, count: number): string[] {
  return Array.from({ length: count }, (_, i) => lines?.[i] ?? "");
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));

export function achValuesOf(r: TAchTemplateRequest): AchFormValues {
  const info = r.creditorAccount?.additionalInformation;
  return {
    ...achDefaults(r.debtorAccount.identification),
    counterpartyId: r.counterpartyId ?? "",
    instructedAmount: { amount: text(r.instructedAmount.amount) },
    creditorAccount: {
      identification: r.creditorAccount?.identification ?? "",
      name: r.creditorAccount?.name ?? "",
      additionalInformation: Array.isArray(info) ? info.join(" ") : text(info),
    },
    creditorBank: { bankCode: r.creditorBank?.bankCode ?? "" },
    remittanceInformation: padded(r.remittanceInformation, ACH_REMITTANCE_LINES),
  };
}

export function swiftValuesOf(r: TSwiftTemplateRequest): SwiftFormValues {
  return {
    ...swiftDefaults(r.debtorAccount.identification, r.instructedAmount.currency),
    counterpartyId: r.counterpartyId ?? "",
    instructedAmount: { currency: r.instructedAmount.currency, amount: text(r.instructedAmount.amount) },
    debitAmount: { amount: text(r.debitAmount?.amount) },
    creditorAccount: {
      identification: r.creditorAccount?.identification ?? "",
      name: r.creditorAccount?.name ?? "",
      additionalInformation: padded(r.creditorAccount?.additionalInformation, SWIFT_ADDRESS_LINES),
    },
    creditorAgent: {
      identification: r.creditorAgent?.identification ?? "",
      name: r.creditorAgent?.name ?? "",
      additionalInformation: padded(r.creditorAgent?.additionalInformation, SWIFT_ADDRESS_LINES),
    },
    intermediaryAgent: { identification: r.intermediaryAgent?.identification ?? "" },
    chargesType: r.chargesType,
    remittanceInformation: padded(r.remittanceInformation, SWIFT_REMITTANCE_LINES),
  };
}

export function transferValuesOf(r: TInternalTemplateRequest): TransferFormValues {
  return {
    ...transferDefaults(r.debtorAccount.identification, r.creditorAccount.identification),
    instructedAmount: { amount: text(r.instructedAmount.amount) },
    remittanceInformation: padded(r.remittanceInformation, TRANSFER_REMITTANCE_LINES),
  };
}

/**
 * What a payment's record says it paid, as a saved payment of its rail: the
 * payee when it was made to one, else the beneficiary as recorded (its address
 * and an intermediary are not on the record: the person adds them). A
 * converted SWIFT payment keeps its debit amount, as the form sends it.
 */
export function savedFromPayment(p: TPaymentSummary): SavedPayment {
  const rail: TRail = p.type;
  const debtorAccount = { identification: p.debtorAccount.identification };
  const amount = p.creditAmount;
  if (rail === "INTERNAL") {
    const remittance = p.remittanceInformation.length ? { remittanceInformation: p.remittanceInformation } : {};
    return {
      rail,
      request: { debtorAccount, creditorAccount: { identification: p.beneficiary.accountIdentification }, instructedAmount: amount, ...remittance },
    };
  }
  const payee = p.counterpartyId ? { counterpartyId: p.counterpartyId } : null;
  const creditorAccount = { identification: p.beneficiary.accountIdentification, name: p.beneficiary.name };
  if (rail === "ACH") {
    const creditor = payee ?? { creditorAccount, creditorBank: { bankCode: p.beneficiary.bankIdentification ?? "", currency: amount.currency } };
    return {
      rail,
      request: {
        debtorAccount,
        debitCurrency: p.debitAmount.currency as "USD",
        instructedAmount: amount as TAchTemplateRequest["instructedAmount"],
        ...creditor,
        remittanceInformation: p.remittanceInformation,
      },
    };
  }
  const converted = p.exchangeRate !== null;
  const creditor = payee ?? { creditorAccount, creditorAgent: { identification: p.beneficiary.bankIdentification, name: p.beneficiary.bankName } };
  return {
    rail,
    request: {
      debtorAccount,
      instructedAmount: converted ? { currency: amount.currency } : amount,
      ...(converted ? { debitAmount: p.debitAmount } : {}),
      ...creditor,
      chargesType: p.chargesType ?? "SHA",
      remittanceInformation: p.remittanceInformation,
    },
  };
}
