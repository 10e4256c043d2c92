import { expect, portalToken, test } from "../fixtures/portal";

test.describe("roles", () => {
  test("a viewer cannot open admin pages, and the API refuses a viewer's token too", async ({ page, signIn }) => {
    await signIn("viewer");
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API access" })).toHaveCount(0);

    await page.goto("/developers/access");
    await expect(page.getByText("403 · Access denied")).toBeVisible();
    await expect(page.getByRole("button", { name: /test token/ })).toHaveCount(0);

    const { access_token, scope } = await portalToken(page.request);
    const scopes = scope.split(" ");
    expect(scopes).toContain("get-all-accounts");
    for (const denied of ["payment-ach", "payment-swift", "receive-notifications", "sandbox"]) expect(scopes).not.toContain(denied);

    const auth = { authorization: `Bearer ${access_token}` };
    const payment = await page.request.post("/v1/payments/ach-local", { headers: { ...auth, "content-type": "application/json" }, data: {} });
    expect(payment.status()).toBe(403);
    expect(((await payment.json()) as { code: string }).code).toBe("FORBIDDEN");
    const webhooks = await page.request.get("/v1/notifications/subscriptions", { headers: auth });
    expect(webhooks.status()).toBe(403);
    // Reads still work with the same token.
    expect((await page.request.get("/v1/accounts", { headers: auth })).status()).toBe(200);
  });

  test("a treasurer's token can pay but not manage webhooks", async ({ page, signIn }) => {
    await signIn("treasurer");
    const scopes = (await portalToken(page.request)).scope.split(" ");
    expect(scopes).toEqual(expect.arrayContaining(["payment-ach", "payment-swift"]));
    expect(scopes).not.toContain("receive-notifications");
    await page.goto("/developers/access");
    await expect(page.getByText("403 · Access denied")).toBeVisible();
  });

  test("an admin opens the token helper and gets a working test token", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto("/developers/access");
    await expect(page.getByRole("heading", { name: "API access", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Client-credentials commands")).toContainText("/v1/oauth/token");
    await page.getByLabel("receive-notifications").uncheck();
    await expect(page.getByLabel("Client-credentials commands")).not.toContainText("receive-notifications");
    await page.getByRole("button", { name: "Issue a 5-minute test token" }).click();
    const tokenBlock = page.getByLabel("Issued test token");
    await expect(tokenBlock).toContainText('export TOKEN="');
    const token = (await tokenBlock.textContent())!.match(/export TOKEN="([^"]+)"/)![1]!;
    const accounts = await page.request.get("/v1/accounts", { headers: { authorization: `Bearer ${token}` } });
    expect(accounts.status()).toBe(200);
    const webhooks = await page.request.get("/v1/notifications/subscriptions", { headers: { authorization: `Bearer ${token}` } });
    expect(webhooks.status()).toBe(403);
  });

  test("the token mint refuses the signed-out and other sites", async ({ page, signIn }) => {
    expect((await page.request.post("/api/portal/token")).status()).toBe(401);
    await signIn("viewer");
    expect((await page.request.post("/api/portal/token", { headers: { "sec-fetch-site": "cross-site" } })).status()).toBe(403);
  });

  test("an admin of another client sees only that client's accounts", async ({ page, signIn }) => {
    await signIn("globexAdmin");
    await page.goto("/accounts");
    await expect(page.locator("tbody tr").first()).toContainText(/3000456|4000456/);
    await expect(page.getByText("1000123456")).toHaveCount(0);
    await page.goto("/accounts/1000123456");
    await expect(page.getByText("No account 1000123456")).toBeVisible();
  });
});
