import { describe, expect, it } from "vitest";
import { GET as total } from "@/app/v1/virtual-accounts/balances/total/route";
import { POST as balances } from "@/app/v1/virtual-accounts/balances/route";
import { GET as getOne } from "@/app/v1/virtual-accounts/[virtualAccountNumber]/route";
import { POST as createDeposit } from "@/app/v1/sandbox/deposits/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { balanceFromPostings } from "@/lib/server/domain/virtual-accounts/repo";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

const ACME_USD = virtualAccountNumber(1);
const ACME_BMD = virtualAccountNumber(2);
const ACME_UNALLOCATED = virtualAccountNumber(3);
const GLOBEX_USD = virtualAccountNumber(4);

type Balances = { meta: { total_size: number }; data: Array<{ accountNumber: string; balance: { currency: string; amount: string } }> };
type ErrorBody = { details: Array<{ field: string; code: string }> };

async function post(accountNumbers: unknown, client = "acme", headers: Record<string, string> = {}) {
  return call<Balances>(balances, "/v1/virtual-accounts/balances", { token: await tokenFor(client), body: { accountNumbers }, headers });
}
async function getTotal(query = "", client = "acme", headers: Record<string, string> = {}) {
  return call<{ currency: string; amount: string }>(total, `/v1/virtual-accounts/balances/total${query}`, { token: await tokenFor(client), headers });
}
async function deposit(accountNumber: string, amount: string, currency: string, client = "acme") {
  return call<Record<string, unknown>>(createDeposit, "/v1/sandbox/deposits", { token: await tokenFor(client), body: { accountNumber, amount, currency } });
}

// Tests run in order in this file: the deposit test last, as it changes balances.
describe("POST /v1/virtual-accounts/balances", () => {
  it("returns each requested balance in request order", async () => {
    const res = await post([ACME_BMD, ACME_USD, ACME_UNALLOCATED, "2000123001"]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      meta: { total_size: 4 },
      data: [
        { accountNumber: ACME_BMD, balance: { currency: "BMD", amount: "320.50" } },
        { accountNumber: ACME_USD, balance: { currency: "USD", amount: "1500.00" } },
        { accountNumber: ACME_UNALLOCATED, balance: { currency: "USD", amount: "0.00" } },
        { accountNumber: "2000123001", balance: { currency: "USD", amount: "50000.00" } },
      ],
    });
  });

  it("answers 400 naming every unknown or foreign number", async () => {
    const res = await post([ACME_USD, GLOBEX_USD, "999", "1000123456"]);
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect((res.body as unknown as ErrorBody).details.map((d) => [d.field, d.code])).toEqual([
      ["accountNumbers[1]", "VIRTUAL_ACCOUNT_NOT_FOUND"],
      ["accountNumbers[2]", "VIRTUAL_ACCOUNT_NOT_FOUND"],
      ["accountNumbers[3]", "VIRTUAL_ACCOUNT_NOT_FOUND"],
    ]);
    expect((res.body as unknown as { message: string }).message).toContain(GLOBEX_USD);
  });

  it("takes 1..1000 numbers", async () => {
    expectErrorBody((await post([])).body, 400, "VALIDATION_ERROR");
    expectErrorBody((await post(Array.from({ length: 1001 }, () => ACME_USD))).body, 400, "VALIDATION_ERROR");
    expect((await post(Array.from({ length: 1000 }, () => ACME_USD))).body.data).toHaveLength(1000);
    expectErrorBody((await post("x")).body, 400, "VALIDATION_ERROR");
  });

  it("flattens to CSV and needs get-virtual-account-transactions", async () => {
    const res = await post([ACME_USD], "acme", { accept: "text/csv" });
    const [header, row] = res.text.split("\r\n");
    expect(header).toBe("meta_total_size,data_0_account_number,data_0_balance_currency,data_0_balance_amount");
    expect(row).toBe(`1,${ACME_USD},USD,1500.00`);
    const denied = await call(balances, "/v1/virtual-accounts/balances", {
      token: await tokenFor("acme", ["get-virtual-accounts"]),
      body: { accountNumbers: [ACME_USD] },
    });
    expectErrorBody(denied.body, 403, "FORBIDDEN");
  });
});

describe("GET /v1/virtual-accounts/balances/total", () => {
  it("sums the settlement currency by default, or the currency asked for", async () => {
    expect((await getTotal()).body).toEqual({ currency: "USD", amount: "1500.00" });
    expect((await getTotal("?currency=BMD")).body).toEqual({ currency: "BMD", amount: "320.50" });
    expect((await getTotal("", "globex")).body).toEqual({ currency: "USD", amount: "75.00" });
  });

  it("refuses a currency not provisioned for the client, and bad input", async () => {
    expectErrorBody((await getTotal("?currency=BMD", "globex")).body, 400, "VALIDATION_ERROR");
    expectErrorBody((await getTotal("?currency=usd")).body, 400, "VALIDATION_ERROR");
    expectErrorBody((await getTotal("?other=1")).body, 400, "VALIDATION_ERROR");
    expectErrorBody((await getTotal("", "initech")).body, 400, "VALIDATION_ERROR");
  });

  it("answers in CSV via the wrapper's csv flag", async () => {
    const res = await getTotal("", "acme", { accept: "text/csv" });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.text).toBe("currency,amount\r\nUSD,1500.00\r\n");
  });
});

describe("sandbox deposits credit virtual accounts", () => {
  it("credits the virtual account through its ledger; balances and totals follow", async () => {
    const res = await deposit(ACME_UNALLOCATED, "250.25", "USD");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ accountNumber: ACME_UNALLOCATED, availableBalance: { currency: "USD", amount: "250.25" } });
    const detail = await call<{ data: { balance: unknown } }>(getOne, `/v1/virtual-accounts/${ACME_UNALLOCATED}`, {
      token: await tokenFor("acme"),
      params: { virtualAccountNumber: ACME_UNALLOCATED },
    });
    expect(detail.body.data.balance).toEqual({ currency: "USD", amount: "250.25" });
    expect((await getTotal()).body).toEqual({ currency: "USD", amount: "1750.25" });
    const runtime = await getRuntime();
    expect(await balanceFromPostings(runtime.db, "acme", ACME_UNALLOCATED)).toBe(25025n);
    expect(await balanceFromPostings(runtime.db, "acme", ACME_USD)).toBe(150000n);
  });

  it("refuses the wrong currency and another client's virtual account", async () => {
    expectErrorBody((await deposit(ACME_BMD, "1.00", "USD")).body, 400, "VALIDATION_ERROR");
    expect((await deposit(GLOBEX_USD, "1.00", "USD", "acme")).status).toBe(404);
  });
});
