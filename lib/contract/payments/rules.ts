import type { z } from "zod";

/**
 * The creditor comes either from the body's fields or from a payee, never both
 * (decisions §11). The first of `fields` is required without a payee; the
 * others name what a payee also carries (the bank, an intermediary).
 */
function creditorOrPayee(body: Record<string, unknown>, fields: readonly string[], ctx: z.RefinementCtx) {
  const given = fields.filter((f) => body[f] !== undefined && body[f] !== null);
  if (body.counterpartyId) {
    for (const f of given) ctx.addIssue({ code: "custom", path: [f], message: `${f} must be omitted when counterpartyId names the payee` });
    return;
  }
  const required = fields[0] === "creditorAccount" ? fields.filter((f) => f !== "intermediaryAgent") : fields;
  for (const f of required) if (!given.includes(f)) ctx.addIssue({ code: "custom", path: [f], message: `${f} is required (or counterpartyId, a payee)` });
}

/**
 * The rails' rules across fields, shared by the payment bodies and the payment
 * templates that save them (lib/contract/payment-templates): one home each.
 */
export function achBodyRules(
  body: { debitCurrency: string; instructedAmount: { currency: string }; creditorBank?: { currency: string } } & Record<string, unknown>,
  ctx: z.RefinementCtx,
): void {
  creditorOrPayee(body, ["creditorAccount", "creditorBank"], ctx);
  // Cross-currency is rejected on ACH (spec §4.5): all three currencies agree.
  if (body.instructedAmount.currency !== body.debitCurrency) {
    ctx.addIssue({ code: "custom", path: ["instructedAmount", "currency"], message: "instructedAmount.currency must equal debitCurrency" });
  }
  if (body.creditorBank && body.creditorBank.currency !== body.debitCurrency) {
    ctx.addIssue({ code: "custom", path: ["creditorBank", "currency"], message: "creditorBank.currency must equal debitCurrency" });
  }
}

/** `amountRequired`: a payment needs one of its two amounts; a template may leave both to the payment made from it. */
export function swiftBodyRules(
  body: { instructedAmount: { amount?: unknown }; debitAmount?: unknown } & Record<string, unknown>,
  ctx: z.RefinementCtx,
  amountRequired: boolean,
): void {
  creditorOrPayee(body, ["creditorAccount", "creditorAgent", "intermediaryAgent"], ctx);
  // Exactly one of the two amounts (spec §2.7): debitAmount fixes the debit and the bank computes the credit.
  const instructed = body.instructedAmount.amount;
  if (body.debitAmount && instructed !== undefined && instructed !== null) {
    ctx.addIssue({ code: "custom", path: ["instructedAmount", "amount"], message: "instructedAmount.amount must be omitted when debitAmount is sent" });
  }
  if (amountRequired && !body.debitAmount && (instructed === undefined || instructed === null)) {
    ctx.addIssue({ code: "custom", path: ["instructedAmount", "amount"], message: "instructedAmount.amount is required when debitAmount is omitted" });
  }
}

export function internalBodyRules(
  body: { debtorAccount: { identification: string }; creditorAccount: { identification: string } },
  ctx: z.RefinementCtx,
): void {
  if (body.creditorAccount.identification === body.debtorAccount.identification) {
    ctx.addIssue({ code: "custom", path: ["creditorAccount", "identification"], message: "creditorAccount must differ from debtorAccount" });
  }
}
