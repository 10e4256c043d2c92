import { expect, expectAccessible, saveScreenshot, test } from "../fixtures/portal";

/**
 * Each page, ready (data shown), in light and dark: axe finds no serious or critical violation; every rule in
 * light mode, colour contrast again in dark mode (the same markup, other colours: expectAccessible).
 */
const PAGES = [
  { path: "/dashboard", name: "dashboard", ready: "Available in USD" },
  { path: "/accounts", name: "accounts-list", ready: "Showing 1–" },
  { path: "/accounts/1000123459", name: "account-detail-joint", ready: "Jane Tucker" },
  { path: "/system", name: "system-page", ready: "PostgreSQL" },
  {
    path: "/developers",
    name: "api-reference",
    ready: "Error codes",
    // About 5,000 elements, nearly all of them the same operation card and schema block repeated: axe checks the
    // page's frame, the first tag's operations, the error codes and the first schema (a minute less per scheme).
    exclude: ['section[id^="tag-"] ~ section[id^="tag-"]', 'section[id^="schema-"] ~ section[id^="schema-"]'],
  },
  { path: "/developers/access", name: "api-access", ready: "Client-credentials flow" },
  { path: "/payments?account=1000123456", name: "payments", ready: /Showing 1–|No payments yet|No payments match this search/ },
  { path: "/payments/ach/new", name: "payment-ach-form", ready: "Expected settlement" },
  { path: "/payments/swift/new", name: "payment-swift-form", ready: "Expected value date" },
  { path: "/webhooks", name: "webhooks", ready: /^(No subscriptions|\d+–\d+ of \d+ subscriptions)/ },
  { path: "/webhooks/signing", name: "webhooks-signing", ready: "Public keys (JWKS)" },
  { path: "/webhooks/sandbox", name: "webhooks-sandbox", ready: "To account" },
  { path: "/virtual-accounts", name: "virtual-accounts", ready: "Showing 1–" },
  { path: "/virtual-accounts/880000000013", name: "virtual-account-detail", ready: "Tucker Tenancy Deposit" },
  { path: "/virtual-accounts/880000000039", name: "virtual-account-allocate", ready: /Allocate this account|Set at allocation/ },
];

test.describe("accessibility", () => {
  test("the sign-in page", async ({ page }) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/login");
      // The button is enabled once React runs (a click before would send the form as a GET): the page as a person uses it.
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
      await expectAccessible(page);
      await saveScreenshot(page, `login-${scheme}`);
    }
  });

  // One test per page, both schemes on one load: dark is what the theme toggle does (the class on <html>, with the
  // media preference to match), so a second load and sign-in per page would only cost time.
  for (const { path, name, ready, exclude } of PAGES as ReadonlyArray<(typeof PAGES)[number] & { exclude?: string[] }>) {
    test(`${name} in light and dark mode`, async ({ page, signIn }) => {
      // The API reference's full-page capture (tens of thousands of pixels) ran past the time limit at the suite's
      // load; it is captured a screen high.
      const fullPage = name !== "api-reference";
      await signIn("admin");
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(path);
      // The API reference renders 5,000 elements in the browser: seconds on a loaded 2-core machine running two workers.
      await expect(page.getByText(ready).first()).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, { exclude });
      await saveScreenshot(page, `${name}-light`, { fullPage });
      await page.emulateMedia({ colorScheme: "dark" });
      // The navigation's links fade into their dark colours: expectAccessible waits for the fades to end.
      await page.evaluate(() => document.documentElement.classList.add("dark"));
      await expectAccessible(page, { colorsOnly: true, exclude });
      await saveScreenshot(page, `${name}-dark`, { fullPage });
    });
  }

  test("the 403 page", async ({ page, signIn }) => {
    await signIn("viewer");
    await page.goto("/developers/access");
    await expect(page.getByText("403 · Access denied")).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "forbidden");
  });

  test("keyboard: skip link, then the navigation, with a visible focus", async ({ page, signIn }) => {
    await signIn("treasurer");
    await page.goto("/dashboard");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});
