import { describe, expect, it } from "vitest";
import { GET as listPayments } from "@/app/v1/accounts/[accountNumber]/payments/route";
import { GET as paymentStatus } from "@/app/v1/payments/[paymentId]/status/route";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_BMD, achBody, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";

async function status(paymentId: string, client = "acme", headers: Record<string, string> = {}) {
  return call(paymentStatus, `/v1/payments/${paymentId}/status`, { token: await tokenFor(client), params: { paymentId }, headers });
}

async function list(accountNumber: string, query = "", client = "acme", headers: Record<string, string> = {}) {
  return call(listPayments, `/v1/accounts/${accountNumber}/payments${query}`, { token: await tokenFor(client), params: { accountNumber }, headers });
}

describe("GET /v1/payments/{paymentId}/status", () => {
  it("returns the spec §2.9 record; exchangeRate null for same currency, a decimal string for FX", async () => {
    const ach = paymentOf(await postAch(achBody({ instructionIdentification: "ST-1", remittanceInformation: ["l1", "l2"] })));
    const res = await status(ach.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: "ACH",
      status: "Pending",
      transactionId: ach.id,
      externalReference: "ST-1",
      remittanceInformation: ["l1", "l2"],
      debitAmount: { currency: "USD", amount: "100.00" },
      creditAmount: { currency: "USD", amount: "100.00" },
      valueDate: ach.details.settlementDetails.settlementDate,
      exchangeRate: null,
    });
    expect(res.body.valueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const fx = paymentOf(await postSwift(swiftBody({ instructedAmount: { currency: "GBP" }, debitAmount: { currency: "USD", amount: "1000.00" } })));
    const fxRes = await status(fx.id);
    expect(fxRes.body).toMatchObject({ type: "SWIFT", exchangeRate: "0.7874", creditAmount: { currency: "GBP", amount: "787.40" } });
  });

  it("answers as CSV", async () => {
    const id = paymentOf(await postAch(achBody())).id;
    const res = await status(id, "acme", { accept: "text/csv" });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.text.split("\r\n")[0]).toContain("debit_amount_amount");
  });

  it("answers another client's and unknown payments with 404 PAYMENT_NOT_FOUND", async () => {
    const id = paymentOf(await postAch(achBody())).id;
    for (const res of [await status(id, "globex"), await status("00000000-0000-4000-8000-000000000000"), await status("not-a-uuid")]) {
      expect(res.status).toBe(404);
      expectErrorBody(res.body, 404, "PAYMENT_NOT_FOUND");
    }
  });

  it("needs get-payment-status", async () => {
    const id = paymentOf(await postAch(achBody())).id;
    const res = await call(paymentStatus, `/v1/payments/${id}/status`, { token: await tokenFor("acme", ["get-account"]), params: { paymentId: id } });
    expect(res.status).toBe(403);
  });
});

describe("GET /v1/accounts/{accountNumber}/payments", () => {
  it("pages an account's payments newest first without overlap", async () => {
    const base = { debtorAccount: { identification: ACME_BMD }, debitCurrency: "BMD", creditorBank: { bankCode: "BANK_B", currency: "BMD" } };
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      ids.push(paymentOf(await postAch(achBody({ ...base, instructedAmount: { amount: `${i}.00`, currency: "BMD" } }))).id);
    }
    const first = await list(ACME_BMD, "?pageSize=2");
    expect(first.status).toBe(200);
    const page1 = first.body as { meta: { pagination: { total_size: number; page_token: string } }; data: Array<{ transactionId: string }> };
    expect(page1.meta.pagination.total_size).toBeGreaterThanOrEqual(3);
    const token = page1.meta.pagination.page_token;
    const second = await list(ACME_BMD, `?pageToken=${encodeURIComponent(token)}&pageStart=2`);
    const page2 = second.body as { data: Array<{ transactionId: string }> };
    const seen = [...page1.data, ...page2.data].map((r) => r.transactionId);
    expect(seen.slice(0, 3)).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("answers as CSV with data_<i>_ columns", async () => {
    await postAch(achBody());
    const res = await list("1000123456", "?pageSize=1", "acme", { accept: "text/csv" });
    expect(res.status).toBe(200);
    expect(res.text.split("\r\n")[0]).toContain("data_0_transaction_id");
  });

  it("answers another client's account with 404 ACCOUNT_NOT_FOUND", async () => {
    const res = await list("1000123456", "", "globex");
    expect(res.status).toBe(404);
    expectErrorBody(res.body, 404, "ACCOUNT_NOT_FOUND");
  });

  it("returns an empty page for an account without payments", async () => {
    const res = await list("3000456002", "", "globex");
    expect(res.status).toBe(200);
    expect((res.body as { data: unknown[] }).data).toEqual([]);
  });

  it("rejects a page token of another account with 400 INVALID_PAGE_TOKEN", async () => {
    const first = await list("1000123456", "?pageSize=1");
    const token = (first.body as { meta: { pagination: { page_token: string } } }).meta.pagination.page_token;
    const res = await list(ACME_BMD, `?pageToken=${encodeURIComponent(token)}&pageStart=2`);
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "INVALID_PAGE_TOKEN");
  });
});
