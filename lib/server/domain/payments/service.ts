import "server-only";
import type { PoolClient } from "pg";
import { findAccountByNumber } from "@/lib/server/domain/accounts/repo";
import { snapshotList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import { movePayment, type MoveActor } from "@/lib/server/domain/payments/lifecycle";
import { findPayment } from "@/lib/server/domain/payments/repo";
import { fetchAccountPayments, summarizeAccountPayments } from "@/lib/server/domain/payments/search-repo";
import type { TPaymentStatusList, TPaymentStatusRecord } from "@/lib/contract/payments/schema";
import { toPaymentStatusRecord } from "@/lib/server/domain/payments/serialize";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Payment ids are UUIDs: anything else is simply unknown (and never reaches a uuid cast). */
export const isPaymentId = (paymentId: string) => UUID.test(paymentId);

export function paymentNotFound(paymentId: string): ApiError {
  return new ApiError("PAYMENT_NOT_FOUND", `No payment ${paymentId} was found for this client.`, { field: "paymentId" });
}

/** Another client's payment answers exactly as an unknown one; a malformed id is simply unknown. */
export async function getPaymentStatusOrThrow(db: Queryable, clientId: string, paymentId: string): Promise<TPaymentStatusRecord> {
  const row = isPaymentId(paymentId) ? await findPayment(db, clientId, paymentId) : null;
  if (!row) throw paymentNotFound(paymentId);
  return toPaymentStatusRecord(row);
}

export async function listAccountPaymentsPage(
  db: Queryable,
  clientId: string,
  accountNumber: string,
  query: PageQuery,
  secret: string,
): Promise<TPaymentStatusList> {
  const account = await findAccountByNumber(db, clientId, accountNumber);
  if (!account) throw new ApiError("ACCOUNT_NOT_FOUND", `No account ${accountNumber} was found for this client.`, { field: "accountNumber" });
  const binding = { clientId, endpoint: "GET /v1/accounts/{accountNumber}/payments", filters: { accountNumber } };
  return snapshotList(secret, binding, query, {
    summarize: () => summarizeAccountPayments(db, clientId, account.account_id),
    fetch: async (window) =>
      (await fetchAccountPayments(db, clientId, account.account_id, window)).map((r) => ({ item: toPaymentStatusRecord(r), at: r.page_at })),
  });
}

/** The sandbox's forced lifecycle move (decisions §8). */
export async function forcePaymentStatus(
  tx: PoolClient,
  clientId: string,
  paymentId: string,
  status: TPaymentStatusRecord["status"],
  actor: MoveActor,
): Promise<TPaymentStatusRecord> {
  if (!isPaymentId(paymentId)) throw paymentNotFound(paymentId);
  return toPaymentStatusRecord(await movePayment(tx, clientId, paymentId, status, actor));
}
