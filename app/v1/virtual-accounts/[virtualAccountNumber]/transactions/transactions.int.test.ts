import { XmlDocument } from "libxml2-wasm";
import { Parser as Mt940Parser } from "mt940js";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as statementRoute } from "@/app/v1/virtual-accounts/[virtualAccountNumber]/statements/route";
import { GET as transactionsRoute } from "@/app/v1/virtual-accounts/[virtualAccountNumber]/transactions/route";
import { POST as depositRoute } from "@/app/v1/sandbox/deposits/route";
import { PERMISSIONS } from "@/lib/contract/auth/permissions";
import type { TTransaction, TTransactionList } from "@/lib/contract/ledger/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

/**
 * Issue 13, "virtual accounts get the same for their postings" (docs/ledger.md, Virtual
 * accounts): the seeded acme USD virtual account (opening balance 1,500.00) receives three
 * deposits; its transactions and statements are an account's, over its sub-ledger, and
 * each of its postings is a balanced journal entry on the control account.
 */
const VA = virtualAccountNumber(1);
const GLOBEX_VA = virtualAccountNumber(4);
const TODAY = bankLocalParts().date;
const DEPOSITS = [
  { amount: "10.00", transactionDetails: "INV-1" },
  { amount: "250.00", transactionDetails: "INV-2" },
  { amount: "75.50", transactionDetails: "INV-3" },
];

const cents = (amount: string | number) => Math.round(Number(String(amount).replace(",", ".")) * 100);
const signedCents = (t: TTransaction) => (t.type === "Credit" ? 1 : -1) * cents(t.amount.amount);

async function transactions(query = "", options: { client?: string; number?: string; accept?: string; token?: string } = {}) {
  const number = options.number ?? VA;
  return call<TTransactionList & Record<string, unknown>>(transactionsRoute, `/v1/virtual-accounts/${number}/transactions${query}`, {
    token: options.token ?? (await tokenFor(options.client ?? "acme")),
    params: { virtualAccountNumber: number },
    headers: options.accept ? { accept: options.accept } : {},
  });
}

async function statement(format: string, query = `fromDate=${TODAY}&toDate=${TODAY}`, number = VA, client = "acme") {
  return call(statementRoute, `/v1/virtual-accounts/${number}/statements?${query}&format=${format}`, {
    token: await tokenFor(client),
    params: { virtualAccountNumber: number },
  });
}

/** Today's postings oldest first, as the statements list them. */
async function allOfToday(): Promise<TTransaction[]> {
  return (await transactions(`?fromDate=${TODAY}&toDate=${TODAY}&pageSize=500`)).body.data.slice().reverse();
}

beforeAll(async () => {
  for (const d of DEPOSITS) {
    const res = await call(depositRoute, "/v1/sandbox/deposits", { token: await tokenFor("acme"), body: { accountNumber: VA, currency: "USD", ...d } });
    expect(res.status).toBe(201);
  }
});

