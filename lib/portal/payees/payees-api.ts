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
import { apiJson } from "@/lib/portal/shared/api-client";

/** The payee book as the portal calls it (/v1/counterparties, docs/payees-and-schedules.md). */

export type PayeeSearch = { name?: string; rail?: "ACH" | "SWIFT"; pageStart: number; pageSize: number };

export function payeesPath(search: PayeeSearch): string {
  const q = new URLSearchParams();
  if (search.name) q.set("name", search.name);
  if (search.rail) q.set("rail", search.rail);
  q.set("pageStart", String(search.pageStart));
  q.set("pageSize", String(search.pageSize));
  return `/v1/counterparties?${q}`;
}

export function fetchPayees(search: PayeeSearch, signal?: AbortSignal): Promise<TCounterpartyList> {
  return apiJson(listCounterpartiesOperation, payeesPath(search), { signal });
}

export function createPayee(body: unknown, idempotencyKey: string): Promise<TCounterparty> {
  return apiJson(createCounterpartyOperation, "/v1/counterparties", { body, headers: { "idempotency-key": idempotencyKey } });
}

export function changePayee(counterpartyId: string, body: unknown): Promise<TCounterparty> {
  return apiJson(updateCounterpartyOperation, `/v1/counterparties/${encodeURIComponent(counterpartyId)}`, { body });
}

export function deletePayee(counterpartyId: string): Promise<TCounterparty> {
  return apiJson(deleteCounterpartyOperation, `/v1/counterparties/${encodeURIComponent(counterpartyId)}`);
}

export function decidePayee(counterpartyId: string, decision: "approve" | "reject"): Promise<TCounterparty> {
  return apiJson(
    decision === "approve" ? approveCounterpartyOperation : rejectCounterpartyOperation,
    `/v1/counterparties/${encodeURIComponent(counterpartyId)}/${decision}`,
    { body: {} },
  );
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
  return apiJson(getCounterpartyOperation, `/v1/counterparties/${encodeURIComponent(counterpartyId)}`);
}
