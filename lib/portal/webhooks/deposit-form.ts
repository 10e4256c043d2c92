import { ZCreateDeposit } from "@/lib/contract/deposits/schema";
import { AmountError, parseAmount } from "@/lib/contract/money";

/**
 * The sandbox deposit form: the API's own body schema, plus the amount rule
 * the service applies (a plain decimal, more than zero, at most the
 * currency's decimals) so it shows before submit. Browser-safe.
 */
export const ZDepositForm = ZCreateDeposit.superRefine((body, ctx) => {
  if (!body.accountNumber) return;
  try {
    if (parseAmount(body.amount, body.currency) <= 0n) ctx.addIssue({ code: "custom", path: ["amount"], message: "Amount must be more than zero" });
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    ctx.addIssue({ code: "custom", path: [error.reason === "UNKNOWN_CURRENCY" ? "currency" : "amount"], message: error.message });
  }
});
