import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import type { CHARGES_TYPES } from "@/lib/contract/payments/schema";

/**
 * The payment forms' values and their mapping to the API's request bodies.
 * Form field names are the request's JSON paths wherever the request has the
 * field, so the errors the API's own zod schema reports (by path) land on the
 * input that holds the value. Lines are fixed arrays of inputs; empty trailing
 * lines are not sent.
 */

export const ACH_REMITTANCE_LINES = 2;
export const SWIFT_REMITTANCE_LINES = 4;
export const SWIFT_ADDRESS_LINES = 4;
/** The API takes up to 4; a note between one's own accounts needs 2 at most, and the form stays short on a phone. */
export const TRANSFER_REMITTANCE_LINES = 2;

/**
 * "Pay on" (docs/scheduling.md), on every payment form: a bank date `YYYY-MM-DD` from the native date input, "" for
 * today. Sent as requestedExecutionDate by withExecutionDate, the one mapping, which usePaymentForm applies to each rail.
 */
export type PayOnValue = { requestedExecutionDate: string };

export type AchFormValues = PayOnValue & {
  instructionIdentification: string;
  /** A payee picked from the book ("" when the beneficiary is typed): sent instead of the creditor fields. */
  counterpartyId: string;
  /** "Save this beneficiary": the typed beneficiary is added to the payee book when the payment is sent. */
  savePayee: boolean;
  debtorAccount: { identification: string };
  instructedAmount: { amount: string };
  creditorAccount: { identification: string; name: string; additionalInformation: string };
  creditorBank: { bankCode: string };
  remittanceInformation: string[];
};

export type SwiftFormValues = PayOnValue & {
  instructionIdentification: string;
  /** As on ACH: a picked payee, sent instead of the creditor and its banks. */
  counterpartyId: string;
  savePayee: boolean;
  debtorAccount: { identification: string };
  /** The beneficiary's currency; the amount goes here when it is the account's currency. */
  instructedAmount: { currency: string; amount: string };
  /** Used when the beneficiary's currency differs: the exact debit, converted by the bank. */
  debitAmount: { amount: string };
  creditorAccount: { identification: string; name: string; additionalInformation: string[] };
  creditorAgent: { identification: string; name: string; additionalInformation: string[] };
  intermediaryAgent: { identification: string };
  chargesType: (typeof CHARGES_TYPES)[number];
  remittanceInformation: string[];
};

/** Between two of the client's own accounts; the amount is in the debtor account's currency. */
export type TransferFormValues = PayOnValue & {
  instructionIdentification: string;
  debtorAccount: { identification: string };
  creditorAccount: { identification: string };
  instructedAmount: { amount: string };
  remittanceInformation: string[];
};

/** Accounts the form may debit: the account number and its currency. */
export type CurrencyOf = (accountNumber: string) => string | undefined;

const lines = (count: number) => Array.from({ length: count }, () => "");

/** Random, 16 characters (the API's limit), readable: `HP` + 14 base-36 characters. */
export function newInstructionId(random: () => number = Math.random): string {
  let id = "HP";
  while (id.length < 16)
    id += Math.floor(random() * 36)
      .toString(36)
      .toUpperCase();
  return id;
}

