import { expect, expectFitsPhone, portalToken, saveScreenshot, test } from "../fixtures/portal";

test.describe("system", () => {
  test.beforeEach(async ({ signIn }) => signIn("viewer"));

  test("shows the bank's time ticking, with the zone name the API gives", async ({ page }) => {
    const { access_token } = await portalToken(page.request);
    const time = (await (await page.request.get("/v1/system/time", { headers: { authorization: `Bearer ${access_token}` } })).json()) as { timeZone: string };
    expect(["Atlantic Standard Time", "Atlantic Daylight Time"]).toContain(time.timeZone);

    await page.goto("/system");
    const clock = page.getByTestId("bank-time");
    await expect(clock).toHaveText(/^\d{1,2}:\d{2}:\d{2}\s[AP]M$/);
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first!, { timeout: 3000 });
    await expect(page.getByTestId("bank-zone-name")).toHaveText(time.timeZone);
    await expect(page.getByText(/UTC−0[34]:00/).first()).toBeVisible();
    await expect(page.getByText(time.timeZone === "Atlantic Standard Time" ? "AST" : "ADT", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("ach-countdown")).toHaveText(/\d+ (d|h|min)/);
    // Every time on screen is 12-hour with its zone (issue 24, item 7): the cut-off and the header's clock, never 15:15.
    await expect(page.getByText(/ at \d{1,2}:\d{2}\s[AP]M A[SD]T\. Payments sent after it settle the next business day\./)).toBeVisible();
    await expect(page.getByRole("link", { name: /^Bank time \d{1,2}:\d{2}:\d{2}\s[AP]M A[SD]T$/ })).toBeVisible();
    await expectFitsPhone(page, "system-clock");
  });

  test("monitors the service and refreshes itself", async ({ page }) => {
    await page.goto("/system");
    const database = page.locator("h3", { hasText: "Database" }).locator("..");
    await expect(database).toContainText("Operational");
    await expect(page.getByText(/PostgreSQL/)).toBeVisible();
    await expect(page.getByText("Environment")).toBeVisible();
    const refreshes = page.waitForResponse((r) => r.url().endsWith("/api/portal/status"), { timeout: 15_000 });
    await refreshes;
    const again = page.waitForResponse((r) => r.url().endsWith("/api/portal/status"), { timeout: 15_000 });
    expect((await again).status()).toBe(200);
    await saveScreenshot(page, "system");
  });
});

test("loads /system again and again without a hydration error, the clock synced once", async ({ page, signIn }) => {
  await signIn("viewer");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  let syncs = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/v1/system/time") syncs++;
  });
  for (let i = 0; i < 8; i++) {
    await page.goto("/system");
    await expect(page.getByTestId("bank-time")).toHaveText(/^\d{1,2}:\d{2}:\d{2}\s[AP]M$/);
    await expect(page.getByText(/Checked \d{1,2}:\d{2}:\d{2}\s[AP]M A[SD]T/)).toBeVisible();
  }
  expect(errors).toEqual([]);
  // Later loads reuse the tab's sync (five minutes) instead of spending a request each.
  expect(syncs).toBe(1);
});
