// docs/quick-start.md shows this file whole; tests/sdk-quick-start.int.test.ts runs it against a server on loopback.
import { createHarbourClient, HarbourApiError, ok, paginate, withIdempotencyKey } from "@/sdk";

export async function quickStart(baseUrl: string, clientId: string, clientSecret: string) {
  // 1. A client: it exchanges the credentials for a token at POST /v1/oauth/token and reuses it until shortly before it expires.
  const harbour = createHarbourClient({ baseUrl, credentials: { clientId, clientSecret } });

  // 2. The accounts, and one account's balances: typed JSON, no casts.
  const accounts = await ok(harbour.api.GET("/v1/accounts"));
  const usd = accounts.data.filter((account) => account.currency === "USD" && account.status !== "INACTIVE");
  const [from, to] = usd;
  if (!from || !to) throw new Error("this example needs two active USD accounts");
  const balances = await ok(harbour.api.GET("/v1/accounts/{accountNumber}/balances", { params: { path: { accountNumber: from.accountNumber } } }));

  // 3. A transfer between them, with an Idempotency-Key: a retry after a timeout cannot move the money twice.
  const transfer = await withIdempotencyKey((header) =>
    ok(
      harbour.api.POST("/v1/payments/internal", {
        params: { header },
        body: {
          instructionIdentification: `QS-${Date.now()}`,
          debtorAccount: { identification: from.accountNumber },
          creditorAccount: { identification: to.accountNumber },
          instructedAmount: { currency: "USD", amount: "125.00" },
          remittanceInformation: ["Quick start sweep"],
        },
      }),
    ),
  );

  // 4. Every payment, page after page (the iterator follows page_token).
  const paymentIds: string[] = [];
  for await (const payment of paginate(harbour, "/v1/payments", { params: { query: { pageSize: 2 } } })) paymentIds.push(payment.transactionId);

  // 5. The same list as CSV: ask for text/csv, get text.
  const csv = await harbour.csv("/v1/payments", { params: { query: { accountNumber: from.accountNumber } } });

  // 6. Errors are typed: `code` is one of the document's error codes, `field` names the input at fault.
  let refusal: { code?: string; field: string | null } | undefined;
  try {
    await ok(harbour.api.GET("/v1/accounts/{accountNumber}", { params: { path: { accountNumber: "0000000000" } } }));
  } catch (error) {
    if (!(error instanceof HarbourApiError)) throw error;
    refusal = { code: error.code, field: error.field };
  }

  return { accounts: accounts.data.length, available: balances, transfer, paymentIds, csv, refusal };
}
