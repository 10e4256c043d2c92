import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { GET as listAccounts } from "@/app/v1/accounts/route";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

describe("GET /v1/accounts/{accountNumber}", () => {
  it("returns every spec §2.1 field of the caller's account", async () => {
    const res = await call(getAccount, "/v1/accounts/1000123456", { token: await tokenFor("acme"), params: { accountNumber: "1000123456" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accountId: "ACC-1000123456",
      cif: "100200300",
      accountNumber: "1000123456",
      currency: "USD",
      status: "Active",
      accountType: "Corporate",
      accountSubType: "CORP-CHK",
      nickname: "Operating USD",
      availableBalance: { currency: "USD", amount: "250000.00" },
      accountRoutings: [{ scheme: "AccountNumber", address: "1000123456" }],
      owners: [{ displayName: "Acme Shipping Ltd.", accountHolderType: "Primary" }],
    });
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "accountAttributes",
        "accountId",
        "accountNumber",
        "accountRoutings",
        "accountSubType",
        "accountType",
        "availableBalance",
        "balanceEffectiveDate",
        "cif",
        "currency",
        "nickname",
        "openingDate",
        "owners",
        "status",
      ].sort(),
    );
    expect(res.headers.get("x-correlation-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("answers another client's account exactly as an unknown one", async () => {
    const token = await tokenFor("globex");
    const foreign = await call(getAccount, "/v1/accounts/1000123456", { token, params: { accountNumber: "1000123456" } });
    const unknown = await call(getAccount, "/v1/accounts/9999999999", { token, params: { accountNumber: "9999999999" } });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expectErrorBody(foreign.body, 404, "ACCOUNT_NOT_FOUND");
    const strip = (b: Record<string, unknown>) => ({ ...b, correlationId: null, message: String(b.message).replace(/\d+/, "N") });
    expect(strip(foreign.body)).toEqual(strip(unknown.body));
  });

  it("rejects a 37-character account number with 400 naming the field", async () => {
    const n = "1".repeat(37);
    const res = await call(getAccount, `/v1/accounts/${n}`, { token: await tokenFor("acme"), params: { accountNumber: n } });
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    expect(res.body.field).toBe("accountNumber");
  });

  it("rejects control characters such as NUL with 400, not a database error", async () => {
    const n = "12%\u0000";
    const res = await call(getAccount, "/v1/accounts/x", { token: await tokenFor("acme"), params: { accountNumber: n } });
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
  });

  it("flattens to one CSV header row and one data row", async () => {
    const res = await call(getAccount, "/v1/accounts/1000123459", {
      token: await tokenFor("acme"),
      params: { accountNumber: "1000123459" },
      headers: { accept: "text/csv" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, row, end] = res.text.split("\r\n");
    expect(end).toBe("");
    const cells = Object.fromEntries(header!.split(",").map((h, i) => [h, row!.split(",")[i]]));
    expect(cells).toMatchObject({
      available_balance_amount: "15000.00",
      owners_1_display_name: "Jane Tucker",
      owners_1_account_holder_type: "Joint",
      account_type: "",
      nickname: "",
    });
  });

  it("needs the get-account permission", async () => {
    const res = await call(getAccount, "/v1/accounts/1000123456", {
      token: await tokenFor("acme", ["get-all-accounts"]),
      params: { accountNumber: "1000123456" },
    });
    expect(res.status).toBe(403);
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });
});

describe("GET /v1/accounts", () => {
  it("walks every page with pageSize 1 without overlap or gaps", async () => {
    const token = await tokenFor("acme");
    const first = await call<{ meta: { pagination: Record<string, unknown> }; data: { accountNumber: string }[] }>(listAccounts, "/v1/accounts?pageSize=1", {
      token,
    });
    expect(first.status).toBe(200);
    const { page_token, total_size, page_size, page_start } = first.body.meta.pagination;
    expect({ total_size, page_size, page_start }).toEqual({ total_size: 7, page_size: 1, page_start: 1 });
    const seen = [first.body.data[0]!.accountNumber];
    for (let page = 2; page <= 7; page++) {
      const next = await call<typeof first.body>(listAccounts, `/v1/accounts?pageStart=${page}&pageToken=${page_token}`, { token });
      expect(next.status).toBe(200);
      expect(next.body.data).toHaveLength(1);
      seen.push(next.body.data[0]!.accountNumber);
    }
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe("1000123456");
    const past = await call<typeof first.body>(listAccounts, `/v1/accounts?pageStart=8&pageToken=${page_token}`, { token });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
  });

  it("refuses a token sent with a changed page size, or by another client", async () => {
    const token = await tokenFor("acme");
    const first = await call<{ meta: { pagination: { page_token: string } } }>(listAccounts, "/v1/accounts?pageSize=2", { token });
    const pageToken = first.body.meta.pagination.page_token;
    const changed = await call(listAccounts, `/v1/accounts?pageStart=2&pageSize=3&pageToken=${pageToken}`, { token });
    expectErrorBody(changed.body, 400, "INVALID_PAGE_TOKEN");
    const foreign = await call(listAccounts, `/v1/accounts?pageStart=2&pageToken=${pageToken}`, { token: await tokenFor("globex") });
    expectErrorBody(foreign.body, 400, "INVALID_PAGE_TOKEN");
    const garbage = await call(listAccounts, `/v1/accounts?pageToken=${"x".repeat(101)}`, { token });
    expect(garbage.status).toBe(400);
  });

  it("answers 404 NO_ACCOUNTS for a customer without accounts", async () => {
    const res = await call(listAccounts, "/v1/accounts", { token: await tokenFor("initech") });
    expect(res.status).toBe(404);
    expectErrorBody(res.body, 404, "NO_ACCOUNTS");
  });

  it("lists only the caller's accounts", async () => {
    const res = await call<{ data: { accountNumber: string }[] }>(listAccounts, "/v1/accounts", { token: await tokenFor("globex") });
    expect(res.body.data.map((a) => a.accountNumber).sort()).toEqual(["3000456001", "3000456002", "4000456001", "4000456002"]);
  });

  it("prefixes envelope columns in CSV", async () => {
    const res = await call(listAccounts, "/v1/accounts?pageSize=2", { token: await tokenFor("acme"), headers: { accept: "text/csv" } });
    const header = res.text.split("\r\n")[0]!.split(",");
    expect(header.slice(0, 4)).toEqual(["meta_pagination_page_start", "meta_pagination_page_size", "meta_pagination_total_size", "meta_pagination_page_token"]);
    expect(header).toContain("data_1_available_balance_amount");
  });

  it("rejects unknown and malformed query parameters with 400", async () => {
    const token = await tokenFor("acme");
    for (const query of ["page_size=2", "pageSize=0", "pageSize=1001", "pageSize=abc", "pageStart=-1"]) {
      const res = await call(listAccounts, `/v1/accounts?${query}`, { token });
      expect(res.status, query).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    }
  });
});
