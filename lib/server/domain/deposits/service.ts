import "server-only";
import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TCreateDeposit, TDeposit } from "@/lib/contract/deposits/schema";
import { resolveDepositTarget } from "@/lib/server/domain/deposits/targets";
import { ApiError } from "@/lib/contract/http/errors";
import { post } from "@/lib/server/domain/ledger/ledger";
import { AmountError, formatAmount, parseAmount } from "@/lib/contract/money";
import { raiseEvent } from "@/lib/server/domain/events/raise";

function parseDepositAmount(input: TCreateDeposit): bigint {
  try {
    const minor = parseAmount(input.amount, input.currency);
    if (minor <= 0n) throw new AmountError("INVALID_FORMAT", "Amount must be more than zero");
    return minor;
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    const field = error.reason === "UNKNOWN_CURRENCY" ? "currency" : "amount";
    throw new ApiError("VALIDATION_ERROR", `Invalid ${field}: ${error.message}`, { field });
  }
}

/**
 * Credits an account of the caller and raises the deposit event, all in
 * the caller's transaction: the posting, the balance and the outbox rows
 * commit together or not at all.
 */
export async function createSandboxDeposit(tx: Queryable, clientId: string, input: TCreateDeposit): Promise<TDeposit> {
  const minor = parseDepositAmount(input);
  const target = await resolveDepositTarget(tx, clientId, input.accountNumber);
  if (!target) throw new ApiError("ACCOUNT_NOT_FOUND", `No account ${input.accountNumber} was found for this client.`, { field: "accountNumber" });
  if (!target.acceptsCredits) throw new ApiError("VALIDATION_ERROR", "Invalid accountNumber: the account is not active.", { field: "accountNumber" });
  if (target.currency !== input.currency) {
    throw new ApiError("VALIDATION_ERROR", `Invalid currency: account ${input.accountNumber} is held in ${target.currency}.`, { field: "currency" });
  }
  const transactionId = `DEP-${randomUUID()}`;
  const amount = formatAmount(minor, target.currency);
  const transactionType = input.transactionType ?? "Deposit";
  const transactionDetails = input.transactionDetails ?? "";
  const { subscriptions: queued } = await raiseEvent(
    { db: tx, actor: { clientId } },
    {
      topic: "Deposits",
      data: {
        accountNumber: target.accountNumber,
        transactionId,
        type: "Credit",
        value: { amount, currency: target.currency },
        transactionType,
        transactionDetails,
      },
    },
  );
  // Posted last: the account's row lock is then held only until COMMIT, so
  // concurrent deposits to one account are not serialised behind the fan-out.
  const balance = await (target.post ?? post)(tx, {
    clientId,
    accountId: target.ledgerAccountId,
    amountMinor: minor,
    currency: target.currency,
    kind: "deposit",
    reference: transactionId,
    // What the account's transactions and statements show as the payer's reference.
    details: { payerReference: transactionDetails || null, transactionType },
  });
  return {
    transactionId,
    accountNumber: target.accountNumber,
    amount,
    currency: target.currency,
    type: "Credit",
    transactionType,
    transactionDetails,
    availableBalance: { currency: target.currency, amount: formatAmount(balance, target.currency) },
    createdUtc: new Date().toISOString(),
    notificationsQueued: queued,
  };
}
