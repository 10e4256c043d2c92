import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { resetDataDir, startServer, stopGracefully, waitHealthy, type ServerProcess } from "../api/server-process";
import { enrolAuthenticator } from "../fixtures/operator";
import { saveScreenshot, signInWith } from "../fixtures/portal";
import { ownPort } from "../fixtures/servers";

/**
 * docs/operations.md walked end to end: a production server on a fresh
 * database (no demo data, no sandbox), the first operator made with the CLI
 * while the server runs, a client onboarded through the console, its secret
 * used for a token and an ACH payment, its user signing in to see both.
 */
const PORT = ownPort("E2E_OPERATIONS_PORT", 14);
const DATA_DIR = `${process.env.E2E_DATA_DIR ?? ".data/e2e"}-operations`;
const BASE = `http://localhost:${PORT}`;
const PASSWORD = "harbour-runbook-passphrase";

let server: ServerProcess | null = null;

function stopEmbedded() {
  execFileSync(process.execPath, ["-e", `import("./scripts/embedded-pg.mjs").then(m => m.stopEmbeddedPostgres(${JSON.stringify(DATA_DIR)}))`]);
}

/** `npm run ops -- ...` as the runbook has it, against the server's database. */
function ops(...args: string[]): Record<string, string> {
  const out = execFileSync(process.execPath, ["scripts/ops.mjs", ...args, "--json"], {
    env: { ...process.env, DATA_DIR, APP_ENV: "production", PUBLIC_BASE_URL: BASE },
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, string>;
}

async function setPassword(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByLabel("Repeat the password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set.")).toBeVisible();
}

/** A console form's one-time value (client secret or set-password link). */
async function revealed(page: Page): Promise<string> {
  const value = page.getByTestId("revealed-value");
  await expect(value).toBeVisible();
  return (await value.textContent())!.trim();
}

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stopEmbedded();
  resetDataDir(DATA_DIR);
  server = startServer(PORT, DATA_DIR, { APP_ENV: "production", NEXTAUTH_URL: BASE, PUBLIC_BASE_URL: BASE });
  await waitHealthy(server.baseUrl, 120_000);
});

test.afterAll(async () => {
  if (server) await stopGracefully(server);
  stopEmbedded();
  resetDataDir(DATA_DIR);
});

