import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, portalToken, saveDocScreenshot, test } from "../fixtures/portal";

/**
 * The payments view across all the organisation's accounts (issue 11 §2):
 * search by beneficiary, status and amount, pages served by the API, the CSV
 * of exactly the filtered set, the view in browser history, and the payment
 * page saying who was paid, from where, when and by whom.
 */
const ACCOUNT = "1000123456";
type Summary = { transactionId: string; status: string; beneficiary: { name: string }; debitAmount: { amount: string } };
type List = { meta: { pagination: { total_size: number } }; data: Summary[] };

/** Seven ACH payments to beneficiaries named after this run; the first three moved to Completed by the sandbox. */
async function makePayments(request: APIRequestContext, tag: string): Promise<Summary[]> {
  const { access_token } = await portalToken(request);
  const headers = { authorization: `Bearer ${access_token}` };
  const made: Summary[] = [];
  for (let i = 1; i <= 7; i += 1) {
    const response = await request.post("/v1/payments/ach-local", {
      headers,
      data: {
        debtorAccount: { identification: ACCOUNT },
        debitCurrency: "USD",
        instructedAmount: { amount: `${i}1.00`, currency: "USD" },
        creditorAccount: { identification: `2000000${i}`, name: `${tag} Supplier ${i}` },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        remittanceInformation: [`Invoice ${tag}-${i}`],
      },
    });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    if (i <= 3) expect((await request.post(`/v1/sandbox/payments/${id}/status`, { headers, data: { status: "Completed" } })).status()).toBe(200);
    made.push({
      transactionId: id,
      status: i <= 3 ? "Completed" : "Pending",
      beneficiary: { name: `${tag} Supplier ${i}` },
      debitAmount: { amount: `${i}1.00` },
    });
  }
  return made;
}

async function apiSearch(request: APIRequestContext, query: string): Promise<List> {
  const { access_token } = await portalToken(request);
  const response = await request.get(`/v1/payments?${query}&pageSize=1000`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as List;
}

const rows = (page: Page) => page.locator("table tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Pages of payments" });

test("payments of every account: search by beneficiary, status and amount, API pages, CSV of the filtered set, Back and Forward", async ({ page, signIn }) => {
  await signIn("admin");
  const tag = `S${Date.now().toString(36).toUpperCase().slice(-6)}`;
  await makePayments(page.request, tag);

  const searches: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === "/v1/payments") searches.push(new URL(r.url()).search);
  });

  await page.goto("/payments");
  await expect(pager(page)).toContainText(/Showing 1–/);
  // Transfers between the organisation's own accounts are a rail of their own to filter by (issue 24).
  await expect(page.getByLabel("Rail").locator("option")).toHaveText(["All rails", "ACH", "SWIFT", "Internal transfer"]);
  await page.getByLabel("Beneficiary name or account").fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/payments\\?beneficiary=${tag}$`));
  await expect(rows(page)).toHaveCount(7);
  await expect(pager(page)).toContainText("Showing 1–7 of 7 payments");
  // Newest first, each row saying who was paid and who submitted it.
  await expect(rows(page).first()).toContainText(`${tag} Supplier 7`);
  await expect(rows(page).first()).toContainText("20000007");
  await expect(rows(page).first()).toContainText("admin@acme.test");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page);
  await saveDocScreenshot(page, "payments-search");

  // Pages come from the API: five a page, the second page asked of the server with the search.
  await pager(page).getByLabel("Rows per page").selectOption("5");
  await expect(rows(page)).toHaveCount(5);
  await pager(page).getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows(page)).toHaveCount(2);
  await expect(pager(page)).toContainText("Showing 6–7 of 7 payments · page 2 of 2");
  await expect(rows(page).last()).toContainText(`${tag} Supplier 1`);
  expect(searches.some((q) => q.includes(`beneficiary=${tag}`) && q.includes("pageStart=2"))).toBe(true);

  // Back and Forward walk the views: page and filters come back with them.
  await page.goBack();
  await expect(pager(page)).toContainText("Showing 1–5 of 7 payments · page 1 of 2");
  await page.goBack();
  await expect(pager(page)).toContainText("Showing 1–7 of 7 payments");
  await page.goBack();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByLabel("Beneficiary name or account")).toHaveValue("");
  await page.goForward();
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByLabel("Beneficiary name or account")).toHaveValue(tag);
  await expect(pager(page)).toContainText("Showing 6–7 of 7 payments · page 2 of 2");

  // Status and an amount range with the beneficiary: Completed ones of 15 to 100 are payments 2 and 3.
  await page.getByLabel("Status").selectOption("Completed");
  await page.getByLabel("Amount from").fill("15");
  await page.getByLabel("Amount to").fill("100");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/status=Completed/);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText(`${tag} Supplier 3`);
  await expect(rows(page).nth(1)).toContainText(`${tag} Supplier 2`);
  await expect(pager(page)).toContainText("Showing 1–2 of 2 payments");

  // The CSV holds exactly what the API answers for the same search, every page of it.
  const api = await apiSearch(page.request, `beneficiary=${tag}&status=Completed&minAmount=15&maxAmount=100`);
  expect(api.data.map((p) => p.beneficiary.name).sort()).toEqual([`${tag} Supplier 2`, `${tag} Supplier 3`]);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV of this search" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^harbour-payments-acme-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  const text = bytes.toString("utf8");
  expect(text.startsWith("\ufeff")).toBe(true);
  expect(text).toContain("\r\n");
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ""), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.map((r) => r.payment_id).sort()).toEqual(api.data.map((p) => p.transactionId).sort());
  for (const row of parsed.data) {
    const match = api.data.find((p) => p.transactionId === row.payment_id)!;
    expect(row).toMatchObject({
      status: "Completed",
      beneficiary_name: match.beneficiary.name,
      debit_amount: match.debitAmount.amount,
      debit_account: ACCOUNT,
      submitted_by: "admin@acme.test",
    });
  }
});

test("the payment page says who was paid, from which account, when and by whom", async ({ page, signIn }) => {
  await signIn("admin");
  const tag = `P${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const [first] = await makePayments(page.request, tag);
  await page.goto(`/payments/${first!.transactionId}`);
  const details = page.getByRole("region", { name: "Details" });
  const field = (label: string) => details.locator("div", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd");
  await expect(field("Beneficiary")).toHaveText(`${tag} Supplier 1`);
  await expect(field("Beneficiary account")).toHaveText("20000001");
  await expect(field("Beneficiary bank")).toContainText("BANK_A");
  await expect(field("Debit account")).toHaveText(ACCOUNT);
  // Bank time with its zone, in the portal's one date style.
  await expect(field("Submitted")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M A[DS]T$/);
  await expect(field("Submitted by")).toHaveText("admin@acme.test");
  await expect(page.getByRole("list", { name: "Status timeline" })).toContainText("Completed");
  await expectAccessible(page);
  await saveDocScreenshot(page, "payment");
});
