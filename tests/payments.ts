import { randomUUID } from "node:crypto";
import { POST as achRoute } from "@/app/v1/payments/ach-local/route";
import { POST as swiftRoute } from "@/app/v1/payments/swift/route";
import { ZPaymentResponse, type TPaymentResponse } from "@/lib/contract/payments/schema";
import { getRuntime } from "@/lib/server/runtime";
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

/** Test-only reset: sets a balance through an adjusting posting, keeping the ledger consistent. */
export async function setBalance(accountNumber: string, minor: bigint): Promise<void> {
  const { db } = await getRuntime();
  await db.query(
    `WITH a AS (SELECT client_id, account_id, currency, available_minor FROM accounts WHERE account_number = $1),
     p AS (INSERT INTO ledger_postings (client_id, account_id, amount_minor, currency, kind, reference)
           SELECT client_id, account_id, $2::bigint - available_minor, currency, 'test_adjustment', 'test' FROM a)
     UPDATE accounts SET available_minor = $2 WHERE account_number = $1`,
    [accountNumber, minor.toString()],
  );
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
