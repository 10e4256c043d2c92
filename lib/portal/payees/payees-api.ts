import {
  approveCounterpartyOperation,
  createCounterpartyOperation,
  deleteCounterpartyOperation,
  getCounterpartyOperation,
  listCounterpartiesOperation,
  rejectCounterpartyOperation,
  updateCounterpartyOperation,
} from "@/lib/contract/counterparties/operations";
import type { TCounterparty, TCounterpartyList, TPayeeDetails } from "@/lib/contract/counterparties/schema";
import { apiJson, formBody } from "@/lib/portal/shared/api-client";
import { listPageQuery } from "@/lib/portal/shared/filtered-list";

/** The payee book as the portal calls it (/v1/counterparties, docs/payees-and-schedules.md). */

export type PayeeSearch = { name?: string; rail?: "ACH" | "SWIFT"; pageStart: number; pageSize: number };

export function fetchPayees(search: PayeeSearch, signal?: AbortSignal): Promise<TCounterpartyList> {
  return apiJson(listCounterpartiesOperation, { params: { query: listPageQuery({ name: search.name, rail: search.rail }, search) }, signal });
}

export function createPayee(body: unknown, idempotencyKey: string): Promise<TCounterparty> {
  return apiJson(createCounterpartyOperation, { body: formBody(createCounterpartyOperation, body), params: { header: { "Idempotency-Key": idempotencyKey } } });
}

export function changePayee(counterpartyId: string, body: unknown): Promise<TCounterparty> {
  return apiJson(updateCounterpartyOperation, { params: { path: { counterpartyId } }, body: formBody(updateCounterpartyOperation, body) });
}

export function deletePayee(counterpartyId: string): Promise<TCounterparty> {
  return apiJson(deleteCounterpartyOperation, { params: { path: { counterpartyId } } });
}

export function decidePayee(counterpartyId: string, decision: "approve" | "reject"): Promise<TCounterparty> {
  const operation = decision === "approve" ? approveCounterpartyOperation : rejectCounterpartyOperation;
  return apiJson(operation, { params: { path: { counterpartyId } }, body: {} });
}

/** Where a payee's money goes, in one line: the account and its bank (ACH bank code, or BIC and any intermediary). */
export function routingLine(d: TPayeeDetails): string {
  const bank = d.creditorBank ? `${d.creditorBank.bankCode} · ${d.creditorBank.currency}` : (d.creditorAgent?.identification ?? "");
  const via = d.intermediaryAgent ? ` via ${d.intermediaryAgent.identification}` : "";
  return `${d.creditorAccount.identification} · ${bank}${via}`;
}

/** The form's values as a request: blank optional fields are left out, so the API's defaults apply. */
export type PayeeFormValues = { rail: "ACH" | "SWIFT"; name: string; account: string; accountName: string; bankCode: string; currency: string; bic: string };

export function payeeRequest(v: PayeeFormValues): Record<string, unknown> {
  const creditorAccount = { identification: v.account.trim(), ...(v.accountName.trim() ? { name: v.accountName.trim() } : {}) };
  if (v.rail === "ACH") return { rail: "ACH", name: v.name.trim(), creditorAccount, creditorBank: { bankCode: v.bankCode, currency: v.currency } };
  return { rail: "SWIFT", name: v.name.trim(), creditorAccount, creditorAgent: { identification: v.bic.trim().toUpperCase() } };
}

/** A change as PATCH sends it: the rail stays, and only what the form holds. */
export function payeeChange(v: PayeeFormValues): Record<string, unknown> {
  const { rail: _rail, ...rest } = payeeRequest(v);
  void _rail;
  return rest;
}

export function fetchPayee(counterpartyId: string): Promise<TCounterparty> {
  return apiJson(getCounterpartyOperation, { params: { path: { counterpartyId } } });
}
