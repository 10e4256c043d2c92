import { XmlDocument } from "libxml2-wasm";
import { Parser as Mt940Parser } from "mt940js";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as balancesRoute } from "@/app/v1/accounts/[accountNumber]/balances/route";
import { GET as statementRoute } from "@/app/v1/accounts/[accountNumber]/statements/route";
import { GET as transactionsRoute } from "@/app/v1/accounts/[accountNumber]/transactions/route";
import { POST as depositRoute } from "@/app/v1/sandbox/deposits/route";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import type { TAccountBalances, TTransaction, TTransactionList } from "@/lib/contract/ledger/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { achBody, postAch, postSwift } from "@/tests/payments";

const ACCOUNT = "1000123456"; // acme, USD
const TODAY = bankLocalParts().date;
let token: string;

async function transactions(query = "", headers: Record<string, string> = {}) {
  return call<TTransactionList & Record<string, unknown>>(transactionsRoute, `/v1/accounts/${ACCOUNT}/transactions${query}`, {
    token,
    params: { accountNumber: ACCOUNT },
    headers,
  });
}

async function statement(format: string, range = `fromDate=${TODAY}&toDate=${TODAY}`) {
  return call(statementRoute, `/v1/accounts/${ACCOUNT}/statements?${range}&format=${format}`, { token, params: { accountNumber: ACCOUNT } });
}

/** Every transaction of today, oldest first (the statement's order). */
async function allOfToday(): Promise<TTransaction[]> {
  const res = await transactions(`?fromDate=${TODAY}&toDate=${TODAY}&pageSize=1000`);
  expect(res.status).toBe(200);
  return [...res.body.data].reverse();
}

/**
 * What a statement lists: today's transactions less those of payments still
 * Pending (in the ledger and the available balance, not yet booked).
 */
async function pendingOfToday(): Promise<{ booked: TTransaction[]; pending: TTransaction[] }> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ id: string }>("SELECT payment_id::text AS id FROM payments WHERE status = 'Pending' AND funds_held");
  const ids = new Set(rows.map((r) => r.id));
  const all = await allOfToday();
  const isPending = (t: TTransaction) => t.references.paymentId !== null && ids.has(t.references.paymentId);
  return { booked: all.filter((t) => !isPending(t)), pending: all.filter(isPending) };
}

const bookedOfToday = async () => (await pendingOfToday()).booked;

async function balances(): Promise<TAccountBalances> {
  const res = await call<TAccountBalances>(balancesRoute, `/v1/accounts/${ACCOUNT}/balances`, { token, params: { accountNumber: ACCOUNT } });
  expect(res.status).toBe(200);
  return res.body;
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const signedCents = (t: TTransaction) => (t.type === "Credit" ? 1 : -1) * cents(t.amount.amount);

beforeAll(async () => {
  token = await tokenFor("acme");
  const deposit = await call(depositRoute, "/v1/sandbox/deposits", {
    token,
    body: { accountNumber: ACCOUNT, amount: "500.00", currency: "USD", transactionDetails: "INV-77 Rent & <deposit>" },
  });
  expect(deposit.status).toBe(201);
  expect((await postAch(achBody({ debtorAccount: { identification: ACCOUNT }, instructionIdentification: "TXLIST-1" }))).status).toBe(201);
  const swift = await postSwift({
    debtorAccount: { identification: ACCOUNT },
    instructedAmount: { currency: "USD", amount: "40.00" },
    creditorAccount: { identification: "DE89370400440532013000", name: "Muller GmbH" },
    creditorAgent: { identification: "DEUTDEFF" },
    chargesType: "OUR",
    remittanceInformation: ["Invoice 9"],
  });
  expect(swift.status).toBe(201);
});

describe("GET /v1/accounts/{accountNumber}/transactions", () => {
  it("lists postings newest first with kind, references and a balance after each that chains", async () => {
    const res = await transactions();
    expect(res.status).toBe(200);
    const [charge, swift, ach, deposit] = res.body.data;
    expect(charge).toMatchObject({ kind: "Charge", type: "Debit", amount: { currency: "USD", amount: "35.00" } });
    expect(swift).toMatchObject({
      kind: "SWIFT",
      type: "Debit",
      amount: { amount: "40.00" },
      counterparty: { name: "Muller GmbH" },
      remittanceInformation: ["Invoice 9"],
    });
    expect(ach).toMatchObject({ kind: "ACH", references: { instructionIdentification: "TXLIST-1" } });
    expect(deposit).toMatchObject({ kind: "Deposit", type: "Credit", amount: { amount: "500.00" }, references: { payerReference: "INV-77 Rent & <deposit>" } });
    expect(charge!.entryId).toBe(swift!.entryId);
    const data = res.body.data;
    for (let i = 0; i + 1 < data.length; i++) expect(cents(data[i]!.balanceAfter.amount)).toBe(cents(data[i + 1]!.balanceAfter.amount) + signedCents(data[i]!));
  });

  it("filters by type, amount, dates and text; the page token binds the filters; CSV by Accept", async () => {
    const credits = await transactions("?type=Credit");
    expect(credits.body.data.every((t) => t.type === "Credit")).toBe(true);
    const big = await transactions("?minAmount=100&maxAmount=500");
    expect(big.body.data.map((t) => t.kind)).toEqual(expect.arrayContaining(["Deposit"]));
    expect(big.body.data.every((t) => cents(t.amount.amount) >= 10_000 && cents(t.amount.amount) <= 50_000)).toBe(true);
    expect((await transactions("?fromDate=2001-01-01&toDate=2001-01-31")).body.data).toEqual([]);
    const text = await transactions("?text=muller");
    // The payment to Muller and its charge (a posting of the same payment).
    expect(text.body.data.map((t) => t.kind)).toEqual(["Charge", "SWIFT"]);

    const first = await transactions("?type=Debit&pageSize=1");
    const token2 = first.body.meta.pagination.page_token;
    expect((await transactions(`?type=Debit&pageStart=2&pageToken=${token2}`)).body.data).toHaveLength(1);
    const changed = await transactions(`?type=Credit&pageStart=2&pageToken=${token2}`);
    expectErrorBody(changed.body, 400, "INVALID_PAGE_TOKEN");

    const csv = await transactions("?pageSize=2", { accept: "text/csv" });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text).toContain("data_0_balance_after_amount");
  });

  it("answers 400 for bad filters, 404 for another client's account and 403 without the permission", async () => {
    for (const query of ["?fromDate=2026-02-30", "?fromDate=2026-03-02&toDate=2026-03-01", "?type=Both", "?minAmount=abc", "?minAmount=1.234", "?colour=red"]) {
      const res = await transactions(query);
      expect(res.status, query).toBe(400);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    }
    const foreign = await call(transactionsRoute, "/v1/accounts/3000456001/transactions", { token, params: { accountNumber: "3000456001" } });
    expectErrorBody(foreign.body, 404, "ACCOUNT_NOT_FOUND");
    const limited = await call(transactionsRoute, `/v1/accounts/${ACCOUNT}/transactions`, {
      token: await tokenFor(
        "acme",
        PERMISSIONS.filter((p) => p !== "get-account-transactions"),
      ),
      params: { accountNumber: ACCOUNT },
    });
    expect(limited.status).toBe(403);
  });
});

