import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import { creditForDebit, normalizeRate } from "@/lib/contract/payments/pricing";
import type { TInternalTransferRequest, TPaymentResponse } from "@/lib/contract/payments/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import type { Unit } from "@/lib/server/core/unit";
import { isActiveStatus } from "@/lib/contract/accounts/schema";
import { debtorAccount } from "@/lib/server/domain/payments/known-data";
import { notAnActiveAccount, submitPayment, type PaymentInput, type RailDecision } from "@/lib/server/domain/payments/submit";

import { amountIn } from "@/lib/server/domain/payments/swift";

/** The bank's own agent on both sides of a transfer between a client's accounts. */
const HARBOUR_AGENT = { schemeName: "BankCode", identification: "HARBOUR", name: "Harbour Bank", additionalInformation: null };

/**
 * POST /v1/payments/internal (decisions §10): a transfer between two of the
 * caller's own Active accounts, as a payment on the INTERNAL rail. Both legs
 * (and, between currencies, the FX position legs at the rate table) are one
 * ledger entry, written with the payment in one statement: Completed at once,
 * or a 201 `failed` when the debtor's balance does not cover it. Idempotency
 * and instructionIdentification dedupe are the payments' own (spec §4.3).
 */
export async function createInternalTransfer(unit: Unit, { body, ...options }: PaymentInput<TInternalTransferRequest>): Promise<TPaymentResponse> {
  const decision = await internalDecision(unit, body);
  if (decision instanceof ApiError) throw decision;
  return submitPayment(unit, options, decision);
}

/**
 * The transfer rules for one request, once its creditor account is known to be the caller's own and Active (else the
 * refusal): used alone (createInternalTransfer) or many at once (submitPayments, a payment run).
 */
export async function internalDecision(unit: Unit, body: TInternalTransferRequest): Promise<RailDecision | ApiError> {
  const creditor = await debtorAccount(unit.db, unit.actor.clientId, body.creditorAccount.identification, isActiveStatus);
  if (!creditor || !isActiveStatus(creditor.status)) return notAnActiveAccount("creditorAccount.identification");
  return {
    payment: { rail: "INTERNAL", request: body },
    decide: (debtor, reference, now) => {
      if (body.instructedAmount.currency !== debtor.currency) {
        throw new ApiError("VALIDATION_ERROR", `instructedAmount.currency must be the debtor account's currency (${debtor.currency}).`, {
          field: "instructedAmount.currency",
        });
      }
      const debitMinor = amountIn(body.instructedAmount.amount, debtor.currency, "instructedAmount.amount");
      let creditMinor = debitMinor;
      let exchangeRate: string | null = null;
      if (creditor.currency !== debtor.currency) {
        const rate = reference.rate(debtor.currency, creditor.currency);
        if (rate === null) {
          throw new ApiError("VALIDATION_ERROR", `No exchange rate from ${debtor.currency} to ${creditor.currency} is configured.`, {
            field: "creditorAccount.identification",
          });
        }
        exchangeRate = normalizeRate(rate);
        creditMinor = creditForDebit(debitMinor, exchangeRate, debtor.currency, creditor.currency);
        if (creditMinor <= 0n) {
          throw new ApiError("VALIDATION_ERROR", "instructedAmount.amount converts to nothing in the creditor account's currency.", {
            field: "instructedAmount.amount",
          });
        }
      }
      return {
        rail: "INTERNAL",
        debtor,
        creditor,
        instructionIdentification: body.instructionIdentification ?? null,
        debitMinor,
        creditMinor,
        creditCurrency: creditor.currency,
        exchangeRate,
        chargeMinor: 0n,
        chargesType: null,
        settlementDate: bankLocalParts(now).date,
        details: {
          creditorAccount: { schemeName: "AccountNumber", identification: creditor.account_number, name: "Own account", additionalInformation: null },
          beneficiaryAgent: HARBOUR_AGENT,
          intermediaryAgent: null,
        },
        remittanceInformation: body.remittanceInformation ?? [],
      };
    },
  };
}
