import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import type { Unit } from "@/lib/server/core/unit";
import { AmountError, parseAmount } from "@/lib/contract/money";
import { creditForDebit, normalizeRate, swiftChargeMinor } from "@/lib/contract/payments/pricing";
import type { StoredAgent } from "@/lib/server/domain/payments/repo";
import type { TAgent, TPaymentResponse, TSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { swiftSettlementDate } from "@/lib/contract/payments/settlement-date";
import { submitPayment, type PaymentInput, type RailDecision } from "@/lib/server/domain/payments/submit";
import { resolveSwift } from "@/lib/server/domain/counterparties/pay";

function agent(a: TAgent): StoredAgent {
  return {
    schemeName: a.identification ? "BICFI" : "NameAndAddress",
    identification: a.identification ?? null,
    name: a.name ?? null,
    additionalInformation: a.additionalInformation ?? null,
  };
}

/** A request amount in minor units, a 400 naming the field when the currency cannot hold it. */
export function amountIn(input: string | number, currency: string, field: string): bigint {
  try {
    return parseAmount(input, currency);
  } catch (error) {
    if (error instanceof AmountError) throw new ApiError("VALIDATION_ERROR", `${field}: ${error.message}.`, { field });
    throw error;
  }
}

type Amounts = { debitMinor: bigint; creditMinor: bigint; creditCurrency: string; exchangeRate: string | null };

/**
 * Exactly one amount is given (the schema checks that). With debitAmount the
 * debit is fixed in the account's currency and the credit is converted at
 * the table rate; without it the payment is same-currency (spec §2.7).
 */
function amountsOf(body: TSwiftPaymentRequest, accountCurrency: string, tableRate: string | null): Amounts {
  const creditCurrency = body.instructedAmount.currency;
  if (!body.debitAmount) {
    if (creditCurrency !== accountCurrency) {
      throw new ApiError(
        "VALIDATION_ERROR",
        `instructedAmount.currency must be the debtor account's currency (${accountCurrency}); send debitAmount for a cross-currency payment.`,
        { field: "instructedAmount.currency" },
      );
    }
    const minor = amountIn(body.instructedAmount.amount!, creditCurrency, "instructedAmount.amount");
    return { debitMinor: minor, creditMinor: minor, creditCurrency, exchangeRate: null };
  }
  if (body.debitAmount.currency !== accountCurrency) {
    throw new ApiError("VALIDATION_ERROR", `debitAmount.currency must be the debtor account's currency (${accountCurrency}).`, {
      field: "debitAmount.currency",
    });
  }
  const debitMinor = amountIn(body.debitAmount.amount, accountCurrency, "debitAmount.amount");
  if (creditCurrency === accountCurrency) return { debitMinor, creditMinor: debitMinor, creditCurrency, exchangeRate: null };
  if (tableRate === null) {
    throw new ApiError("VALIDATION_ERROR", `No exchange rate from ${accountCurrency} to ${creditCurrency} is configured.`, {
      field: "instructedAmount.currency",
    });
  }
  const exchangeRate = normalizeRate(tableRate);
  const creditMinor = creditForDebit(debitMinor, exchangeRate, accountCurrency, creditCurrency);
  if (creditMinor <= 0n) {
    throw new ApiError("VALIDATION_ERROR", "debitAmount.amount converts to nothing in the instructed currency.", { field: "debitAmount.amount" });
  }
  return { debitMinor, creditMinor, creditCurrency, exchangeRate };
}

/** A SWIFT payment (POST /v1/payments/swift), to the creditor it names or to a payee's. */
export async function createSwiftPayment(unit: Unit, { body, ...options }: PaymentInput<TSwiftPaymentRequest>): Promise<TPaymentResponse> {
  return submitPayment(unit, options, await swiftDecision(unit, body));
}

/** The SWIFT rules for one request, its payee filled in: used alone (createSwiftPayment) or many at once (submitPayments, a payment run). */
export async function swiftDecision(unit: Unit, sent: TSwiftPaymentRequest): Promise<RailDecision> {
  const body = await resolveSwift(unit.db, unit.actor.clientId, sent);
  return {
    payment: { rail: "SWIFT", request: body },
    decide: (debtor, reference, now) => ({
      rail: "SWIFT",
      debtor,
      creditor: null,
      instructionIdentification: body.instructionIdentification ?? null,
      ...amountsOf(body, debtor.currency, reference.rate(debtor.currency, body.instructedAmount.currency, now)),
      chargeMinor: swiftChargeMinor(body.chargesType, debtor.currency),
      chargesType: body.chargesType,
      settlementDate: swiftSettlementDate(now, reference.holidays),
      details: {
        creditorAccount: {
          schemeName: "IBAN",
          identification: body.creditorAccount.identification,
          name: body.creditorAccount.name,
          additionalInformation: body.creditorAccount.additionalInformation ?? null,
        },
        beneficiaryAgent: agent(body.creditorAgent),
        intermediaryAgent: body.intermediaryAgent ? agent(body.intermediaryAgent) : null,
        ...(body.counterpartyId ? { counterpartyId: body.counterpartyId } : {}),
      },
      remittanceInformation: body.remittanceInformation,
    }),
  };
}
