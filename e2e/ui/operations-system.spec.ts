import { execFileSync } from "node:child_process";
import { enrolAuthenticator } from "../fixtures/operator";
import { expect, expectAccessible, saveDocScreenshot, signInWith, test } from "../fixtures/portal";
import { BASE_URL, DATA_DIR } from "../fixtures/servers";

/**
 * The operators' Service page (issue 15, "Watching it"): instances by their
 * heartbeats, queue depth, the oldest due task and the webhook backlog, across
 * every client. Bank staff only: a client's admin gets the 404 of a page
 * that does not exist, and sees only its own figures on /system.
 */
/** This worker's server (e2e/fixtures/servers.ts). */
const BASE = BASE_URL;
const PASSWORD = "harbour-service-passphrase";

test("an operator sees every instance, the queue, the oldest due task and the webhook backlog; a client's admin does not", async ({
  browser,
  page,
  signIn,
}) => {
  // An operator, made as the runbook makes one (docs/operations.md), against this server's database.
  const email = `ops-${Date.now().toString(36)}@harbour.test`;
  const out = execFileSync(process.execPath, ["scripts/ops.mjs", "operator", "create", "--email", email, "--json"], {
    env: { ...process.env, DATA_DIR, APP_ENV: "uat", PUBLIC_BASE_URL: BASE },
    encoding: "utf8",
  });
  const { inviteUrl } = JSON.parse(out) as { inviteUrl: string };
  const staff = await browser.newContext({ baseURL: BASE });
  const ops = await staff.newPage();
  await ops.goto(inviteUrl);
  await ops.getByLabel("New password").fill(PASSWORD);
  await ops.getByLabel("Repeat the password").fill(PASSWORD);
  await ops.getByRole("button", { name: "Set password" }).click();
  await expect(ops.getByText("Your password is set.")).toBeVisible();
  await signInWith(ops.request, email, PASSWORD);
  await enrolAuthenticator(ops, email);

  await ops.goto("/operations");
  await ops.getByRole("navigation", { name: "Operations" }).getByRole("link", { name: "Service" }).click();
  await expect(ops).toHaveURL(/\/operations\/system$/);
  await expect(ops.getByRole("heading", { name: "Service", level: 1 })).toBeVisible();
  // This server's own process heartbeats: one row, alive.
  const instances = ops.getByRole("table", { name: "Instances by heartbeat" });
  await expect(instances.locator("tbody tr").first()).toContainText("Alive");
  const summary = ops.getByRole("region", { name: "Summary" });
  for (const figure of ["Instances alive", "Queue depth", "Oldest due task", "Webhook backlog"]) await expect(summary).toContainText(figure);
  await expect(summary).toContainText(/\d+ of \d+/);
  await expect(ops.getByRole("heading", { name: "Queue" })).toBeVisible();
  await expect(ops.getByRole("heading", { name: "Webhook backlog" })).toBeVisible();
  await expect(ops.getByText(/Checked [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M A[DS]T/)).toBeVisible();
  await expectAccessible(ops);
  await saveDocScreenshot(ops, "operations-service");
  await staff.close();

  // A client's admin: no such page for them.
  await signIn("admin");
  const response = await page.goto("/operations/system");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Instances by heartbeat")).toHaveCount(0);
});