describe("GET /v1/accounts/{accountNumber}/statements, read back by parsers we did not write", () => {
  it("CSV (papaparse): opening + booked entries = closing booked, each balance after the booked one", async () => {
    const expected = await bookedOfToday();
    const res = await statement("csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(".csv");
    const rows = Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true }).data;
    expect(rows[0]!.record).toBe("opening");
    expect(rows.at(-1)!.record).toBe("closing");
    const entries = rows.filter((r) => r.record === "entry");
    expect(entries.map((r) => r.transaction_id)).toEqual(expected.map((t) => t.transactionId));
    expect(entries.map((r) => `${r.type} ${r.amount}`)).toEqual(expected.map((t) => `${t.type} ${t.amount.amount}`));
    let running = cents(rows[0]!.balance_after!);
    for (const r of entries) {
      running += (r.type === "Credit" ? 1 : -1) * cents(r.amount!);
      expect(cents(r.balance_after!), r.transaction_id).toBe(running);
    }
    expect(running).toBe(cents(rows.at(-1)!.balance_after!));
    expect(cents(rows.at(-1)!.balance_after!)).toBe(cents((await balances()).bookedBalance.amount));
    expect(entries.find((r) => r.kind === "Deposit")!.payer_reference).toBe("INV-77 Rent & <deposit>");
  });

  it("MT940 (mt940js): :62F: is the booked balance, :64: the available one, each :61: a booked transaction", async () => {
    const expected = await bookedOfToday();
    const res = await statement("mt940");
    expect(res.status).toBe(200);
    const [parsed, ...more] = new Mt940Parser().parse(res.text);
    expect(more).toHaveLength(0);
    expect(parsed!.accountIdentification).toBe(ACCOUNT);
    expect(parsed!.currency).toBe("USD");
    expect(parsed!.transactions.map((t) => cents(t.amount))).toEqual(expected.map(signedCents));
    expect(parsed!.transactions.map((t) => t.bankReference)).toEqual(expected.map((t) => t.transactionId));
    const sum = parsed!.transactions.reduce((s, t) => s + cents(t.amount), 0);
    expect(cents(parsed!.openingBalance) + sum).toBe(cents(parsed!.closingBalance));
    const now = await balances();
    expect(cents(parsed!.closingBalance)).toBe(cents(now.bookedBalance.amount));
    expect(cents(parsed!.closingAvailableBalance)).toBe(cents(now.availableBalance.amount));
  });

  it("camt.053.001.08 (libxml2): CLBD booked, CLAV available, and each entry a booked transaction", async () => {
    const expected = await bookedOfToday();
    const res = await statement("camt053");
    expect(res.status).toBe(200);
    const doc = XmlDocument.fromString(res.text);
    try {
      const ns = { c: "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" };
      const balance = (code: string) => {
        const node = doc.get(`//c:Stmt/c:Bal[c:Tp/c:CdOrPrtry/c:Cd='${code}']`, ns)!;
        const sign = node.get("c:CdtDbtInd", ns)!.content === "DBIT" ? -1 : 1;
        return sign * cents(node.get("c:Amt", ns)!.content);
      };
      const entries = doc.find("//c:Stmt/c:Ntry", ns).map((n) => ({
        id: n.get("c:NtryRef", ns)!.content,
        cents: (n.get("c:CdtDbtInd", ns)!.content === "CRDT" ? 1 : -1) * cents(n.get("c:Amt", ns)!.content),
        currency: n.get("c:Amt/@Ccy", ns)!.content,
        status: n.get("c:Sts/c:Cd", ns)!.content,
      }));
      expect(doc.get("//c:Stmt/c:Acct/c:Id/c:Othr/c:Id", ns)!.content).toBe(ACCOUNT);
      expect(entries.map((e) => e.id)).toEqual(expected.map((t) => t.transactionId));
      expect(entries.map((e) => e.cents)).toEqual(expected.map(signedCents));
      expect(new Set(entries.map((e) => `${e.currency} ${e.status}`))).toEqual(new Set(["USD BOOK"]));
      expect(balance("OPBD") + entries.reduce((s, e) => s + e.cents, 0)).toBe(balance("CLBD"));
      const now = await balances();
      expect(balance("CLBD")).toBe(cents(now.bookedBalance.amount));
      expect(balance("CLAV")).toBe(cents(now.availableBalance.amount));
      expect(doc.find("//c:Ustrd", ns).map((n) => n.content)).toContain("INV-77 Rent & <deposit>");
    } finally {
      doc.dispose();
    }
  });

  it("leaves out a Pending payment's debit until it is booked: booked and available differ by what it holds", async () => {
    const now = await balances();
    // The fixtures' ACH and SWIFT payments are still Pending here, so the two figures must differ, and by exactly that.
    expect(now.pendingPayments).toBeGreaterThan(0);
    expect(cents(now.bookedBalance.amount) - cents(now.availableBalance.amount)).toBe(cents(now.heldForPendingPayments.amount));
    const { pending } = await pendingOfToday();
    expect(pending.length).toBeGreaterThan(0);
    for (const format of ["csv", "mt940", "camt053"]) {
      const text = (await statement(format)).text;
      for (const t of pending) expect(text, `${format} ${t.transactionId}`).not.toContain(t.transactionId);
    }
  });

  it("cuts a range that ends in the future at today (bank time); a range wholly in the future is today's", async () => {
    const far = "2099-12-31";
    const cut = await statement("mt940", `fromDate=${TODAY}&toDate=${far}`);
    expect(cut.status).toBe(200);
    expect(cut.headers.get("content-disposition")).toContain(`${TODAY}-${TODAY}.mt940`);
    expect(cut.text).not.toContain(":62F:C991231");
    expect(cut.text).toContain(`:62F:C${TODAY.slice(2).replace(/-/g, "")}`);
    const future = await statement("camt053", `fromDate=2099-01-01&toDate=${far}`);
    expect(future.status).toBe(200);
    expect(future.text).toContain(`<ToDtTm>${TODAY}T23:59:59</ToDtTm>`);
    expect(future.text).not.toContain("2099");
  });

  it("needs a range and a known format, and answers 404 for another client's account", async () => {
    expectErrorBody((await statement("pdf")).body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    expectErrorBody((await statement("csv", `fromDate=${TODAY}`)).body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    const foreign = await call(statementRoute, `/v1/accounts/3000456001/statements?fromDate=${TODAY}&toDate=${TODAY}&format=csv`, {
      token,
      params: { accountNumber: "3000456001" },
    });
    expectErrorBody(foreign.body as Record<string, unknown>, 404, "ACCOUNT_NOT_FOUND");
  });

  it("answers the media types its OpenAPI entry lists when a client asks for them (issue 19, item 13)", async () => {
    for (const [format, accept, type] of [
      ["mt940", "text/plain", "text/plain"],
      ["camt053", "application/xml", "application/xml"],
      ["csv", "text/csv", "text/csv"],
    ] as const) {
      const res = await call(statementRoute, `/v1/accounts/${ACCOUNT}/statements?fromDate=${TODAY}&toDate=${TODAY}&format=${format}`, {
        token,
        params: { accountNumber: ACCOUNT },
        headers: { accept },
      });
      expect(res.status, `${format} with Accept: ${accept}`).toBe(200);
      expect(res.headers.get("content-type"), format).toContain(type);
    }
  });
});
