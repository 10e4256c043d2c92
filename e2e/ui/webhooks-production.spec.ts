import { execFileSync } from "node:child_process";
import { test, expect } from "@playwright/test";
import { resetDataDir, startServer, stopGracefully, waitHealthy, type ServerProcess } from "../api/server-process";
import { portalToken, signInAs } from "../fixtures/portal";
import { ownPort } from "../fixtures/servers";

/**
 * The webhooks pages in production: no sandbox (tab hidden, page and API
 * 404), https-only callback URLs. A server of our own: started once in uat to
 * seed the demo users, then again on the same database with APP_ENV=production.
 */
const PORT = ownPort("E2E_WEBHOOKS_PRODUCTION_PORT", 12);
const DATA_DIR = `${process.env.E2E_DATA_DIR ?? ".data/e2e"}-production`;

let server: ServerProcess | null = null;

function stopEmbedded() {
  execFileSync(process.execPath, ["-e", `import("./scripts/embedded-pg.mjs").then(m => m.stopEmbeddedPostgres(${JSON.stringify(DATA_DIR)}))`]);
}

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stopEmbedded();
  resetDataDir(DATA_DIR);
  server = startServer(PORT, DATA_DIR);
  await waitHealthy(server.baseUrl, 120_000);
  await stopGracefully(server);
  server = startServer(PORT, DATA_DIR, { APP_ENV: "production", NEXTAUTH_URL: `http://localhost:${PORT}` });
  await waitHealthy(server.baseUrl, 120_000);
});

test.afterAll(async () => {
  if (server) await stopGracefully(server);
  stopEmbedded();
  resetDataDir(DATA_DIR);
});

test("in production the sandbox is hidden and 404, and callback URLs must be https", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseUrl });
  const page = await context.newPage();
  await signInAs(page.request, "admin");

  await page.goto("/webhooks");
  await expect(page.getByText("PRODUCTION", { exact: true })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Webhooks" });
  await expect(tabs.getByRole("link", { name: "Signing" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Sandbox" })).toHaveCount(0);

  // The URL's one message line: production's hint, then the rule's message in its place (nothing below it moves).
  await expect(page.getByText("https only; the host must resolve to a public address.")).toBeVisible();
  await page.getByLabel("Callback URL").fill("http://127.0.0.1:9/hooks/harbour");
  await page.getByRole("button", { name: "Create subscription" }).click();
  await expect(page.getByText("must use https")).toBeVisible();
  await expect(page.getByText("https only; the host must resolve to a public address.")).toHaveCount(0);

  // The 404 view with a real 404 status (scripts/server.mjs routes it before the portal's loading skeleton streams).
  const sandbox = await page.goto("/webhooks/sandbox");
  expect(sandbox?.status()).toBe(404);
  await expect(page.getByText("This page could not be found.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Simulate deposit" })).toHaveCount(0);

  const { access_token } = await portalToken(page.request);
  const deposit = await page.request.post("/v1/sandbox/deposits", {
    headers: { authorization: `Bearer ${access_token}` },
    data: { accountNumber: "1000123456", amount: "1.00", currency: "USD" },
  });
  expect(deposit.status()).toBe(404);

  // A viewer is refused the same way: the page does not exist.
  await context.clearCookies();
  await signInAs(page.request, "viewer");
  expect((await page.goto("/webhooks/sandbox"))?.status()).toBe(404);
  await expect(page.getByText("This page could not be found.")).toBeVisible();
  await page.goto("/webhooks");
  await expect(page.getByText("403 · Access denied")).toBeVisible();
  await context.close();
});
