import http from "node:http";
import type { AddressInfo } from "node:net";
import type { JsonWebKey } from "node:crypto";
import { createWebhookVerifier } from "../../sdk/webhooks";
import { completedAchPayment } from "../fixtures/payments";
import { expect, expectAccessible, expectFitsPhone, portalToken, saveScreenshot, test } from "../fixtures/portal";

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1 (uat allows private targets): records every request, answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  /** Paths that answer 500 this many more times before answering 200. */
  const failures = new Map<string, number>();
  /** Paths whose next answers wait for these promises, one request each, in order. */
  const gates = new Map<string, Promise<void>[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const path = req.url ?? "";
      await gates.get(path)?.shift();
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
    gates,
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
    await signIn("admin");
    // The whole journey (subscribe, simulate, follow the delivery, resend, read the chart) took 2 minutes at a load of
    // 27 on 2 cores: three times the default limit, which a wrong page still fails.
    test.slow();
    const path = `/hooks/harbour?run=${Date.now()}`;
    const toUs = () => receiver.received.filter((r) => r.path === path);

    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText(/^(No subscriptions|\d+–\d+ of \d+ subscriptions)/).first()).toBeVisible();

    // Every rule shows inline before anything is sent.
    await page.getByRole("button", { name: "Create subscription" }).click();
    await expect(page.getByText("Enter the URL that receives the deliveries")).toBeVisible();
    await page.getByLabel("Callback URL").fill("ftp://127.0.0.1/x");
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

  test("an admin subscribes a local receiver to PaymentStatusChanged; a payment completes; the signed event arrives and shows in the log", async ({
    page,
    signIn,
  }) => {
    await signIn("admin");
    const path = `/hooks/payments?run=${Date.now()}`;
    const toUs = () => receiver.received.filter((r) => r.path === path);

    // The form offers every topic of the contract, each explained; Deposits is chosen to begin with.
    await page.goto("/webhooks");
    const topics = page.getByRole("group", { name: "Topic" });
    await expect(topics.getByRole("radio")).toHaveCount(6);
    await expect(topics.getByRole("radio", { name: "Deposits" })).toBeChecked();
    const statusChanges = topics.getByRole("radio", { name: "Payment status changes" });
    await expect(statusChanges).toHaveAccessibleDescription("A payment moves on: completed, failed, reversed or cancelled.");
    await statusChanges.check();
    await page.getByLabel("Callback URL").fill(receiver.url(path));
    await expectFitsPhone(page, "webhooks-topic-form");
    await page.getByRole("button", { name: "Create subscription" }).click();
    await expect(page.getByText(/^Subscribed .* to payment status changes\.$/)).toBeVisible();
    // The topic stays chosen for a second endpoint of the same events.
    await expect(statusChanges).toBeChecked();
    const row = page.locator("tbody tr", { hasText: receiver.url(path) });
    await expect(row).toContainText("Payment status changes");
    await expect(row).toContainText("PaymentStatusChanged");
    // The topic column costs no sideways scroll at a laptop's width (1280 px): the row's actions stay in view.
    const sideways = await page.evaluate(() => {
      const box = document.querySelector("table")!.parentElement!;
      return box.scrollWidth - box.clientWidth;
    });
    expect(sideways).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-topic-subscribed");

    // A payment moves (made by the API, completed through the uat sandbox, as the payments tests do).
    const { access_token } = await portalToken(page.request);
    const paymentId = await completedAchPayment(page.request, access_token, { instructedAmount: { amount: "8.00", currency: "USD" } });

    // The receiver gets the event body, signed as every webhook is (verified as a receiver would, with the bank's JWKS).
    type Event = { eventId: string; subscriptionId: string; topic: string; occurredAt: string; data: { paymentId: string; from: string; to: string } };
    const completedEvent = () =>
      toUs().find((r) => {
        const body = JSON.parse(r.body) as Event;
        return body.data.paymentId === paymentId && body.data.to === "Completed";
      });
    await expect.poll(() => completedEvent() !== undefined, { timeout: 30_000 }).toBe(true);
    const delivered = completedEvent()!;
    const body = JSON.parse(delivered.body) as Event;
    expect(Object.keys(body).sort()).toEqual(["data", "eventId", "occurredAt", "subscriptionId", "topic"]);
    expect(body).toMatchObject({ topic: "PaymentStatusChanged", data: { paymentId, from: "Pending", to: "Completed", rail: "ACH" } });
    expect(new Date(body.occurredAt).toISOString()).toBe(body.occurredAt);
    const jwks = (await (await page.request.get("/v1/.well-known/jwks.json")).json()) as { keys: JsonWebKey[] };
    const verify = createWebhookVerifier({ mode: "rsa", publicKeys: jwks.keys });
    expect(verify({ path: delivered.path, headers: delivered.headers, body: delivered.body })).toMatchObject({ ok: true });
    // No deposit ever reaches a subscription of another topic.
    expect(toUs().every((r) => (JSON.parse(r.body) as { topic: string }).topic === "PaymentStatusChanged")).toBe(true);

    // The subscription's page names its topic; the delivery is in its log under the event's id.
    await row.getByRole("link", { name: /Delivery log/ }).click();
    await expect(page.getByRole("heading", { name: "Delivery log", level: 1 })).toBeVisible();
    expect(body.subscriptionId).toBe(page.url().split("/subscriptions/")[1]);
    await expect(page.getByLabel("Subscription", { exact: true })).toContainText("Payment status changes (PaymentStatusChanged)");
    const delivery = page.getByTestId("delivery").filter({ hasText: body.eventId });
    await expect(delivery).toContainText("Succeeded", { timeout: 30_000 });
    await expect(delivery).toContainText("200");
    await expectAccessible(page);
    await saveScreenshot(page, "webhooks-topic-delivery-log");

    // Deactivated, it says what no longer arrives.
    await page.getByRole("link", { name: "← All subscriptions" }).click();
    await page
      .locator("tbody tr", { hasText: receiver.url(path) })
      .getByRole("button", { name: /Deactivate/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Deactivate this subscription?" });
    await expect(dialog).toContainText("Payment status changes will no longer be sent to this URL.");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText(`Deactivated ${receiver.url(path)}. Payment status changes no longer notify it.`)).toBeVisible();
  });

  test("the log refreshes itself while a delivery is pending: a failed attempt, then the automatic retry", async ({ page, signIn }) => {
    await signIn("admin");
    const path = `/hooks/flaky?run=${Date.now()}`;
    receiver.failures.set(path, 1);
    // The retry comes 5 s after the failed attempt: a page slower than that to load, or to poll (a loaded CI machine),
    // would never see it pending. The receiver holds its first answer until the page is up, and the retry's until the
    // page has shown the delivery pending; each at most 8 s (an attempt's timeout is 10 s).
    const held = () => {
      let release!: () => void;
      const gate = Promise.race([new Promise<void>((resolve) => (release = resolve)), new Promise<void>((resolve) => setTimeout(resolve, 8_000))]);
      return { gate, release };
    };
    const firstAnswer = held();
    const retryAnswer = held();
    receiver.gates.set(path, [firstAnswer.gate, retryAnswer.gate]);
    const pageUp = firstAnswer.release;
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
    await expect(page.getByText("Waiting for the first attempt…").or(page.getByTestId("delivery")).first()).toBeVisible({ timeout: 20_000 });
    pageUp();
    const delivery = page.getByTestId("delivery").filter({ hasText: transactionId });
    await expect(delivery).toContainText("Pending", { timeout: 20_000 });
    await expect(delivery).toContainText("500");
    await expect(delivery.getByRole("button", { name: /Resend/ })).toBeDisabled();
    await expect(page.getByText(/Updating every 2 s while deliveries are pending/)).toBeVisible();
    await saveScreenshot(page, "webhooks-delivery-log-pending");
    retryAnswer.release();
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
