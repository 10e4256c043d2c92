import "server-only";
import { z } from "zod";

/**
 * A journal entry as the one ledger writer takes it (SQL ledger_post_entry,
 * migrations/functions/ledger.sql): postings that sum to zero per currency,
 * each on a client account or on one of the bank's own accounts. This schema
 * is the JSON contract between the app and that function; tests parse every
 * entry the app builds with it, and postEntry parses what it sends.
 */
export const BANK_ACCOUNT_KINDS = [
  "ach_clearing",
  "swift_nostro",
  "fee_income",
  "fx_position",
  "sandbox_funding",
  "opening_balances",
  "suspense",
  "virtual_account_control",
] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];

export const CAUSE_TYPES = ["payment", "transfer", "deposit", "opening", "adjustment"] as const;
export type CauseType = (typeof CAUSE_TYPES)[number];

const minor = z.string().regex(/^-?\d{1,19}$/, "a signed integer of minor units");

const ZPosting = z.union([
  z.strictObject({ accountId: z.string().min(1), amountMinor: minor, currency: z.string().length(3), kind: z.string().min(1) }),
  z.strictObject({ bankAccount: z.enum(BANK_ACCOUNT_KINDS), amountMinor: minor, currency: z.string().length(3), kind: z.string().min(1) }),
]);
export type TPosting = z.infer<typeof ZPosting>;

/** What a client posting shows besides its amount: counterparty and references (transactions, statements). */
export const ZPostingDetails = z.strictObject({
  counterpartyName: z.string().nullable().optional(),
  counterpartyAccount: z.string().nullable().optional(),
  instructionIdentification: z.string().nullable().optional(),
  payerReference: z.string().nullable().optional(),
  remittanceInformation: z.array(z.string()).optional(),
  transactionType: z.string().optional(),
  /** A returned payment's reason (ISO 20022 ExternalReturnReason1Code), shown on its statement line. */
  returnReason: z.strictObject({ code: z.string(), description: z.string() }).optional(),
});
export type TPostingDetails = z.infer<typeof ZPostingDetails>;

export const ZLedgerEntry = z
  .strictObject({
    clientId: z.string().min(1),
    causeType: z.enum(CAUSE_TYPES),
    /** What caused it: a payment id, `DEP-…`, `OPEN-…`. */
    reference: z.string().min(1),
    paymentId: z.uuid().nullable(),
    /** YYYY-MM-DD; null: the booking date (bank-local). */
    valueDate: z.iso.date().nullable(),
    details: ZPostingDetails.nullable(),
    /** A client account whose net debit must be covered by its available balance, or nothing is written. */
    coveredAccount: z.string().nullable(),
    postings: z.array(ZPosting).min(2),
    /** A past booking time (ISO with offset), for the uat demo's history only; absent: now. The writer refuses one earlier than its accounts' latest posting. */
    bookedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((entry) => balancesPerCurrency(entry.postings), { message: "postings must sum to zero per currency", path: ["postings"] });
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/** The double-entry invariant, as the writer checks it too. */
export function balancesPerCurrency(postings: ReadonlyArray<{ amountMinor: string; currency: string }>): boolean {
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? 0n) + BigInt(p.amountMinor));
  return [...sums.values()].every((sum) => sum === 0n);
}

/** The posting with every amount negated: how a return or reversal undoes an entry (a new entry, never an edit). */
export function negated(postings: readonly TPosting[], kindSuffix: string): TPosting[] {
  return postings.map((p) => ({ ...p, amountMinor: (-BigInt(p.amountMinor)).toString(), kind: `${p.kind}${kindSuffix}` }));
}
