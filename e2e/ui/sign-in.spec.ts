import { expect, expectFitsPhone, test, USERS, DEMO_PASSWORD, saveScreenshot } from "../fixtures/portal";

test.describe("sign-in", () => {
  test("signs in through the form and returns to the page asked for", async ({ page }) => {
    await page.goto("/accounts");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faccounts/);
    await saveScreenshot(page, "login");
    await page.getByLabel("Work email").fill(USERS.treasurer);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: /Tara Treasurer/ })).toBeVisible();
  });

  test("validates the form before sending it", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your email address")).toBeVisible();
    await expect(page.getByText("Enter your password")).toBeVisible();
    await expect(page.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
  });

  test("refuses a wrong password, then locks the address after five failures", async ({ page }) => {
    // An address nobody has: it is throttled exactly like a real one, and no demo user gets locked.
    const email = `nobody-${Date.now()}@acme.test`;
    await page.goto("/login");
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel("Work email").fill(email);
      await page.getByLabel("Password").fill("wrong-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      const expected = attempt < 5 ? "do not match" : "Too many failed attempts";
      await expect(page.getByRole("alert").filter({ hasText: expected })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/login/);
  });

  test("signs out, and the portal then asks to sign in again", async ({ page, signIn }) => {
    await signIn("viewer");
    await page.goto("/dashboard");
    await page.getByRole("button", { name: /Victor Viewer/ }).click();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?signedOut=1/);
    await expect(page.getByRole("status")).toContainText("You have signed out");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard/);
    expect((await page.request.post("/api/portal/token")).status()).toBe(401);
  });

  test("a session that ended while the browser kept its cookie lands on sign-in saying why (issue 24)", async ({ page, baseURL }) => {
    // What a tab left open past the idle timeout holds: a session cookie the server no longer honours.
    await page.context().addCookies([{ name: "next-auth.session-token", value: "ended-session", url: baseURL! }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?signedOut=expired&callbackUrl=%2Fdashboard$/);
    await expect(page.getByRole("status")).toContainText(/Your session ended: after \d+ minutes without activity/);
    await saveScreenshot(page, "login-session-ended");
    await expectFitsPhone(page, "login-session-ended");
  });
});
