import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectAccessible, portalToken, saveScreenshot, test } from "../fixtures/portal";

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1 (uat allows private targets): records every request, answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  /** Paths that answer 500 this many more times before answering 200. */
  const failures = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const left = failures.get(path) ?? 0;
      if (left > 0) failures.set(path, left - 1);
      res.writeHead(left > 0 ? 500 : 200, { "content-type": "text/plain" }).end(left > 0 ? "down" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    failures,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test.describe("webhooks", () => {
  test("an admin subscribes a local receiver, simulates a deposit, sees the delivery and resends it", async ({ page, signIn }) => {
    test.setTimeout(120_000);
    await signIn("admin");
    const path = `/hooks/harbour?run=${Date.now()}`;
    const toUs = () => receiver.received.filter((r) => r.path === path);

    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText(/^(No subscriptions|\d+–\d+ of \d+ subscriptions)/).first()).toBeVisible();

    // Every rule shows inline before anything is sent.
    await page.getByRole("button", { name: "Create subscription" }).click();
    await expect(page.getByText("Enter the URL that receives the deliveries")).toBeVisible();
    await page.getByLabel("Callback URL").fill("ftp://example.com/x");
    await page.getByLabel("Callback URL").blur();
    await expect(page.getByText("must use http or https")).toBeVisible();
    await page.getByLabel("Callback URL").fill(receiver.url(path));
    await page.getByRole("button", { name: "Add header" }).click();
    await expect(page.getByLabel("Header 1 name")).toBeFocused();
    await page.getByLabel("Header 1 name").fill("Authorization");
    await page.getByLabel("Header 1 value").fill("Bearer x");
    await page.getByRole("button", { name: "Add header" }).click();
    await page.getByLabel("Header 2 name").fill("X-Erp-Tenant");
    await page.getByLabel("Header 2 value").fill("acme-e2e");
    await page.getByRole("button", { name: "Add header" }).click();
    await page.getByLabel("Header 3 name").fill("x-erp-tenant");
    await page.getByLabel("Header 3 value").fill("dup");
    await page.getByRole("button", { name: "Create subscription" }).click();
    await expect(page.getByText("Authorization is set by the bank")).toBeVisible();
    await expect(page.getByText("duplicate of row 2: header names are case-insensitive")).toBeVisible();
    await saveScreenshot(page, "webhooks-form-errors");
    await page.getByRole("button", { name: "Remove header 3" }).click();
    await page.getByRole("button", { name: "Remove header 1" }).click();
    await expect(page.getByText("Authorization is set by the bank")).toHaveCount(0);
    await expect(page.getByLabel("Header 1 name")).toHaveValue("X-Erp-Tenant");
    await page.getByRole("button", { name: "Create subscription" }).click();
    await expect(page.getByText(/^Subscribed/)).toBeVisible();

    const row = page.locator("tbody tr", { hasText: receiver.url(path) });
    await expect(row).toContainText("Active");
    await expect(row).toContainText("X-Erp-Tenant");
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-subscriptions");

    // Simulate a deposit and watch its delivery go out.
    await page.getByRole("navigation", { name: "Webhooks" }).getByRole("link", { name: "Sandbox" }).click();
    await page.getByLabel("To account").selectOption("1000123460");
    await expect(page.getByText("USD", { exact: true })).toBeVisible();
    await page.getByLabel("Amount").fill("0");
    await page.getByRole("button", { name: "Simulate deposit" }).click();
    await expect(page.getByText("Amount must be more than zero")).toBeVisible();
    await page.getByLabel("Amount").fill("125.50");
    await page.getByLabel("Details").fill("Invoice 42");
    await page.getByRole("button", { name: "Simulate deposit" }).click();
    const result = page.getByTestId("deposit-result");
    await expect(result).toContainText(/DEP-/);
    const transactionId = (await result.locator("dd").first().textContent())!.trim();
    const watch = page.getByTestId("deposit-delivery").filter({ hasText: receiver.url(path) });
    await expect(watch).toContainText("Succeeded", { timeout: 30_000 });
    await expect.poll(() => toUs().length).toBe(1);
    const first = toUs()[0]!;
    expect(first.headers["x-erp-tenant"]).toBe("acme-e2e");
    expect(first.headers["svc-signature"]).toBeTruthy();
    expect(JSON.parse(first.body)).toMatchObject({
      topic: "Deposits",
      accountNumber: "1000123460",
      transactionId,
      type: "Credit",
      value: { amount: "125.50", currency: "USD" },
    });
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-sandbox");

    // The log: the event, its attempt, then a resend.
    await watch.getByRole("link", { name: /Open delivery log/ }).click();
    await expect(page.getByRole("heading", { name: "Delivery log", level: 1 })).toBeVisible();
    const delivery = page.getByTestId("delivery").filter({ hasText: transactionId });
    await expect(delivery).toContainText("Succeeded");
    await expect(delivery).toContainText("1 attempt");
    await expect(delivery).toContainText("200");
    await expect(delivery).toContainText(/\d+ ms/);
    await expect(page.getByRole("img", { name: /1 succeeded and 0 failed attempts/ })).toBeVisible();
    await delivery.getByRole("button", { name: /Resend/ }).click();
    await expect(page.getByText(/a new attempt is queued/)).toBeVisible();
    await expect.poll(() => toUs().length, { timeout: 30_000 }).toBe(2);
    await expect(delivery).toContainText("2 attempts", { timeout: 15_000 });
    await expect(delivery).toContainText("Succeeded");
    await expect(page.getByRole("img", { name: /2 succeeded and 0 failed attempts/ })).toBeVisible();
    expect(toUs()[1]!.headers["svc-nonce"]).not.toBe(first.headers["svc-nonce"]);
    expect(toUs()[1]!.body).toBe(first.body);
    await expect(page.getByText("Up to date")).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-delivery-log");
    // The theme is chosen before paint: reload to see the dark one.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(delivery).toContainText("2 attempts");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-delivery-log-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Deactivate, by keyboard: focus starts on Cancel, stays in the dialog, returns to the opener.
    await page.getByRole("link", { name: "← All subscriptions" }).click();
    const deactivate = page.locator("tbody tr", { hasText: receiver.url(path) }).getByRole("button", { name: /Deactivate/ });
    await deactivate.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Deactivate this subscription?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Deactivate" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Deactivate" })).toBeFocused();
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-deactivate-dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(deactivate).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("tbody tr", { hasText: receiver.url(path) })).toContainText("Inactive");
    await expect(page.getByText(/New deposits no longer notify it/)).toBeVisible();

    const { access_token } = await portalToken(page.request);
    const list = (await (await page.request.get("/v1/notifications/subscriptions", { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
      data: Array<{ webhookUrl: string; isActive: boolean }>;
    };
    expect(list.data.find((s) => s.webhookUrl === receiver.url(path))?.isActive).toBe(false);
  });

  test("the log refreshes itself while a delivery is pending: a failed attempt, then the automatic retry", async ({ page, signIn }) => {
    test.setTimeout(90_000);
    await signIn("admin");
    const path = `/hooks/flaky?run=${Date.now()}`;
    receiver.failures.set(path, 1);
    const { access_token } = await portalToken(page.request);
    const auth = { authorization: `Bearer ${access_token}` };
    const created = await page.request.post("/v1/notifications/subscriptions", { headers: auth, data: { topic: "Deposits", callbackUrl: receiver.url(path) } });
    expect(created.status()).toBe(201);
    const { subscriptionId } = (await created.json()) as { subscriptionId: string };
    const deposit = await page.request.post("/v1/sandbox/deposits", { headers: auth, data: { accountNumber: "1000123460", amount: "10.00", currency: "USD" } });
    expect(deposit.status()).toBe(201);
    const { transactionId } = (await deposit.json()) as { transactionId: string };

    // Opened before the first attempt: the page waits for it, then follows the retry without a reload.
    await page.goto(`/webhooks/subscriptions/${subscriptionId}?transaction=${transactionId}`);
    const delivery = page.getByTestId("delivery").filter({ hasText: transactionId });
    await expect(delivery).toContainText("Pending", { timeout: 20_000 });
    await expect(delivery).toContainText("500");
    await expect(delivery.getByRole("button", { name: /Resend/ })).toBeDisabled();
    await expect(page.getByText(/Updating every 2 s while deliveries are pending/)).toBeVisible();
    await saveScreenshot(page, "webhooks-delivery-log-pending");
    await expect(delivery).toContainText("Succeeded", { timeout: 30_000 });
    await expect(delivery).toContainText("2 attempts");
    await expect(page.getByRole("img", { name: /1 succeeded and 1 failed attempts/ })).toBeVisible();
    await expect(page.getByText("Up to date")).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-delivery-log-retried");
  });

  test("the signing page: RSA clients get the JWKS and an RSA snippet", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto("/webhooks/signing");
    await expect(page.getByText("RSA-PSS-SHA256", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /\/v1\/\.well-known\/jwks\.json$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Rotate/ })).toHaveCount(0);
    await expect(page.getByLabel(/verification snippet/)).toContainText("RSA_PKCS1_PSS_PADDING");
    await saveScreenshot(page, "webhooks-signing-rsa");
  });

  test("the signing page: an HMAC client reveals, copies and rotates its secret", async ({ page, signIn, context }) => {
    await signIn("globexAdmin");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { access_token } = await portalToken(page.request);
    const auth = { authorization: `Bearer ${access_token}` };
    const before = (await (await page.request.get("/v1/notifications/signing-secret", { headers: auth })).json()) as { secret: string };

    await page.goto("/webhooks/signing");
    const secret = page.getByTestId("signing-secret");
    await expect(secret).toContainText("Hidden");
    await expect(secret).not.toContainText(before.secret);
    await page.getByRole("button", { name: "Reveal secret" }).click();
    await expect(secret).toHaveText(before.secret);
    await page.getByRole("button", { name: "Copy secret" }).click();
    await expect(page.getByRole("button", { name: "Copied secret" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before.secret);
    await expect(page.getByLabel(/verification snippet/)).toContainText("createHmac");
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-signing-hmac");

    const rotate = page.getByRole("button", { name: "Rotate secret…" });
    await rotate.click();
    const dialog = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await expect(dialog).toContainText("24 hours");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(rotate).toBeFocused();
    await rotate.click();
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByText(/Accept the previous one as well until/)).toBeVisible();
    const after = (await (await page.request.get("/v1/notifications/signing-secret", { headers: auth })).json()) as { secret: string };
    expect(after.secret).not.toBe(before.secret);
    await page.getByRole("button", { name: "Reveal secret" }).click();
    await expect(secret).toHaveText(after.secret);
  });

  test("viewers and treasurers get the 403 view, and the API refuses their tokens", async ({ page, signIn }) => {
    for (const user of ["viewer", "treasurer"] as const) {
      await page.context().clearCookies();
      await signIn(user);
      await page.goto("/dashboard");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" })).toHaveCount(0);
      for (const path of ["/webhooks", "/webhooks/signing", "/webhooks/sandbox", "/webhooks/subscriptions/00000000-0000-4000-8000-000000000000"]) {
        await page.goto(path);
        await expect(page.getByText("403 · Access denied")).toBeVisible();
        await expect(page.getByRole("button", { name: /Create subscription|Simulate deposit|Reveal/ })).toHaveCount(0);
      }
      const { access_token } = await portalToken(page.request);
      const auth = { authorization: `Bearer ${access_token}` };
      for (const response of [
        await page.request.get("/v1/notifications/subscriptions", { headers: auth }),
        await page.request.post("/v1/notifications/subscriptions", { headers: auth, data: { topic: "Deposits", callbackUrl: receiver.url("/nope") } }),
        await page.request.get("/v1/notifications/signing-secret", { headers: auth }),
        await page.request.post("/v1/sandbox/deposits", { headers: auth, data: { accountNumber: "1000123456", amount: "1.00", currency: "USD" } }),
      ]) {
        expect(response.status()).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe("FORBIDDEN");
      }
    }
    await expectAccessible(page);
  });
});
