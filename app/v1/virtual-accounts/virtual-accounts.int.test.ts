import { describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/virtual-accounts/[virtualAccountNumber]/route";
import { GET as list } from "@/app/v1/virtual-accounts/route";
import { GET as listAccounts } from "@/app/v1/accounts/route";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

/** The demo data (lib/server/domain/virtual-accounts/seed.ts) takes the first sequence numbers. */
const ACME_USD = virtualAccountNumber(1);
const ACME_BMD = virtualAccountNumber(2);
const ACME_UNALLOCATED = virtualAccountNumber(3);
const GLOBEX_USD = virtualAccountNumber(4);

type Listed = { virtualAccountNumber: string; category: string; currency: string; accountHolderName: string; balance: { amount: string } };
type ListBody = { meta: { pagination: { total_size: number; page_token: string; page_size: number } }; data: Listed[] };

async function getVa(number: string, client = "acme", headers: Record<string, string> = {}) {
  return call<{ data: Record<string, unknown> }>(getOne, `/v1/virtual-accounts/${number}`, {
    token: await tokenFor(client),
    params: { virtualAccountNumber: number },
    headers,
  });
}

describe("GET /v1/virtual-accounts/{virtualAccountNumber}", () => {
  it("returns the account with its parent and settlement accounts", async () => {
    const res = await getVa(ACME_USD);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      virtualAccountNumber: ACME_USD,
      bicCode: "HRBRBMHM",
      accountHolderName: "Jane Tucker",
      accountName: "Tucker Tenancy Deposit",
      currency: "USD",
      balance: { currency: "USD", amount: "1500.00" },
      category: "CMS Sub Acct",
      clientReference: "TENANT-0001",
      dob: "1984-05-17",
      parentAccount: {
        accountNumber: "2000123002",
        accountId: "ACC-2000123002",
        cif: "100200300",
        currency: "USD",
        accountSubType: "CMS-PARENT",
        status: "Active",
        availableBalance: { currency: "USD", amount: "0.00" },
        owners: [{ displayName: "Acme Shipping Ltd.", accountHolderType: "Primary" }],
      },
      settlementAccount: { accountNumber: "2000123001", availableBalance: { currency: "USD", amount: "50000.00" } },
    });
    expect(String(res.body.data.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(String(res.body.data.effectiveDate)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("shows the UNALLOCATED placeholders", async () => {
    const res = await getVa(ACME_UNALLOCATED);
    expect(res.body.data).toMatchObject({ accountHolderName: "UNALLOCATED", accountName: "UNALLOCATED", clientReference: null });
  });

  it("answers another client's account exactly as an unknown one", async () => {
    const foreign = await getVa(GLOBEX_USD, "acme");
    const unknown = await getVa(virtualAccountNumber(999_999), "acme");
    expect(foreign.status).toBe(404);
    expectErrorBody(foreign.body, 404, "VIRTUAL_ACCOUNT_NOT_FOUND");
    const strip = (b: Record<string, unknown>) => ({ ...b, correlationId: null, message: String(b.message).replace(/\d+/, "N") });
    expect(strip(foreign.body)).toEqual(strip(unknown.body));
    expect((await getVa(GLOBEX_USD, "globex")).status).toBe(200);
  });

  it("flattens to CSV", async () => {
    const res = await getVa(ACME_USD, "acme", { accept: "text/csv" });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, row] = res.text.split("\r\n");
    const cells = Object.fromEntries(header!.split(",").map((h, i) => [h, row!.split(",")[i]]));
    expect(cells).toMatchObject({
      data_virtual_account_number: ACME_USD,
      data_balance_amount: "1500.00",
      data_settlement_account_account_number: "2000123001",
      data_parent_account_owners_0_display_name: "Acme Shipping Ltd.",
    });
  });

  it("needs get-a-virtual-account", async () => {
    const res = await call(getOne, `/v1/virtual-accounts/${ACME_USD}`, {
      token: await tokenFor("acme", ["get-virtual-accounts"]),
      params: { virtualAccountNumber: ACME_USD },
    });
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });
});

describe("GET /v1/virtual-accounts", () => {
  it("lists virtual accounts with the settlement and parent accounts and their categories", async () => {
    const res = await call<ListBody>(list, "/v1/virtual-accounts", { token: await tokenFor("acme") });
    expect(res.status).toBe(200);
    const byNumber = Object.fromEntries(res.body.data.map((a) => [a.virtualAccountNumber, a.category]));
    expect(byNumber).toMatchObject({
      [ACME_USD]: "CMS Sub Acct",
      [ACME_BMD]: "CMS Sub Acct",
      [ACME_UNALLOCATED]: "CMS Sub Acct",
      "2000123001": "CMS Settlement",
      "2000123002": "CMS Parent Cate",
    });
    expect(byNumber[GLOBEX_USD]).toBeUndefined();
    expect(res.body.data.find((a) => a.virtualAccountNumber === "2000123001")).toMatchObject({
      accountHolderName: "Acme Shipping Ltd.",
      balance: { amount: "50000.00" },
    });
  });

  it("filters by currency", async () => {
    const res = await call<ListBody>(list, "/v1/virtual-accounts?currency=BMD", { token: await tokenFor("acme") });
    expect(res.body.data.map((a) => a.virtualAccountNumber)).toEqual([ACME_BMD]);
    expect(res.body.meta.pagination.total_size).toBe(1);
    const bad = await call(list, "/v1/virtual-accounts?currency=bmd", { token: await tokenFor("acme") });
    expectErrorBody(bad.body, 400, "VALIDATION_ERROR");
  });

  it("pages without overlap, and binds the token to the currency filter", async () => {
    const token = await tokenFor("acme");
    const first = await call<ListBody>(list, "/v1/virtual-accounts?pageSize=2", { token });
    const total = first.body.meta.pagination.total_size;
    const seen = first.body.data.map((a) => a.virtualAccountNumber);
    for (let page = 2; page <= Math.ceil(total / 2); page++) {
      const next = await call<ListBody>(list, `/v1/virtual-accounts?pageStart=${page}&pageToken=${first.body.meta.pagination.page_token}`, { token });
      seen.push(...next.body.data.map((a) => a.virtualAccountNumber));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const changed = await call(list, `/v1/virtual-accounts?currency=USD&pageStart=2&pageToken=${first.body.meta.pagination.page_token}`, { token });
    expectErrorBody(changed.body, 400, "INVALID_PAGE_TOKEN");
  });

  it("answers in CSV with data_<i>_ columns", async () => {
    const res = await call(list, "/v1/virtual-accounts?currency=BMD", { token: await tokenFor("acme"), headers: { accept: "text/csv" } });
    const [header, row] = res.text.split("\r\n");
    const cells = Object.fromEntries(header!.split(",").map((h, i) => [h, row!.split(",")[i]]));
    expect(cells).toMatchObject({ meta_pagination_total_size: "1", data_0_virtual_account_number: ACME_BMD, data_0_category: "CMS Sub Acct" });
  });

  it("is empty, not an error, for a client without virtual accounts", async () => {
    const res = await call<ListBody>(list, "/v1/virtual-accounts", { token: await tokenFor("initech") });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it("leaves GET /v1/accounts unchanged: virtual accounts are not real accounts", async () => {
    const res = await call<ListBody>(listAccounts, "/v1/accounts", { token: await tokenFor("acme") });
    expect(res.body.meta.pagination.total_size).toBe(7);
  });
});