/** A v4 UUID; crypto.randomUUID where the browser has it (secure contexts), else built from getRandomValues. */
export function newIdempotencyKey(cryptoImpl: Pick<Crypto, "getRandomValues"> & { randomUUID?: () => string } = globalThis.crypto): string {
  if (typeof cryptoImpl.randomUUID === "function") return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function achDefaults(debtorAccount = ""): AchFormValues {
  return {
    requestedExecutionDate: "",
    instructionIdentification: newInstructionId(),
    counterpartyId: "",
    savePayee: false,
    debtorAccount: { identification: debtorAccount },
    instructedAmount: { amount: "" },
    creditorAccount: { identification: "", name: "", additionalInformation: "" },
    creditorBank: { bankCode: "" },
    remittanceInformation: lines(ACH_REMITTANCE_LINES),
  };
}

export function transferDefaults(debtorAccount = "", creditorAccount = ""): TransferFormValues {
  return {
    requestedExecutionDate: "",
    instructionIdentification: newInstructionId(),
    debtorAccount: { identification: debtorAccount },
    creditorAccount: { identification: creditorAccount },
    instructedAmount: { amount: "" },
    remittanceInformation: lines(TRANSFER_REMITTANCE_LINES),
  };
}

export function swiftDefaults(debtorAccount = "", currency = ""): SwiftFormValues {
  return {
    requestedExecutionDate: "",
    instructionIdentification: newInstructionId(),
    counterpartyId: "",
    savePayee: false,
    debtorAccount: { identification: debtorAccount },
    instructedAmount: { currency, amount: "" },
    debitAmount: { amount: "" },
    creditorAccount: { identification: "", name: "", additionalInformation: lines(SWIFT_ADDRESS_LINES) },
    creditorAgent: { identification: "", name: "", additionalInformation: lines(SWIFT_ADDRESS_LINES) },
    intermediaryAgent: { identification: "" },
    chargesType: "SHA",
    remittanceInformation: lines(SWIFT_REMITTANCE_LINES),
  };
}

const blank = (value: string | undefined | null) => !value || value.trim() === "";

/** Lines as typed, without the empty ones at the end (an empty line in the middle stays, and the schema names it). */
export function trimLines(values: readonly string[]): string[] {
  const out = [...values];
  while (out.length > 0 && blank(out[out.length - 1])) out.pop();
  return out;
}

/** An optional text: omitted when empty. */
function optional(value: string): string | undefined {
  return blank(value) ? undefined : value;
}

/** Amounts are sent as the decimal text typed, without surrounding spaces or thousands separators. */
export function cleanAmount(value: string): string {
  return value.trim().replace(/,/g, "");
}

/**
 * ACH form -> request body. The three currencies are the debtor account's
 * (the API requires them equal); an unknown account sends an empty currency,
 * which the schema reports on `debitCurrency` (shown beside the account).
 */
export function toAchRequest(values: AchFormValues, currencyOf: CurrencyOf): Record<string, unknown> {
  const currency = currencyOf(values.debtorAccount.identification) ?? "";
  const instructionIdentification = optional(values.instructionIdentification);
  const additionalInformation = optional(values.creditorAccount.additionalInformation);
  return {
    ...(instructionIdentification === undefined ? {} : { instructionIdentification: instructionIdentification.trim() }),
    debtorAccount: { identification: values.debtorAccount.identification },
    debitCurrency: currency,
    instructedAmount: { amount: cleanAmount(values.instructedAmount.amount), currency },
    ...(values.counterpartyId
      ? { counterpartyId: values.counterpartyId }
      : {
          creditorAccount: {
            identification: values.creditorAccount.identification.trim(),
            name: values.creditorAccount.name.trim(),
            ...(additionalInformation === undefined ? {} : { additionalInformation: additionalInformation.trim() }),
          },
          creditorBank: { bankCode: values.creditorBank.bankCode, currency },
        }),
    remittanceInformation: trimLines(values.remittanceInformation),
  };
}

/** `GB29 NWBK 6016…` -> `GB29NWBK6016…`: account identifiers are sent without spaces. */
export function compactIdentifier(value: string): string {
  return value.replace(/\s+/g, "");
}

function agentOf(agent: { identification: string; name?: string; additionalInformation?: string[] }) {
  const identification = optional(compactIdentifier(agent.identification).toUpperCase());
  const name = optional(agent.name ?? "");
  const info = trimLines(agent.additionalInformation ?? []);
  return {
    ...(identification === undefined ? {} : { identification }),
    ...(name === undefined ? {} : { name: name.trim() }),
    ...(info.length === 0 ? {} : { additionalInformation: info }),
  };
}

/**
 * SWIFT form -> request body. Same currency as the account: instructedAmount
 * carries the amount. Another currency: debitAmount fixes the debit in the
 * account's currency and instructedAmount names only the currency (spec §2.7).
 */
export function toSwiftRequest(values: SwiftFormValues, currencyOf: CurrencyOf): Record<string, unknown> {
  const accountCurrency = currencyOf(values.debtorAccount.identification) ?? "";
  const creditCurrency = values.instructedAmount.currency;
  const converted = accountCurrency !== "" && creditCurrency !== accountCurrency;
  const instructionIdentification = optional(values.instructionIdentification);
  const creditorInfo = trimLines(values.creditorAccount.additionalInformation);
  const intermediary = agentOf(values.intermediaryAgent);
  return {
    ...(instructionIdentification === undefined ? {} : { instructionIdentification: instructionIdentification.trim() }),
    debtorAccount: { identification: values.debtorAccount.identification },
    instructedAmount: converted ? { currency: creditCurrency } : { currency: creditCurrency, amount: cleanAmount(values.instructedAmount.amount) },
    ...(converted ? { debitAmount: { currency: accountCurrency, amount: cleanAmount(values.debitAmount.amount) } } : {}),
    ...(values.counterpartyId
      ? { counterpartyId: values.counterpartyId }
      : {
          creditorAccount: {
            identification: compactIdentifier(values.creditorAccount.identification),
            name: values.creditorAccount.name.trim(),
            ...(creditorInfo.length === 0 ? {} : { additionalInformation: creditorInfo }),
          },
          creditorAgent: agentOf(values.creditorAgent),
          ...(Object.keys(intermediary).length === 0 ? {} : { intermediaryAgent: intermediary }),
        }),
    chargesType: values.chargesType,
    remittanceInformation: trimLines(values.remittanceInformation),
  };
}

/**
 * Transfer form -> request body. The currency is the debtor account's (the API
 * requires it); no lines are sent as no remittanceInformation at all.
 */
export function toTransferRequest(values: TransferFormValues, currencyOf: CurrencyOf): Record<string, unknown> {
  const instructionIdentification = optional(values.instructionIdentification);
  const remittance = trimLines(values.remittanceInformation);
  return {
    ...(instructionIdentification === undefined ? {} : { instructionIdentification: instructionIdentification.trim() }),
    debtorAccount: { identification: values.debtorAccount.identification },
    creditorAccount: { identification: values.creditorAccount.identification },
    instructedAmount: { currency: currencyOf(values.debtorAccount.identification) ?? "", amount: cleanAmount(values.instructedAmount.amount) },
    ...(remittance.length === 0 ? {} : { remittanceInformation: remittance }),
  };
}

/**
 * The form's "Pay on" onto a rail's request: requestedExecutionDate only when a day other than the bank's today is
 * chosen (empty or today is made now, exactly as before). A day before today is sent too, so the API's refusal names
 * the field rather than the payment being made today unasked; with the clock unknown (`today` null) the API decides.
 */
export function withExecutionDate<R extends object>(request: R, requested: string, today: string | null): R | (R & { requestedExecutionDate: string }) {
  return !requested || requested === today ? request : { ...request, requestedExecutionDate: requested };
}

/**
 * zodResolver over the mapped request: the form validates with exactly the
 * API's schema, and the handler receives the parsed request body.
 */
export function requestResolver<F extends FieldValues, R>(schema: z.ZodType<R>, toRequest: (values: F) => unknown): Resolver<F, unknown, R> {
  const inner = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, R>;
  return (values, context, options) => inner(toRequest(values) as FieldValues, context, options as never) as never;
}
