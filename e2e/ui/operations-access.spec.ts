import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { CONSOLE_ACTIONS } from "../../lib/contract/ops/console";
import { enrolAuthenticator } from "../fixtures/operator";
import { expectAccessible, saveScreenshot, signInAs, signInWith } from "../fixtures/portal";
import { DATA_DIR } from "../fixtures/servers";

/**
 * Bank operations are for the bank's operators only (issue 12): a client's
 * admin, treasurer or viewer gets a 404 on every operations page and action,
 * as for a route that does not exist; an operator never gets into a client's
 * organisation. Then an operator keeps the reference data in the console.
 */
const OPERATOR = "reference.ops@harbour.test";
const PASSWORD = "harbour-operator-passphrase";
const PAGES = ["/operations", "/operations/reference", "/operations/system", "/operations/clients/acme", "/operations/clients/globex"];

/** `npm run ops -- ... --json` against the running server's database. */
function ops(...args: string[]): Record<string, string> {
  const out = execFileSync(process.execPath, ["scripts/ops.mjs", ...args, "--json"], { env: { ...process.env, DATA_DIR, APP_ENV: "uat" }, encoding: "utf8" });
  return JSON.parse(out) as Record<string, string>;
}

async function operatorPage(page: Page): Promise<void> {
  const { inviteUrl } = ops("operator", "create", "--email", OPERATOR);
  await page.goto(new URL(inviteUrl!).pathname + new URL(inviteUrl!).hash);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set.")).toBeVisible();
  await signInWith(page.request, OPERATOR, PASSWORD);
  await enrolAuthenticator(page, OPERATOR);
}

for (const role of ["admin", "treasurer", "viewer"] as const) {
  test(`a client ${role} gets 404 on every operations page and every console action`, async ({ page }) => {
    await signInAs(page.request, role);
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), `${role} ${path}`).toBe(404);
      await expect(page.getByText("Bank operations")).toHaveCount(0);
    }
    for (const action of CONSOLE_ACTIONS) {
      const response = await page.request.post(`/api/operations/${action}`, { data: { clientId: "acme" } });
      expect(response.status(), `${role} ${action}`).toBe(404);
      // The API's error body (decisions §3), saying no more than that the route does not exist.
      expect(await response.json()).toEqual({
        error: "Not Found",
        code: "NOT_FOUND",
        message: "Not found.",
        field: null,
        details: null,
        correlationId: expect.any(String),
      });
    }
  });
}

test("signed out, operations pages send to sign-in and actions are 404", async ({ page }) => {
  await page.goto("/operations/reference");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Foperations%2Freference/);
  expect((await page.request.post("/api/operations/holiday-add", { data: { date: "2027-03-03", name: "x" } })).status()).toBe(404);
});

test("an operator cannot act in a client's organisation, and keeps the reference data in the console", async ({ page }) => {
  await operatorPage(page);
  // No client pages, no client token, no client sign-in: the portal sends bank staff to operations.
  for (const path of ["/dashboard", "/accounts", "/payments"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/operations$/);
  }
  expect((await page.request.post("/api/portal/token")).status()).toBe(401);

  await page.goto("/operations");
  await page.getByRole("navigation", { name: "Operations" }).getByRole("link", { name: "Reference data" }).click();
  await expect(page.getByRole("heading", { name: "Reference data" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "USD/EUR" }).first()).toBeVisible();

  // A holiday, added and shown.
  await page.getByLabel("Date", { exact: true }).fill("2027-03-03");
  await page.getByLabel("Name", { exact: true }).fill("Harbour Day");
  await page.getByRole("button", { name: "Add holiday" }).click();
  await expect(page.getByRole("cell", { name: "Harbour Day" })).toBeVisible();

  // A CSV with bad lines is refused whole, each line named.
  await page.getByLabel("Year", { exact: true }).fill("2031");
  await page.getByLabel("CSV", { exact: true }).fill("date,name\n2031-01-01,New Year's Day\n2031-02-30,Nope\n2030-12-25,Last year\n");
  await page.getByRole("button", { name: "Replace the year's holidays" }).click();
  await expect(page.getByText(/line 3: date is not a day of the calendar.*line 4: date 2030-12-25 is not in 2031/)).toBeVisible();
  await expect(page.getByRole("cell", { name: /^2031-01-01/ })).toHaveCount(0);

  // A rate scheduled for later is listed as such; a bad rate is refused on its field.
  await page.getByLabel("From", { exact: true }).selectOption("USD");
  await page.getByLabel("To", { exact: true }).selectOption("GBP");
  await page.getByLabel("Rate", { exact: true }).fill("0");
  await page.getByRole("button", { name: "Set rate" }).click();
  await expect(page.getByText("rate must be greater than zero")).toBeVisible();
  await page.getByLabel("Rate", { exact: true }).fill("0.8");
  await page.getByLabel(/^Effective from/).fill("2099-01-01T00:00:00Z");
  await page.getByRole("button", { name: "Set rate" }).click();
  await expect(page.getByText("Scheduled")).toBeVisible();

  // The cut-off: refused past the settlement run, then set.
  await page.getByLabel("ACH cut-off", { exact: true }).fill("16:30");
  await page.getByRole("button", { name: "Set cut-off" }).click();
  await expect(page.getByText(/time must be before 16:00, when the settlement run/)).toBeVisible();
  await page.getByLabel("ACH cut-off", { exact: true }).fill("15:00");
  await page.getByRole("button", { name: "Set cut-off" }).click();
  await expect(page.getByText("Payments before 15:00 bank time")).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "operations-reference");

  // Put the cut-off back for the other specs on this server.
  ops("ach-cutoff", "set", "--time", "15:15");
});
