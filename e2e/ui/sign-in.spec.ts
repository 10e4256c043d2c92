import { expect, expectFitsPhone, test, totpCode, USERS, DEMO_PASSWORD, saveScreenshot } from "../fixtures/portal";

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

  test("the form cannot be sent before the page is ready: the browser would put the password in the address", async ({ page }) => {
    const html = await (await page.request.get("/login")).text();
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Sign in<\/button>/);
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
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

  test("an administrator's two-step sign-in logs no console error: the password step answers 'now the code', not 401 (issue 24, item 11)", async ({ page }) => {
    const errors: string[] = [];
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto("/login");
    await page.getByLabel("Work email").fill(USERS.admin);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    const code = page.getByLabel("Authentication code");
    await expect(code).toBeFocused();
    // Asking for the code is the next step, not a failure: the form shows no alert either.
    await expect(page.locator("form").getByRole("alert")).toHaveCount(0);
    await expectFitsPhone(page, "login-code-step");
    await code.fill(await totpCode(USERS.admin));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: /Ada Admin|admin@acme\.test/ })).toBeVisible();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a wrong password on the same account is still a refusal (401), said in words", async ({ page }) => {
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/auth/callback/credentials") statuses.push(response.status());
    });
    await page.goto("/login");
    await page.getByLabel("Work email").fill(USERS.approver);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toBeVisible();
    await expect(page.getByLabel("Authentication code")).toHaveCount(0);
    expect(statuses).toEqual([401]);
  });
});
