import { beforeAll, describe, expect, it } from "vitest";
import { GET as getPayment } from "@/app/v1/payments/[paymentId]/route";
import { GET as listPayments } from "@/app/v1/payments/route";
import { ZPaymentDetail, ZPaymentList, type TPaymentList } from "@/lib/contract/payments/search";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_BMD, ACME_USD, achBody, paymentOf, postAch, postSwift, swiftBody } from "@/tests/payments";
import { portalTokenFor } from "@/tests/portal";

const list = async (query: string, token?: string) =>
  call<TPaymentList & Record<string, unknown>>(listPayments, `/v1/payments${query}`, { token: token ?? (await tokenFor("acme")) });
const ids = (res: { body: TPaymentList }) => res.body.data.map((p) => p.transactionId);

let supplier: string;
let rhein: string;
let bmd: string;
let byPortal: string;

beforeAll(async () => {
  supplier = paymentOf(await postAch(achBody({ instructionIdentification: "INV-7781", remittanceInformation: ["Invoice 7781", "Q4 stock"] }))).id;
  rhein = paymentOf(await postSwift(swiftBody({ instructedAmount: { currency: "USD", amount: "2500.00" } }))).id;
  bmd = paymentOf(
    await postAch(
      achBody({
        debtorAccount: { identification: ACME_BMD },
        debitCurrency: "BMD",
        instructedAmount: { amount: "75.50", currency: "BMD" },
        creditorBank: { bankCode: "BANK_B", currency: "BMD" },
        creditorAccount: { identification: "555000111", name: "Hamilton 100% Water_Co" },
      }),
    ),
  ).id;
  byPortal = paymentOf(await postAch(achBody({ remittanceInformation: ["Rent December"] }), { token: await portalTokenFor("treasurer@acme.test") })).id;
});

