import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, expectAccessible, portalToken, saveScreenshot, signInAs, test, type DemoUser } from "../fixtures/portal";

/**
 * Payees (issue 21): under a payee approval policy, a treasurer's new payee
 * waits for another person, and the approver makes it payable.
 */

async function pageFor(browser: Browser, user: DemoUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page.request, user);
  return page;
}

async function getPolicies(request: APIRequestContext): Promise<unknown[]> {
  const { access_token } = await portalToken(request);
  const res = await request.get("/v1/approvals/policies", { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { policies: unknown[] }).policies;
}

async function putPolicies(request: APIRequestContext, policies: unknown[]) {
  const { access_token } = await portalToken(request);
  const res = await request.fetch("/v1/approvals/policies", { method: "PUT", headers: { authorization: `Bearer ${access_token}` }, data: { policies } });
  expect(res.status()).toBe(200);
}

test.describe("payees", () => {
  // The specs after this one on the same server (standing orders pay a new payee at once) find the policies as they were.
  let original: unknown[] = [];
  test.beforeAll(async ({ browser }) => {
    const admin = await pageFor(browser, "admin");
    original = await getPolicies(admin.request);
    await putPolicies(admin.request, [{ rail: "COUNTERPARTY", currency: "USD", threshold: "0", approvers: 1 }]);
    await admin.context().close();
  });

  test.afterAll(async ({ browser }) => {
    const admin = await pageFor(browser, "admin");
    await putPolicies(admin.request, original);
    await admin.context().close();
  });

  test("a treasurer adds a payee; it waits for an approver, who makes it payable", async ({ page, signIn, browser }) => {
    const name = `Reef Chandlery ${Date.now().toString(36).slice(-5)}`;
    await signIn("treasurer");
    await page.goto("/payees");
    await page.getByRole("button", { name: "Add a payee" }).click();
    await page.getByLabel("Payee name").fill(name);
    await page.getByLabel("Account number").fill("44455566");
    await page.getByLabel("Account holder's name").fill("Reef Chandlery");
    await page.getByLabel("Bank", { exact: true }).selectOption("BANK_B");
    await page.getByRole("button", { name: "Add payee" }).click();
    await expect(page.getByText(`${name} added: it waits for another person's approval before it can be paid.`)).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByText("Awaiting approval").filter({ visible: true })).toBeVisible();
    await expect(row.getByText("New payee from treasurer@acme.test")).toBeVisible();
    // The person who asked is never offered the decision.
    await expect(row.getByRole("button", { name: `Approve ${name}` })).toHaveCount(0);
    await expectAccessible(page);
    await saveScreenshot(page, "payees-awaiting");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, "payees-awaiting-phone");

    const approver = await pageFor(browser, "approver");
    await approver.goto("/payees");
    await approver.getByLabel("Search by name or account").fill(name);
    const waiting = approver.getByRole("row", { name: new RegExp(name) });
    await expect(waiting.getByText("44455566 · BANK_B · USD")).toBeVisible();
    await waiting.getByRole("button", { name: `Approve ${name}` }).click();
    await expect(approver.getByText(`${name} approved: it can be paid.`)).toBeVisible();
    await expect(waiting.getByText("Active").filter({ visible: true })).toBeVisible();
    await expectAccessible(approver);
    await saveScreenshot(approver, "payees-approved");
    await approver.context().close();
  });
});
