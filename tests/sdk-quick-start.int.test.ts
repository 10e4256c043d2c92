import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickStart } from "@/sdk/examples/quick-start";
import { createHarbourClient, HarbourApiError, ok, TokenExchangeError } from "@/sdk";
import { startLoopbackServer } from "@/tests/loopback-server";

/** docs/quick-start.md's SDK example, run as printed, over a real socket on 127.0.0.1 against the real routes. */
let server: Awaited<ReturnType<typeof startLoopbackServer>>;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(async () => {
  await server.close();
});

describe("the SDK quick start", () => {
  it("is the example docs/quick-start.md prints", () => {
    const example = readFileSync("sdk/examples/quick-start.ts", "utf8").split("\n").slice(1).join("\n").trim();
    expect(readFileSync("docs/quick-start.md", "utf8")).toContain(example);
  });

  it("runs against a server: token, accounts, balances, an idempotent transfer, every page, CSV and a typed error", async () => {
    const tokenRequests: string[] = [];
    const counting = (request: Request) => {
      if (new URL(request.url).pathname === "/v1/oauth/token") tokenRequests.push(request.url);
      return fetch(request);
    };
    // Three payments before the example runs, so its pageSize 2 makes the iterator walk pages (4 payments: 2 pages).
    const setup = createHarbourClient({ baseUrl: server.baseUrl, credentials: { clientId: "acme", clientSecret: "acme-uat-secret" } });
    for (const n of [1, 2, 3]) {
      const body = {
        instructionIdentification: `QS-SETUP-${n}`,
        debtorAccount: { identification: "1000123456" },
        creditorAccount: { identification: "1000123460" },
        instructedAmount: { currency: "USD", amount: `${n}.00` },
      };
      await ok(setup.api.POST("/v1/payments/internal", { body }));
    }
    const result = await quickStart(server.baseUrl, "acme", "acme-uat-secret");
    expect(result.accounts).toBeGreaterThan(2);
    expect(result.available.availableBalance.currency).toBe("USD");
    expect(result.transfer.status).toBe("success");
    expect(result.transfer.details.instructedAmount).toEqual({ currency: "USD", amount: "125.00" });
    // Every page was walked (pageSize 2): the transfer just made is among them, and no id repeats.
    expect(result.paymentIds).toHaveLength(4);
    expect(result.paymentIds).toContain(result.transfer.id);
    expect(new Set(result.paymentIds).size).toBe(result.paymentIds.length);
    expect(result.csv.split("\n")[0]).toMatch(/^[a-zA-Z]/);
    expect(result.csv).toContain(result.transfer.id);
    expect(result.refusal).toEqual({ code: "ACCOUNT_NOT_FOUND", field: expect.anything() as unknown });

    // One token exchange serves many calls (cached), including calls made at the same time.
    const harbour = createHarbourClient({ baseUrl: server.baseUrl, credentials: { clientId: "acme", clientSecret: "acme-uat-secret" }, fetch: counting });
    await Promise.all([ok(harbour.api.GET("/v1/accounts")), ok(harbour.api.GET("/v1/system/time")), ok(harbour.api.GET("/v1/accounts"))]);
    await ok(harbour.api.GET("/v1/accounts"));
    expect(tokenRequests).toHaveLength(1);
  });

  it("types refusals: a bad secret at the token exchange, a validation error with its field", async () => {
    const wrong = createHarbourClient({ baseUrl: server.baseUrl, credentials: { clientId: "acme", clientSecret: "wrong" } });
    const refused = await ok(wrong.api.GET("/v1/accounts")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TokenExchangeError);
    expect((refused as TokenExchangeError).error).toBe("invalid_client");

    const harbour = createHarbourClient({ baseUrl: server.baseUrl, credentials: { clientId: "acme", clientSecret: "acme-uat-secret" } });
    const invalid = await ok(
      harbour.api.POST("/v1/payments/internal", {
        body: {
          instructionIdentification: "QS-BAD",
          debtorAccount: { identification: "1000123456" },
          creditorAccount: { identification: "1000123460" },
          instructedAmount: { currency: "USD", amount: "-5" },
        },
      }),
    ).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(HarbourApiError);
    expect((invalid as HarbourApiError).status).toBe(400);
    expect((invalid as HarbourApiError).code).toBe("VALIDATION_ERROR");
    expect((invalid as HarbourApiError).field).toContain("amount");
  });
});
