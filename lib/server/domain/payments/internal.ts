import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import { creditForDebit, normalizeRate } from "@/lib/contract/payments/pricing";
import type { TInternalTransferRequest, TPaymentResponse } from "@/lib/contract/payments/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import type { Unit } from "@/lib/server/core/unit";
import { isActiveStatus } from "@/lib/contract/accounts/schema";
import { debtorAccount } from "@/lib/server/domain/payments/known-data";
import { notAnActiveAccount, submitPayment, type PaymentInput } from "@/lib/server/domain/payments/submit";
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
  const creditor = await debtorAccount(unit.db, unit.actor.clientId, body.creditorAccount.identification, isActiveStatus);
  if (!creditor || !isActiveStatus(creditor.status)) throw notAnActiveAccount("creditorAccount.identification");
  return submitPayment(unit, options, { rail: "INTERNAL", request: body }, (debtor, reference, now) => {
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
  });
}
