import "server-only";
import { z } from "zod";
import { PAYMENT_STATUSES, RAILS } from "@/lib/contract/payments/schema";
import { ZLedgerEntry } from "@/lib/server/domain/ledger/entry";

/**
 * The JSON that SQL submit_payments takes per item (migrations/functions/payments.sql):
 * one decided submission with both of its possible outcomes. `payment` and
 * `audit` are rows by column name (jsonb_populate_record), so a column the
 * payments table gains is one more key here, not a new function. The hot path
 * builds it typed (TSubmission) without parsing; the direct tests of the SQL
 * function parse what they send with it.
 */
const ZPaymentRow = z.looseObject({
  client_id: z.string(),
  payment_id: z.uuid(),
  unique_identifier: z.string(),
  rail: z.enum(RAILS),
  status: z.enum(PAYMENT_STATUSES),
  failure_reason: z.string().nullable(),
  debtor_account_id: z.string(),
  debtor_account_number: z.string(),
  creditor_account_id: z.string().nullable(),
  instruction_identification: z.string().nullable(),
  debit_minor: z.string().regex(/^\d+$/),
  debit_currency: z.string().length(3),
  credit_minor: z.string().regex(/^\d+$/),
  credit_currency: z.string().length(3),
  exchange_rate: z.string().nullable(),
  charge_minor: z.string().regex(/^\d+$/),
  charges_type: z.enum(["OUR", "BEN", "SHA"]).nullable(),
  settlement_date: z.iso.date(),
  funds_held: z.boolean(),
  details: z.record(z.string(), z.unknown()),
  remittance_information: z.array(z.string()),
});

const ZAuditRow = z.strictObject({
  client_id: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** An IP address (auditIp) and the request's correlation id; absent for a submission without a request. */
  ip: z.string().nullable().optional(),
  correlation_id: z.string().nullable().optional(),
});

const ZOutcome = z.strictObject({
  payment: ZPaymentRow,
  audit: ZAuditRow,
  /** The response body, stored under the Idempotency-Key in the same statement: sent only with a claim to store it under. */
  body: z.string().optional(),
});

export const ZSubmission = z.strictObject({
  clientId: z.string(),
  rail: z.enum(RAILS),
  paymentId: z.uuid(),
  /** The reference data version the submission was decided with. */
  referenceVersion: z.string().regex(/^\d+$/),
  /** The account statuses that may pay (and, for a transfer, be credited). */
  activeStatuses: z.array(z.string()).readonly(),
  instructionIdentification: z.string().nullable(),
  /** A PostgreSQL interval for the instructionIdentification guard's wait, e.g. "2000ms". */
  lockTimeout: z.string().regex(/^\d+ms$/),
  debtorAccountId: z.string(),
  /** Internal transfers: the credited account, checked active in the same statement. */
  creditorAccountId: z.string().nullable(),
  /** A back-dated submission's clock (PaymentOptions.backDated): its guard row, payment row and ledger entry carry it. */
  submittedAt: z.iso.datetime().optional(),
  /** A payment for a later bank day (docs/scheduling.md): accepted as Scheduled, with no ledger entry and no task. */
  scheduled: z.boolean().optional(),
  accepted: ZOutcome.extend({
    /** The ledger entry applied when the debtor's balance covers it; its coveredAccount is the debtor. */
    entry: ZLedgerEntry,
    task: z.strictObject({ kind: z.string(), payload: z.record(z.string(), z.unknown()), runAt: z.string(), dedupeKey: z.string() }).optional(),
  }),
  failed: ZOutcome,
});
export type TSubmission = z.infer<typeof ZSubmission>;
export type TSubmissionOutcome = z.infer<typeof ZOutcome>;

/** What submit_payments answers per item: which outcome was written, or why nothing was. */
export const SUBMISSION_RESULTS = [
  "Accepted",
  "Failed",
  "StaleReference",
  "InactiveDebtor",
  "InactiveCreditor",
  "ClaimLost",
  "GuardBusy",
  "Duplicate",
] as const;
export type SubmissionResult = (typeof SUBMISSION_RESULTS)[number];