describe("GET /v1/payments", () => {
  it("lists every account's payments, newest first, with beneficiary, debit account, submission time and submitter", async () => {
    const res = await list("?pageSize=1000");
    expect(res.status).toBe(200);
    ZPaymentList.parse(res.body);
    expect(ids(res).slice(0, 4)).toEqual([byPortal, bmd, rhein, supplier]);
    const [portal, water, swift] = res.body.data;
    expect(water!.debtorAccount.identification).toBe(ACME_BMD);
    expect(water!.beneficiary).toEqual({
      name: "Hamilton 100% Water_Co",
      accountIdentification: "555000111",
      bankIdentification: "BANK_B",
      bankName: expect.any(String),
    });
    expect(swift!.beneficiary.bankIdentification).toBe("COBADEFFXXX");
    // SWIFT OUR: the flat charge is debited on top of the principal (issue 24: the page and CSV show all three).
    expect({ type: swift!.chargesType, charges: swift!.charges, total: swift!.totalDebited }).toEqual({
      type: "OUR",
      charges: { currency: "USD", amount: "35.00" },
      total: { currency: "USD", amount: "2535.00" },
    });
    expect({ type: water!.chargesType, charges: water!.charges.amount, total: water!.totalDebited }).toEqual({
      type: null,
      charges: "0.00",
      total: water!.debitAmount,
    });
    expect(Date.parse(water!.submittedAt)).not.toBeNaN();
    expect(portal!.submittedBy).toEqual({ email: "treasurer@acme.test" });
    expect(water!.submittedBy).toBeNull();
  });

  it("filters by beneficiary, reference, instruction id, account, status, rail, amount and date", async () => {
    expect(ids(await list("?beneficiary=rhein"))).toEqual([rhein]);
    expect(ids(await list("?beneficiary=555000"))).toEqual([bmd]);
    // % and _ are literal characters, not wildcards.
    expect(ids(await list(`?beneficiary=${encodeURIComponent("100%")}`))).toEqual([bmd]);
    expect(ids(await list(`?beneficiary=${encodeURIComponent("r_nt")}`))).toEqual([]);
    expect(ids(await list("?reference=q4%20STOCK"))).toEqual([supplier]);
    expect(ids(await list("?instructionIdentification=INV-7781"))).toEqual([supplier]);
    expect(ids(await list("?instructionIdentification=INV-778"))).toEqual([]);
    expect(ids(await list(`?accountNumber=${ACME_BMD}`))).toEqual([bmd]);
    expect(ids(await list("?rail=SWIFT"))).toEqual([rhein]);
    expect(ids(await list("?rail=INTERNAL"))).toEqual([]);
    expect(ids(await list("?minAmount=75.50&maxAmount=75.50"))).toEqual([bmd]);
    expect(ids(await list("?minAmount=75.51&maxAmount=2499.99&rail=ACH"))).toEqual([byPortal, supplier]);
    expect(ids(await list("?status=Reversed"))).toEqual([]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Atlantic/Bermuda" }).format(new Date());
    expect(ids(await list(`?fromDate=${today}&toDate=${today}&accountNumber=${ACME_USD}&rail=ACH`))).toEqual([byPortal, supplier]);
    expect(ids(await list("?toDate=2020-01-01"))).toEqual([]);
  });

  it("pages with the spec's envelope; the token binds the filters", async () => {
    const first = await list("?rail=ACH&pageSize=1");
    expect(first.body.meta.pagination).toMatchObject({ page_start: 1, page_size: 1, total_size: 3 });
    const token = first.body.meta.pagination.page_token;
    const second = await list(`?rail=ACH&pageStart=2&pageToken=${encodeURIComponent(token)}`);
    expect(ids(second)).toEqual([bmd]);
    const changed = await list(`?rail=SWIFT&pageStart=2&pageToken=${encodeURIComponent(token)}`);
    expect(changed.status).toBe(400);
    expectErrorBody(changed.body, 400, "INVALID_PAGE_TOKEN");
    const past = await list("?rail=ACH&pageStart=9&pageSize=1");
    expect(past.body).toMatchObject({ data: [], meta: { pagination: { total_size: 3 } } });
  });

  it("answers CSV by Accept", async () => {
    const res = await call(listPayments, "/v1/payments?rail=SWIFT", { token: await tokenFor("acme"), headers: { accept: "text/csv" } });
    expect(res.status).toBe(200);
    const [header, row] = res.text.trim().split(/\r?\n/);
    expect(header).toContain("data_0_beneficiary_name");
    expect(header).toContain("meta_pagination_total_size");
    expect(row).toContain("Rhein Logistik GmbH");
  });

  it.each([
    ["?minAmount=abc", "minAmount"],
    ["?minAmount=10&maxAmount=9.99", "maxAmount"],
    ["?fromDate=2026-02-30", "fromDate"],
    ["?fromDate=2026-03-02&toDate=2026-03-01", "toDate"],
    ["?status=Lost", "status"],
    ["?rail=WIRE", "rail"],
    ["?beneficiary=", "beneficiary"],
    [`?reference=${"x".repeat(36)}`, "reference"],
    ["?colour=blue", null],
  ])("refuses %s with a 400 naming the field", async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    if (field) expect(JSON.stringify(res.body)).toContain(field);
  });

  it("never shows another client's payments", async () => {
    const globex = await list("?pageSize=1000", await tokenFor("globex"));
    expect(ids(globex)).not.toContain(supplier);
    expect((await call(getPayment, `/v1/payments/${supplier}`, { token: await tokenFor("globex"), params: { paymentId: supplier } })).status).toBe(404);
  });
});

describe("GET /v1/payments/{paymentId}", () => {
  it("answers one payment's summary, and 404 for an unknown or malformed id", async () => {
    const token = await tokenFor("acme");
    const res = await call(getPayment, `/v1/payments/${byPortal}`, { token, params: { paymentId: byPortal } });
    expect(res.status).toBe(200);
    expect(ZPaymentDetail.parse(res.body).data).toMatchObject({ transactionId: byPortal, submittedBy: { email: "treasurer@acme.test" } });
    const unknown = await call(getPayment, "/v1/payments/not-a-uuid", { token, params: { paymentId: "not-a-uuid" } });
    expectErrorBody(unknown.body, 404, "PAYMENT_NOT_FOUND");
    // The portal user is the audit row's actor too.
    const { db } = await getRuntime();
    const { rows } = await db.query<{ actor: string }>("SELECT actor FROM audit_log WHERE entity = 'payment' AND entity_id = $1", [byPortal]);
    expect(rows[0]?.actor).toMatch(/^user:[0-9a-f-]{36}$/);
  });
});