describe("GET /v1/virtual-accounts/{virtualAccountNumber}/transactions", () => {
  it("lists the sub-ledger newest first with an account's item shape and a balance after each posting", async () => {
    const res = await transactions();
    expect(res.status).toBe(200);
    expect(res.body.meta.pagination.total_size).toBe(4);
    const items = res.body.data;
    expect(items.map((t) => `${t.kind} ${t.type} ${t.amount.amount} ${t.balanceAfter.amount}`)).toEqual([
      "Deposit Credit 75.50 1835.50",
      "Deposit Credit 250.00 1760.00",
      "Deposit Credit 10.00 1510.00",
      "OpeningBalance Credit 1500.00 1500.00",
    ]);
    expect(items.map((t) => t.references.payerReference)).toEqual(["INV-3", "INV-2", "INV-1", null]);
    expect(items[0]!.references.reference).toMatch(/^DEP-/);
    expect(items[0]!.valueDate).toBe(TODAY);
    expect(items[0]!.transactionId).toMatch(/^TX-\d+$/);
  });

  it("books each posting as a balanced journal entry: the control account against sandbox funding, linked by entryId and transactionId", async () => {
    const { db } = await getRuntime();
    for (const t of (await transactions()).body.data) {
      const { rows } = await db.query<{ posting_id: string; bank_account: string; amount_minor: string }>(
        "SELECT posting_id::text, bank_account, amount_minor::text FROM ledger_postings WHERE client_id = 'acme' AND entry_id = $1 ORDER BY posting_id",
        [t.entryId],
      );
      const counter = t.kind === "Deposit" ? "sandbox_funding:USD" : "opening_balances:USD";
      expect(rows.map((r) => `${r.bank_account} ${r.amount_minor}`)).toEqual([
        `virtual_account_control:USD ${cents(t.amount.amount)}`,
        `${counter} ${-cents(t.amount.amount)}`,
      ]);
      expect(t.transactionId).toBe(`TX-${rows[0]!.posting_id}`);
    }
    expect(await verifyLedger(db)).toMatchObject({ ok: true });
  });

  it("filters by booking date, type, amount range and reference (AND)", async () => {
    expect((await transactions(`?fromDate=${TODAY}&toDate=${TODAY}`)).body.data).toHaveLength(4);
    expect((await transactions("?fromDate=2001-01-01&toDate=2001-01-31")).body.data).toEqual([]);
    expect((await transactions("?type=Debit")).body.meta.pagination.total_size).toBe(0);
    expect((await transactions("?type=Credit")).body.data).toHaveLength(4);
    const ranged = await transactions("?minAmount=50&maxAmount=300");
    expect(ranged.body.data.map((t) => t.amount.amount)).toEqual(["75.50", "250.00"]);
    expect(ranged.body.meta.pagination.total_size).toBe(2);
    expect((await transactions("?text=inv-2")).body.data.map((t) => t.amount.amount)).toEqual(["250.00"]);
  });

  it("pages with a token bound to the filters and to the virtual account", async () => {
    const first = await transactions("?type=Credit&pageSize=1");
    expect(first.body.meta.pagination).toMatchObject({ page_start: 1, page_size: 1, total_size: 4 });
    const token = first.body.meta.pagination.page_token;
    const second = await transactions(`?type=Credit&pageSize=1&pageStart=2&pageToken=${token}`);
    expect(second.status).toBe(200);
    expect(second.body.data.map((t) => t.amount.amount)).toEqual(["250.00"]);
    expectErrorBody((await transactions(`?type=Debit&pageSize=1&pageStart=2&pageToken=${token}`)).body, 400, "INVALID_PAGE_TOKEN");
    expectErrorBody(
      (await transactions(`?type=Credit&pageSize=1&pageStart=2&pageToken=${token}`, { number: virtualAccountNumber(2) })).body,
      400,
      "INVALID_PAGE_TOKEN",
    );
    expectErrorBody(
      (await transactions(`?type=Credit&pageSize=1&pageStart=2&pageToken=${token}`, { client: "globex", number: GLOBEX_VA })).body,
      400,
      "INVALID_PAGE_TOKEN",
    );
  });

  it("answers CSV by Accept, flattened as every list", async () => {
    const res = await transactions("?pageSize=2", { accept: "text/csv" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const [row] = Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true }).data;
    expect(row).toMatchObject({
      data_0_kind: "Deposit",
      data_0_amount_amount: "75.50",
      data_0_balance_after_amount: "1835.50",
      data_1_amount_amount: "250.00",
    });
  });

  it("answers another client's virtual account exactly as an unknown one: 404 VIRTUAL_ACCOUNT_NOT_FOUND, no data", async () => {
    const foreign = await transactions("", { client: "globex" });
    expect(foreign.status).toBe(404);
    expectErrorBody(foreign.body, 404, "VIRTUAL_ACCOUNT_NOT_FOUND");
    expect(foreign.text).not.toContain("1835.50");
    const unknown = await transactions("", { number: virtualAccountNumber(999_999) });
    expect(unknown.status).toBe(404);
    expect({ ...unknown.body, correlationId: null, message: null }).toEqual({ ...foreign.body, correlationId: null, message: null });
    expect((await transactions("", { number: GLOBEX_VA })).status).toBe(404);
    // A real account's number is not a virtual account.
    expect((await transactions("", { number: "1000123456" })).status).toBe(404);
  });

  it("answers 400 with the error body for a bad query, 403 without the claim", async () => {
    for (const query of [
      "?type=Other",
      "?fromDate=2026-13-01",
      "?fromDate=2026-11-30&toDate=2026-11-01",
      "?minAmount=abc",
      "?maxAmount=-1",
      "?minAmount=1.001",
      "?pageSize=0",
      "?pageStart=2&pageToken=garbage",
      "?unknown=1",
    ]) {
      const res = await transactions(query);
      expect(res.status, query).toBe(400);
      expectErrorBody(res.body, 400, query.includes("garbage") ? "INVALID_PAGE_TOKEN" : "VALIDATION_ERROR");
    }
    const token = await tokenFor(
      "acme",
      PERMISSIONS.filter((p) => p !== "get-virtual-account-transactions"),
    );
    const forbidden = await transactions("", { token });
    expect(forbidden.status).toBe(403);
    expectErrorBody(forbidden.body, 403, "FORBIDDEN");
  });
});

