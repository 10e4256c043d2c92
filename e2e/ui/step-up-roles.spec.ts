import { execFileSync } from "node:child_process";
import pg from "pg";
import { embeddedUrl } from "../api/server-process";
import { enrolAuthenticator } from "../fixtures/operator";
import { signInThroughForm } from "../fixtures/sign-in-form";
import { expect, expectAccessible, saveScreenshot, signInWith, test, totpCode, USERS } from "../fixtures/portal";
import { DATA_DIR } from "../fixtures/servers";

/**
 * Step-up beyond payments (issue 14, docs/security.md): giving someone a role
 * in the operations console, and making new recovery codes, ask for a fresh
 * code once the last one is older than five minutes; the prompt takes it and
 * the action goes through.
 */

/** Six minutes later, as far as step-up can tell. */
async function ageProof(email: string): Promise<void> {
  const db = new pg.Client(embeddedUrl(DATA_DIR));
  await db.connect();
  try {
    await db.query(
      "UPDATE portal_sessions SET second_factor_at = now() - interval '6 minutes' WHERE user_id = (SELECT user_id FROM users WHERE email = $1) AND ended_at IS NULL",
      [email],
    );
  } finally {
    await db.end();
  }
}

test("an operator with a stale code is asked again before inviting a user with a role", async ({ browser }) => {
  const email = `roles-${Date.now().toString(36)}@harbour.test`;
  const password = "harbour-operator-passphrase";
  const out = execFileSync(process.execPath, ["scripts/ops.mjs", "operator", "create", "--email", email, "--json"], {
    env: { ...process.env, DATA_DIR, APP_ENV: "uat" },
    encoding: "utf8",
  });
  const { inviteUrl } = JSON.parse(out) as { inviteUrl: string };
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await page.goto(new URL(inviteUrl).pathname + new URL(inviteUrl).hash);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set.")).toBeVisible();
  await signInWith(page.request, email, password);
  const secret = await enrolAuthenticator(page, email);

  // Globex, so the demo organisation the other specs count stays as it is.
  await page.goto("/operations/clients/globex");
  await ageProof(email);
  const invited = `stepup-${Date.now().toString(36)}@globex.test`;
  await page.getByLabel("Work email").fill(invited);
  await page.getByLabel("Role").selectOption("treasurer");
  await page.getByRole("button", { name: "Invite user" }).click();

  const prompt = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(prompt.getByText(/more than 5 minutes ago/)).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "operations-step-up");
  await prompt.getByLabel("Authentication code").fill(await totpCode(email, secret));
  await prompt.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("revealed-value")).toBeVisible();
  await expect(page.getByRole("cell", { name: invited })).toBeVisible();
  await staff.close();
});

test("an administrator makes new recovery codes behind a fresh code; one of them signs in", async ({ page, signIn, browser }) => {
  await signIn("admin");
  await page.goto("/security");
  await ageProof(USERS.admin);
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await page.getByRole("dialog", { name: "Make new recovery codes?" }).getByRole("button", { name: "Make new codes" }).click();
  const prompt = page.getByRole("dialog", { name: "Confirm it is you" });
  await prompt.getByLabel("Authentication code").fill(await totpCode(USERS.admin));
  await prompt.getByRole("button", { name: "Confirm" }).click();

  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "second-factor-new-recovery-codes");
  const recovery = (await codes.first().textContent())!;

  // Another browser: a new code signs in, once.
  const other = await (await browser.newContext()).newPage();
  await signInThroughForm(other, USERS.admin, recovery);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.context().close();
});
