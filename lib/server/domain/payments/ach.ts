import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import type { Unit } from "@/lib/server/core/unit";
import { parseAmount } from "@/lib/contract/money";
import type { TAchPaymentRequest, TPaymentResponse } from "@/lib/contract/payments/schema";
import { achSettlementDate } from "@/lib/contract/payments/settlement-date";
import { submitPayment, type PaymentInput, type RailDecision } from "@/lib/server/domain/payments/submit";
import { resolveAch } from "@/lib/server/domain/counterparties/pay";

/** Additional information arrives as a line or lines (spec §2.7 leaves its type open); stored as lines. */
function lines(value: string | string[] | null | undefined): string[] | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? [value] : value;
}

/** An ACH payment (POST /v1/payments/ach-local): the payee it names, the rules beyond the schema's, then one submission. */
export async function createAchPayment(unit: Unit, { body, ...options }: PaymentInput<TAchPaymentRequest>): Promise<TPaymentResponse> {
  return submitPayment(unit, options, await achDecision(unit, body));
}

/** The ACH rules for one request, its payee filled in: used alone (createAchPayment) or many at once (submitPayments, a payment run). */
export async function achDecision(unit: Unit, sent: TAchPaymentRequest): Promise<RailDecision> {
  const body = await resolveAch(unit.db, unit.actor.clientId, sent);
  return {
    payment: { rail: "ACH", request: body },
    decide: (debtor, reference, now) => {
      if (debtor.currency !== body.debitCurrency) {
        throw new ApiError("VALIDATION_ERROR", `debitCurrency must be the debtor account's currency (${debtor.currency}).`, { field: "debitCurrency" });
      }
      const bankName = reference.bankName(body.creditorBank.bankCode, body.creditorBank.currency);
      if (bankName === null) {
        throw new ApiError("BANK_REFERENCE_NOT_FOUND", `No configured bank ${body.creditorBank.bankCode} for ${body.creditorBank.currency}.`, {
          field: "creditorBank.bankCode",
        });
      }
      const amount = parseAmount(body.instructedAmount.amount, body.debitCurrency);
      return {
        rail: "ACH",
        debtor,
        creditor: null,
        instructionIdentification: body.instructionIdentification ?? null,
        debitMinor: amount,
        creditMinor: amount,
        creditCurrency: body.debitCurrency,
        exchangeRate: null,
        chargeMinor: 0n,
        chargesType: null,
        settlementDate: achSettlementDate(now, reference.holidays, reference.achCutoff),
        details: {
          creditorAccount: {
            schemeName: "BBAN",
            identification: body.creditorAccount.identification,
            name: body.creditorAccount.name,
            additionalInformation: lines(body.creditorAccount.additionalInformation),
          },
          beneficiaryAgent: { schemeName: "BankCode", identification: body.creditorBank.bankCode, name: bankName, additionalInformation: null },
          intermediaryAgent: null,
          ...(body.counterpartyId ? { counterpartyId: body.counterpartyId } : {}),
        },
        remittanceInformation: body.remittanceInformation,
      };
    },
  };
}