test("the runbook: first operator by CLI, a client onboarded in the console pays by ACH, its user sees it", async ({ browser, request }) => {
  // No demo data and no sandbox in this server.
  const demo = await request.post(`${BASE}/v1/oauth/token`, {
    form: { grant_type: "client_credentials", client_id: "acme", client_secret: "acme-uat-secret" },
  });
  expect(demo.status()).toBe(401);

  // 1. The first operator, from the command line, while the server runs.
  const operator = ops("operator", "create", "--email", "ops@harbour.test");
  expect(operator.email).toBe("ops@harbour.test");
  expect(operator.inviteUrl).toMatch(new RegExp(`^${BASE}/set-password#token=`));

  const staff = await browser.newContext({ baseURL: BASE });
  const page = await staff.newPage();
  await setPassword(page, operator.inviteUrl!);
  await signInWith(page.request, "ops@harbour.test", PASSWORD);
  // Operators must have a second factor: set up before any operations page.
  await enrolAuthenticator(page, "ops@harbour.test");
  // Bank staff have no client pages: the portal sends them to operations.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/operations$/);
  await expect(page.getByRole("heading", { name: "Clients", exact: true })).toBeVisible();
  await expect(page.getByText("No clients yet")).toBeVisible();
  expect((await page.request.post("/api/portal/token")).status()).toBe(401);

  // 2. Reference data and a client, in the console.
  await page.getByLabel("Bank code").fill("BANK_A");
  await page.getByRole("button", { name: "Add bank code" }).click();
  await expect(page.getByText("Done.")).toBeVisible();

  await page.getByLabel("Client id").fill("northwind");
  await page.getByLabel("Legal name").fill("Northwind Traders Ltd.");
  await page.getByLabel("CIF").fill("700800900");
  await page.getByLabel("Webhook signing").selectOption("hmac");
  await page.getByLabel("IP allow-list").fill("10.0.0.1/8");
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByText(/is not a CIDR: has address bits set beyond the prefix/)).toBeVisible();
  await saveScreenshot(page, "operations-client-form-error");
  await page.getByLabel("IP allow-list").fill("");
  await page.getByRole("button", { name: "Create client" }).click();
  const clientSecret = await revealed(page);
  expect(clientSecret).toMatch(/^hbs_/);
  await saveScreenshot(page, "operations-clients");

  await page.getByRole("link", { name: "Northwind Traders Ltd." }).click();
  await expect(page.getByRole("heading", { name: "Northwind Traders Ltd." })).toBeVisible();
  await expect(page.getByText("No accounts yet")).toBeVisible();
  await page.getByLabel("Currency").selectOption("USD");
  await page.getByLabel("Opening balance").fill("1000.00");
  await page.getByLabel("Account number").fill("7100000001");
  await page.getByLabel("Nickname").fill("Operating USD");
  await page.getByRole("button", { name: "Open account" }).click();
  await expect(page.getByRole("cell", { name: "1000.00 USD" })).toBeVisible();

  await page.getByLabel("Work email").fill("treasurer@northwind.test");
  await page.getByLabel("Role").selectOption("treasurer");
  await page.getByRole("button", { name: "Invite user" }).click();
  const userLink = await revealed(page);
  await expect(page.getByRole("cell", { name: "treasurer@northwind.test" })).toBeVisible();
  await saveScreenshot(page, "operations-client");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, "operations-client-phone");

  // 3. The client integrates with its issued secret: a token, then an ACH payment.
  const token = await request.post(`${BASE}/v1/oauth/token`, {
    form: { grant_type: "client_credentials", client_id: "northwind", client_secret: clientSecret },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string; scope: string };
  expect(((await token.json()) as { scope: string }).scope).not.toContain("sandbox");
  const payment = await request.post(`${BASE}/v1/payments/ach-local`, {
    headers: { authorization: `Bearer ${accessToken}`, "idempotency-key": randomUUID() },
    data: {
      instructionIdentification: "RUNBOOK-0001",
      debtorAccount: { identification: "7100000001" },
      debitCurrency: "USD",
      instructedAmount: { amount: "125.50", currency: "USD" },
      creditorAccount: { identification: "20004455667", name: "Harbour Supplies Ltd" },
      creditorBank: { bankCode: "BANK_A", currency: "USD" },
      remittanceInformation: ["Runbook payment"],
    },
  });
  expect(payment.status(), await payment.text()).toBe(201);
  expect(((await payment.json()) as { status: string }).status).toBe("success");
  const sandbox = await request.post(`${BASE}/v1/sandbox/deposits`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { accountNumber: "7100000001", amount: "1.00", currency: "USD" },
  });
  expect(sandbox.status()).toBe(404);

  // 4. The client's user sets a password, signs in and sees the account and the payment.
  const client = await browser.newContext({ baseURL: BASE });
  const userPage = await client.newPage();
  await setPassword(userPage, userLink);
  await signInWith(userPage.request, "treasurer@northwind.test", PASSWORD);
  await userPage.goto("/accounts");
  await expect(userPage.getByText("7100000001").first()).toBeVisible();
  await expect(userPage.getByText("874.50").first()).toBeVisible();
  await userPage.goto("/payments");
  // The payments table names the beneficiary twice (a phone line and a desktop cell); the visible one counts.
  await expect(userPage.getByText("Harbour Supplies Ltd").filter({ visible: true }).first()).toBeVisible();
  await saveScreenshot(userPage, "operations-user-payments");
  // A client's user never reaches operations: the page and its actions do not exist for them.
  expect((await userPage.goto("/operations"))?.status()).toBe(404);
  expect((await userPage.request.post("/api/operations/client-suspend", { data: { clientId: "northwind" } })).status()).toBe(404);

  // 5. Suspension from the console: the client's token is refused at once.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Suspend" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Suspended", { exact: true })).toBeVisible();
  const refused = await request.get(`${BASE}/v1/accounts`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(401);
  await staff.close();
  await client.close();
});