describe("GET /v1/virtual-accounts/{virtualAccountNumber}/statements (the account statement's writers)", () => {
  it("CSV: opening + entries = closing, entry by entry the API's transactions", async () => {
    const expected = await allOfToday();
    const res = await statement("csv");
    expect(res.status).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.text, { header: true, skipEmptyLines: true }).data;
    const entries = rows.filter((r) => r.record === "entry");
    expect(entries.map((r) => r.transaction_id)).toEqual(expected.map((t) => t.transactionId));
    const sum = entries.reduce((s, r) => s + (r.type === "Credit" ? 1 : -1) * cents(r.amount!), 0);
    expect(cents(rows[0]!.balance_after!)).toBe(0);
    expect(cents(rows[0]!.balance_after!) + sum).toBe(cents(rows.at(-1)!.balance_after!));
    expect(rows.at(-1)!.balance_after).toBe("1835.50");
  });

  it("MT940 (mt940js) and camt.053 (libxml2): the virtual account's number, its entries and balances", async () => {
    const expected = await allOfToday();
    const [parsed, ...more] = new Mt940Parser().parse((await statement("mt940")).text);
    expect(more).toHaveLength(0);
    expect(parsed!.accountIdentification).toBe(VA);
    expect(parsed!.transactions.map((t) => t.bankReference)).toEqual(expected.map((t) => t.transactionId));
    expect(parsed!.transactions.map((t) => cents(t.amount))).toEqual(expected.map(signedCents));
    expect(cents(parsed!.closingBalance)).toBe(183_550);

    const doc = XmlDocument.fromString((await statement("camt053")).text);
    try {
      const ns = { c: "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" };
      expect(doc.get("//c:Stmt/c:Acct/c:Id/c:Othr/c:Id", ns)!.content).toBe(VA);
      expect(doc.find("//c:Stmt/c:Ntry/c:NtryRef", ns).map((n) => n.content)).toEqual(expected.map((t) => t.transactionId));
    } finally {
      doc.dispose();
    }
  });

  it("answers another client's virtual account 404 before any byte, and a bad range 400", async () => {
    const foreign = await statement("csv", `fromDate=${TODAY}&toDate=${TODAY}`, VA, "globex");
    expectErrorBody(foreign.body as Record<string, unknown>, 404, "VIRTUAL_ACCOUNT_NOT_FOUND");
    expectErrorBody((await statement("csv", `fromDate=${TODAY}`)).body as Record<string, unknown>, 400, "VALIDATION_ERROR");
    expectErrorBody((await statement("pdf")).body as Record<string, unknown>, 400, "VALIDATION_ERROR");
  });
});

describe("ledger verify over the virtual accounts' sub-ledgers", () => {
  it("names a tampered sub-ledger: a balance, a balance-after, then a total that no longer matches the control account", async () => {
    const { db } = await getRuntime();
    const last = (
      await db.query<{ posting_id: string }>(
        "SELECT max(posting_id)::text AS posting_id FROM virtual_account_postings WHERE client_id = 'acme' AND virtual_account_number = $1",
        [VA],
      )
    ).rows[0]!.posting_id;

    await db.query("UPDATE virtual_account_postings SET amount_minor = amount_minor + 1 WHERE client_id = 'acme' AND posting_id = $1", [last]);
    expect(await verifyLedger(db)).toMatchObject({
      ok: false,
      discrepancy: { check: "virtual_account_balance", clientId: "acme", virtualAccountNumber: VA, storedMinor: "183550", postingsMinor: "183551" },
    });

    await db.query("UPDATE virtual_accounts SET balance_minor = balance_minor + 1 WHERE client_id = 'acme' AND virtual_account_number = $1", [VA]);
    expect(await verifyLedger(db)).toMatchObject({
      ok: false,
      discrepancy: { check: "virtual_account_balance_after", virtualAccountNumber: VA, postingId: last, balanceAfterMinor: "183550", expectedMinor: "183551" },
    });

    await db.query("UPDATE virtual_account_postings SET balance_after_minor = balance_after_minor + 1 WHERE client_id = 'acme' AND posting_id = $1", [last]);
    const control = await verifyLedger(db);
    expect(control).toMatchObject({ ok: false, discrepancy: { check: "virtual_account_control", clientId: "acme", currency: "USD" } });
    expect(!control.ok && control.message).toMatch(/virtual accounts of client acme hold \d+ minor units of USD but the control account's postings sum to \d+/);
  });
});
