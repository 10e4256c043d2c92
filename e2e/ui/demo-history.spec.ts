import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { resetDataDir, startServer, stopGracefully, waitHealthy, type ServerProcess } from "../api/server-process";
import { expectAccessible, expectFitsPhone, saveDocScreenshot, saveScreenshot, signInAs } from "../fixtures/portal";
import { ownPort } from "../fixtures/servers";

/**
 * The uat demo as `npm start` serves it (DEMO_HISTORY_DAYS=90, docs/demo-data.md): a server of its own on a new
 * database, whose dashboard, account activity and search, payments list and approvals show ninety days of a working
 * treasury, at 1366 px and at 390 px. The suite's shared servers start without history (their specs count today's demo data).
 */
const PORT = ownPort("E2E_DEMO_HISTORY_PORT", 23);
const DATA_DIR = `${process.env.E2E_DATA_DIR ?? ".data/e2e"}-history`;

let server: ServerProcess | null = null;

function stopEmbedded() {
  execFileSync(process.execPath, ["-e", `import("./scripts/embedded-pg.mjs").then(m => m.stopEmbeddedPostgres(${JSON.stringify(DATA_DIR)}))`]);
}

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stopEmbedded();
  resetDataDir(DATA_DIR);
  server = startServer(PORT, DATA_DIR, { DEMO_HISTORY_DAYS: "90", NEXTAUTH_URL: `http://localhost:${PORT}` });
  await waitHealthy(server.baseUrl, 240_000);
});

test.afterAll(async () => {
  if (server) await stopGracefully(server);
  stopEmbedded();
  resetDataDir(DATA_DIR);
});

test("first start with ninety days of history: the dashboard, an account's activity last month, and its search", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseUrl, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInAs(page.request, "treasurer");

  await page.goto("/dashboard");
  const main = page.getByRole("main");
  // The newest movements are the history's last business day: receipts, supplier payments, payroll.
  await expect(main.getByText(/^(Deposit|ACH payment|SWIFT payment|FX conversion|Charge) · /).first()).toBeVisible();
  await expect(main.getByText(/inactive account is left out of this total/)).toBeVisible();
  await expectAccessible(page);
  await saveDocScreenshot(page, "dashboard-history");
  await saveScreenshot(page, "dashboard-history");

  await page.goto("/accounts/1000123456");
  await page.getByLabel("Period").selectOption("lastMonth");
  const activity = page.getByRole("table", { name: "Account activity" });
  await expect(activity.getByText("Rotterdam Marine Parts B.V.").first()).toBeVisible();
  for (const kind of ["FX conversion", "Deposit", "ACH payment", "SWIFT payment", "Charge"])
    await expect(activity.getByText(kind, { exact: true }).first()).toBeVisible();
  // The activity card from its filters down, under the sticky top bar.
  await page.getByLabel("Filter activity").evaluate((form) => {
    form.scrollIntoView({ block: "start" });
    window.scrollBy(0, -140);
  });
  await saveDocScreenshot(page, "statement-history");
  await saveScreenshot(page, "statement-history");

  // The search finds the foreign supplier by name across the month: its payments and their charges only.
  await page.getByLabel("Reference contains").fill("Rotterdam");
  await expect(activity.locator("tbody tr").first()).toContainText("Rotterdam Marine Parts B.V.");
  await expect(activity.locator("tbody tr", { hasNotText: "Rotterdam Marine Parts B.V." })).toHaveCount(0);
  await expectAccessible(page);
  await context.close();
});

test("the history's payments: listed newest first, searched by beneficiary, a SWIFT payment's page; at 1366 and 390 px", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseUrl, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInAs(page.request, "treasurer");

  await page.goto("/payments");
  const pager = page.getByRole("navigation", { name: "Pages of payments" });
  // Ninety days of suppliers, payroll, SWIFT and transfers: well over a hundred payments, none of them made today.
  await expect(pager).toContainText(/Showing 1–\d+ of (\d{3}|\d,\d{3}) payments/);
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toContainText("treasurer@acme.test");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page);
  await saveDocScreenshot(page, "payments-history");
  await saveScreenshot(page, "payments-history");
  await expectFitsPhone(page, "payments-history");

  await page.getByLabel("Beneficiary name or account").fill("Rotterdam");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(pager).toContainText(/Showing 1–\d+ of \d+ payments/);
  await expect(rows.filter({ hasNotText: "Rotterdam Marine Parts B.V." })).toHaveCount(0);
  await rows.first().getByRole("link").first().click();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("Rotterdam Marine Parts B.V.");
  await expect(details).toContainText("EUR");
  await expect(page.getByRole("list", { name: "Status timeline" })).toContainText("Completed");
  await expectAccessible(page);
  await saveScreenshot(page, "payment-history-swift");
  await expectFitsPhone(page, "payment-history-swift");
  await context.close();
});

test("the history's drafts: one in each state, and the one awaiting approval as its approver sees it; at 1366 and 390 px", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseUrl, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInAs(page.request, "approver");

  await page.goto("/approvals");
  await expect(page.getByRole("tab", { name: "Awaiting you (1)" })).toBeVisible();
  await page.getByRole("tab", { name: "All drafts" }).click();
  const drafts = page.getByRole("link", { name: /drafted by Tara Treasurer/ });
  await expect(drafts).toHaveCount(5);
  for (const status of ["Awaiting approval", "Submitted", "Rejected", "Refused by the bank", "Expired"])
    await expect(drafts.filter({ hasText: status })).toHaveCount(1);
  await expectAccessible(page);
  await saveDocScreenshot(page, "approvals-history");
  await saveScreenshot(page, "approvals-history");
  await expectFitsPhone(page, "approvals-history");

  await drafts.filter({ hasText: "Awaiting approval" }).click();
  await expect(page.getByText("Bermuda Fuel Supply").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve", exact: true })).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "approvals-history-draft");
  await expectFitsPhone(page, "approvals-history-draft");
  await context.close();
});
