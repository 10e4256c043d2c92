import "server-only";
import { normalizeAccount, type TCreateCounterparty, type TPayeeDetails, type TUpdateCounterparty } from "@/lib/contract/counterparties/schema";
import { ApiError } from "@/lib/contract/http/errors";
import { parseInput } from "@/lib/contract/validation";
import { ZCreateCounterparty } from "@/lib/contract/counterparties/schema";
import type { ReferenceData } from "@/lib/server/domain/payments/known-data";

/** What a payee pays to, from a validated request; an IBAN is kept in its electronic format. */
export function detailsOf(input: TCreateCounterparty): TPayeeDetails {
  if (input.rail === "ACH") {
    return {
      name: input.name,
      creditorAccount: { identification: input.creditorAccount.identification, name: input.creditorAccount.name ?? input.name, additionalInformation: null },
      creditorBank: { bankCode: input.creditorBank.bankCode, currency: input.creditorBank.currency },
      creditorAgent: null,
      intermediaryAgent: null,
    };
  }
  const agent = (a: NonNullable<typeof input.intermediaryAgent>) => ({
    identification: a.identification,
    name: a.name ?? null,
    additionalInformation: a.additionalInformation ?? null,
  });
  return {
    name: input.name,
    creditorAccount: {
      identification: normalizeAccount(input.creditorAccount.identification),
      name: input.creditorAccount.name ?? input.name,
      additionalInformation: input.creditorAccount.additionalInformation ?? null,
    },
    creditorBank: null,
    creditorAgent: agent(input.creditorAgent),
    intermediaryAgent: input.intermediaryAgent ? agent(input.intermediaryAgent) : null,
  };
}

/** Drops nulls, so a stored detail reads back as the request that would make it. */
function present<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/**
 * A PATCH applied to a payee's details, checked as a whole with the rail's
 * rules (field paths as in a POST). An account name that followed the
 * payee's name keeps following it.
 */
export function patchedDetails(rail: "ACH" | "SWIFT", current: TPayeeDetails, patch: TUpdateCounterparty): TPayeeDetails {
  const accountFollowsName = current.creditorAccount.name === current.name && patch.creditorAccount?.name === undefined;
  const name = patch.name ?? current.name;
  const creditorAccount = { ...present(current.creditorAccount), ...(accountFollowsName ? { name } : {}), ...patch.creditorAccount };
  if (rail === "ACH") {
    delete creditorAccount.additionalInformation;
    return detailsOf(parseInput(ZCreateCounterparty, { rail, name, creditorAccount, creditorBank: { ...current.creditorBank, ...patch.creditorBank } }));
  }
  const intermediary = patch.intermediaryAgent === null ? undefined : { ...present(current.intermediaryAgent ?? {}), ...patch.intermediaryAgent };
  return detailsOf(
    parseInput(ZCreateCounterparty, {
      rail,
      name,
      creditorAccount,
      creditorAgent: { ...present(current.creditorAgent ?? {}), ...patch.creditorAgent },
      ...(intermediary && Object.keys(intermediary).length ? { intermediaryAgent: intermediary } : {}),
    }),
  );
}

/** An ACH payee's bank must be configured for its currency (the bank codes of decisions §9). */
export function checkBank(details: TPayeeDetails, reference: ReferenceData): void {
  const bank = details.creditorBank;
  if (bank && reference.bankName(bank.bankCode, bank.currency) === null) {
    throw new ApiError("BANK_REFERENCE_NOT_FOUND", `No configured bank ${bank.bankCode} for ${bank.currency}.`, { field: "creditorBank.bankCode" });
  }
}
