import { expect, saveDocScreenshot, saveScreenshot, test } from "../fixtures/portal";

/**
 * Every page at phone width (the "phone" project: 390×844): nothing wider than
 * the screen, the figures that matter in view. Screenshots go to
 * e2e/artifacts/phone-*.png; the dashboard's first screen also goes to
 * docs/screenshots/phone-dashboard.png, shown in docs/portal.md.
 */
const PAGES = [
  { path: "/dashboard", name: "dashboard", ready: "Available balances by currency" },
  { path: "/accounts", name: "accounts", ready: /Showing 1–/ },
  { path: "/payments", name: "payments", ready: /Showing 1–|No payments yet/ },
  { path: "/virtual-accounts", name: "virtual-accounts", ready: /Showing 1–/ },
  { path: "/system", name: "system", ready: "ACH same-day cut-off" },
  { path: "/webhooks", name: "webhooks", ready: /Showing 1–|No subscriptions/ },
] as const;

test.describe("phone width", () => {
  test.beforeEach(async ({ signIn }) => signIn("admin"));

  for (const { path, name, ready } of PAGES) {
    test(`${path} fits a 390 px screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // The page itself never scrolls sideways; a wide table scrolls inside its own box.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `phone-${name}`);
      if (name === "dashboard") await saveDocScreenshot(page, "phone-dashboard");
    });
  }

  test("the accounts table shows each balance without scrolling sideways", async ({ page }) => {
    await page.goto("/accounts");
    const balance = page.locator("tbody tr").first().locator("td").last();
    await expect(balance).toBeInViewport();
    await expect(balance).toHaveText(/^(USD|BMD)\s[\d,]+\.\d{2}$/); // Intl puts a no-break space after the code
  });
});
