import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { findCounterparty, type CounterpartyRow } from "@/lib/server/domain/counterparties/repo";
import type { TAchPaymentRequest, TSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import type { TCounterpartyRail, TPayeeDetails } from "@/lib/contract/counterparties/schema";
import { ApiError } from "@/lib/contract/http/errors";
import type { DraftRequest } from "@/lib/contract/approvals/policy";

type Filled<B, K extends keyof B> = Omit<B, K> & { [P in K]-?: NonNullable<B[P]> };

/** An ACH body with its creditor, given or taken from the payee it names. */
export type ResolvedAch = Filled<TAchPaymentRequest, "creditorAccount" | "creditorBank">;
export type ResolvedSwift = Filled<TSwiftPaymentRequest, "creditorAccount" | "creditorAgent">;

/** One of the client's payees of this rail, not deleted (waiting for approval or not); null for anything else. */
export async function payeeOfRail(db: Queryable, clientId: string, counterpartyId: string, rail: TCounterpartyRail): Promise<CounterpartyRow | null> {
  const row = await findCounterparty(db, clientId, counterpartyId);
  return row && row.status !== "Deleted" && row.rail === rail ? row : null;
}

/**
 * The payee a payment names, payable now: Active and of the payment's rail.
 * Unknown, another client's, deleted or of the other rail answer alike (a
 * 400 on the field); one waiting for approval is a 409 saying so.
 */
async function payableDetails(db: Queryable, clientId: string, counterpartyId: string, rail: TCounterpartyRail): Promise<TPayeeDetails> {
  const row = await payeeOfRail(db, clientId, counterpartyId, rail);
  if (!row) {
    throw new ApiError("VALIDATION_ERROR", `counterpartyId must be one of your ${rail} payees.`, { field: "counterpartyId" });
  }
  if (row.status === "PendingApproval") {
    throw new ApiError("COUNTERPARTY_PENDING_APPROVAL", "This payee's details wait for another person's approval; it cannot be paid until then.", {
      field: "counterpartyId",
    });
  }
  return row.details;
}

export async function resolveAch(db: Queryable, clientId: string, body: TAchPaymentRequest): Promise<ResolvedAch> {
  const { counterpartyId, creditorAccount, creditorBank, ...rest } = body;
  if (!counterpartyId) return { ...rest, creditorAccount: creditorAccount!, creditorBank: creditorBank! };
  const payee = await payableDetails(db, clientId, counterpartyId, "ACH");
  const bank = payee.creditorBank!;
  if (bank.currency !== body.debitCurrency) {
    throw new ApiError("VALIDATION_ERROR", `This payee is paid in ${bank.currency}: debitCurrency must be ${bank.currency}.`, { field: "counterpartyId" });
  }
  return {
    ...rest,
    counterpartyId,
    creditorAccount: { identification: payee.creditorAccount.identification, name: payee.creditorAccount.name },
    creditorBank: bank,
  };
}

export async function resolveSwift(db: Queryable, clientId: string, body: TSwiftPaymentRequest): Promise<ResolvedSwift> {
  const { counterpartyId, creditorAccount, creditorAgent, intermediaryAgent, ...rest } = body;
  if (!counterpartyId) return { ...rest, creditorAccount: creditorAccount!, creditorAgent: creditorAgent!, intermediaryAgent };
  const payee = await payableDetails(db, clientId, counterpartyId, "SWIFT");
  return {
    ...rest,
    counterpartyId,
    creditorAccount: payee.creditorAccount,
    creditorAgent: payee.creditorAgent!,
    intermediaryAgent: payee.intermediaryAgent,
  };
}

/** A draft's request with its payee's creditor filled in, for what an approver and a policy look at (the stored request keeps counterpartyId). */
export async function withPayeeFilled(db: Queryable, clientId: string, draft: DraftRequest): Promise<DraftRequest> {
  if (draft.rail === "ACH") return { rail: "ACH", request: await resolveAch(db, clientId, draft.request) };
  if (draft.rail === "SWIFT") return { rail: "SWIFT", request: await resolveSwift(db, clientId, draft.request) };
  return draft;
}
