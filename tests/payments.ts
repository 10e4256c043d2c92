import type { Unit } from "@/lib/server/core/unit";
import { randomUUID } from "node:crypto";
import { POST as achRoute } from "@/app/v1/payments/ach-local/route";
import { POST as swiftRoute } from "@/app/v1/payments/swift/route";
import { ZPaymentResponse, type TPaymentResponse } from "@/lib/contract/payments/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { post } from "@/lib/server/domain/ledger/ledger";
import { call, tokenFor, type ApiResponse } from "@/tests/api";

/** Shared fixtures for the payments integration tests. */

export const ACME_USD = "1000123456";
export const ACME_BMD = "1000123457";
export const ACME_INACTIVE = "1000123458";
export const GLOBEX_USD = "3000456001";

export function achBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    debtorAccount: { identification: ACME_USD },
    debitCurrency: "USD",
    instructedAmount: { amount: "100.00", currency: "USD" },
    creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
    creditorBank: { bankCode: "BANK_A", currency: "USD" },
    remittanceInformation: ["Invoice 42"],
    ...overrides,
  };
}

export function swiftBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    debtorAccount: { identification: ACME_USD },
    instructedAmount: { currency: "USD", amount: "500.00" },
    creditorAccount: { identification: "DE89370400440532013000", name: "Rhein Logistik GmbH" },
    creditorAgent: { identification: "COBADEFFXXX" },
    chargesType: "OUR",
    remittanceInformation: ["Freight"],
    ...overrides,
  };
}

type PostOptions = { token?: string; key?: string; headers?: Record<string, string>; client?: string };

type RouteFn = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function postTo(route: RouteFn, path: string, body: unknown, options: PostOptions): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key) headers["idempotency-key"] = options.key;
  return call(route, path, { method: "POST", token: options.token ?? (await tokenFor(options.client ?? "acme")), body, headers });
}

export const postAch = (body: unknown, options: PostOptions = {}) => postTo(achRoute, "/v1/payments/ach-local", body, options);
export const postSwift = (body: unknown, options: PostOptions = {}) => postTo(swiftRoute, "/v1/payments/swift", body, options);

export const newKey = () => randomUUID();

export async function balanceMinor(accountNumber: string): Promise<bigint> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ a: string }>("SELECT available_minor::text AS a FROM accounts WHERE account_number = $1", [accountNumber]);
  return BigInt(rows[0]!.a);
}

/** Test-only reset: sets a balance through an adjusting entry (against suspense), keeping the ledger balanced. */
export async function setBalance(accountNumber: string, minor: bigint): Promise<void> {
  const { db } = await getRuntime();
  await withTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ client_id: string; account_id: string; currency: string; a: string }>(
      "SELECT client_id, account_id, currency, available_minor::text AS a FROM accounts WHERE account_number = $1 FOR UPDATE",
      [accountNumber],
    );
    const account = rows[0]!;
    const delta = minor - BigInt(account.a);
    if (delta === 0n) return;
    await post(tx, {
      clientId: account.client_id,
      accountId: account.account_id,
      amountMinor: delta,
      currency: account.currency,
      kind: "test_adjustment",
      reference: "test",
    });
  });
}

export async function countPayments(where: string, params: unknown[] = []): Promise<number> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM payments WHERE ${where}`, params);
  return Number(rows[0]!.n);
}

/** The 201 body, checked against the response contract. */
export function paymentOf(res: ApiResponse): TPaymentResponse {
  return ZPaymentResponse.parse(res.body);
}

/** The payment options of a request without simulation, as the pipeline passes them with the default lock wait. */
export const PAYMENT_OPTIONS = { lockTimeoutMs: 2000, simulate: null } as const;

/** An integration's unit of work (client `acme` unless told), on `db`; `inTransaction` when `db` is a transaction the test commits. */
export function integrationUnit(db: Unit["db"], options: { responseSlot?: Unit["responseSlot"]; inTransaction?: boolean; clientId?: string } = {}): Unit {
  const clientId = options.clientId ?? "acme";
  return {
    db,
    inTransaction: options.inTransaction ?? false,
    responseSlot: options.responseSlot ?? null,
    actor: { clientId, actor: `client:${clientId}`, ip: null, correlationId: null, person: null },
    now: new Date(),
  };
}
