import { expect, expectFitsPhone, portalToken, saveScreenshot, test } from "../fixtures/portal";

type AccountList = { meta: { pagination: { total_size: number } }; data: Array<Record<string, unknown> & { accountNumber: string; nickname: string | null }> };

test.describe("accounts", () => {
  test.beforeEach(async ({ signIn }) => signIn("treasurer"));

  test("lists the client's accounts as the API does, and pages through them", async ({ page }) => {
    const { access_token } = await portalToken(page.request);
    const api = (await (await page.request.get("/v1/accounts?pageSize=100", { headers: { authorization: `Bearer ${access_token}` } })).json()) as AccountList;
    expect(api.meta.pagination.total_size).toBeGreaterThan(5);

    await page.goto("/accounts");
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(api.data.length);
    await expect(rows.first()).toContainText(api.data[0]!.accountNumber);
    await expect(page.getByText(`Showing 1–${api.data.length} of ${api.meta.pagination.total_size}`)).toBeVisible();
    await saveScreenshot(page, "accounts");

    await page.getByLabel("Rows per page").selectOption("5");
    await expect(rows).toHaveCount(5);
    await expect(page).toHaveURL(/size=5/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(rows).toHaveCount(Math.min(5, api.data.length - 5));
    await expect(rows.first()).toContainText(api.data[5]!.accountNumber);
    await expect(page.getByText(`Showing 6–${Math.min(10, api.data.length)} of ${api.meta.pagination.total_size}`)).toBeVisible();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(rows.first()).toContainText(api.data[0]!.accountNumber);
  });

  test("filters the loaded page by status, currency and text", async ({ page }) => {
    await page.goto("/accounts");
    await expect(page.locator("tbody tr").first()).toContainText(/\d{10}/);
    await page.getByLabel("Status").selectOption("inactive");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText("Legacy reserve");
    await expect(page.getByText(/Filters apply to the \d+ accounts on this page/)).toBeVisible();
    await page.getByLabel("Status").selectOption("all");
    await page.getByLabel("Currency").selectOption("BMD");
    // One retried check of the rows as they are once the filter applied (a loop over the rows seen before it did
    // waited for rows that the filter then removed).
    await expect(page.locator("tbody tr").filter({ hasNotText: "BMD" })).toHaveCount(0);
    await expect(page.locator("tbody tr").first()).toContainText("BMD");
    await page.getByLabel("Currency").selectOption("");
    await page.getByLabel("Search").fill("payroll");
    await expect(page.locator("tbody tr")).toHaveCount(1);
  });

  test("shows every field of an account on its detail page", async ({ page }) => {
    await page.goto("/accounts");
    await page.getByRole("link", { name: "No nickname" }).click();
    await expect(page).toHaveURL(/\/accounts\/1000123459$/);
    const { access_token } = await portalToken(page.request);
    const account = (await (await page.request.get("/v1/accounts/1000123459", { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
      accountId: string;
      cif: string;
      accountSubType: string;
      owners: { displayName: string; accountHolderType: string }[];
      accountRoutings: { scheme: string; address: string }[];
      accountAttributes: { name: string; value: string | number }[];
    };
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toContainText("1000123459");
    for (const text of [account.accountId, account.cif, account.accountSubType, "Opened", "Balance effective", "BMD 15,000.00"]) {
      await expect(main).toContainText(text);
    }
    for (const owner of account.owners) await expect(main.getByRole("cell", { name: owner.displayName })).toBeVisible();
    for (const routing of account.accountRoutings) await expect(main.getByRole("cell", { name: routing.address, exact: true })).toBeVisible();
    for (const attribute of account.accountAttributes) {
      await expect(main.getByRole("cell", { name: attribute.name, exact: true })).toBeVisible();
    }
    // One money style and one date style on the page (issue 11): the details' balance as the header's, dates as "Nov 25, 2026".
    const details = main.getByRole("region", { name: "Details" });
    await expect(details.locator("div", { has: page.locator("dt", { hasText: /^Available balance$/ }) }).locator("dd")).toHaveText("BMD 15,000.00");
    await expect(main.getByTestId("closing-balance")).not.toHaveText("…");
    // Issue 24 item 3: the activity's balances are labelled available, never a bare "closing balance" a statement's booked one could be read as.
    await expect(main.getByText(/^Available balance at the end of [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(main.getByText(/^Available balance at the start of [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(main.getByText(/Downloaded statements close on the booked balance/)).toBeVisible();
    await saveScreenshot(page, "account-detail");
    // At 390 px too: both header figures keep their names, and the page fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const label of ["Available balance", "Booked balance"]) await expect(main.locator("dt", { hasText: new RegExp(`^${label}$`) }).first()).toBeVisible();
    await expect(main.getByText(/^Available balance at the end of [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expectFitsPhone(page, "account-detail");
  });

  test("says so when an account does not exist", async ({ page }) => {
    await page.goto("/accounts/9999999999");
    await expect(page.getByText("No account 9999999999")).toBeVisible();
  });
});
