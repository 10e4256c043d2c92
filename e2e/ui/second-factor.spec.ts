import pg from "pg";
import { embeddedUrl } from "../api/server-process";
import { signInThroughForm } from "../fixtures/sign-in-form";
import { expect, expectAccessible, portalToken, saveScreenshot, signInAs, test, totpCode, USERS } from "../fixtures/portal";
import { DATA_DIR } from "../fixtures/servers";

async function sql(text: string, values: unknown[] = []): Promise<void> {
  const db = new pg.Client(embeddedUrl(DATA_DIR));
  await db.connect();
  try {
    await db.query(text, values);
  } finally {
    await db.end();
  }
}

test.describe("two-step sign-in", () => {
  test("a viewer enrols (QR, key, code, recovery codes once), signs in with a recovery code, and an admin resets it", async ({ page, signIn, browser }) => {
    await signIn("viewer");
    await page.goto("/security");
    await expect(page.getByText("Only your password protects your sign-in.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Set up an authenticator app" }).click();

    await expect(page.getByRole("heading", { name: "Set up your authenticator app" })).toBeVisible();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "second-factor-enrol");
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    await page.getByLabel("Code from your app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(page.getByText("That code does not match.")).toBeVisible();
    await page.getByLabel("Code from your app").fill(await totpCode(USERS.viewer, secret));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await expectAccessible(page);
    await saveScreenshot(page, "second-factor-recovery-codes");
    const recovery = (await codes.first().textContent())!;
    await page.getByRole("link", { name: "I have saved them, continue" }).click();
    await expect(page.getByText("9 of 10 recovery codes left").or(page.getByText("10 of 10 recovery codes left"))).toBeVisible();

    // Another browser: the password alone is no longer enough; a recovery code signs in once.
    const other = await (await browser.newContext()).newPage();
    await signInThroughForm(other, USERS.viewer, recovery);
    await expect(other).toHaveURL(/\/dashboard$/);
    await other.goto("/security");
    await expect(other.getByText("9 of 10 recovery codes left")).toBeVisible();
    await other.context().close();

    // An administrator of the organisation removes it (a lost phone).
    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin.request, "admin");
    await admin.goto("/security");
    await expect(admin.getByRole("heading", { name: "Your organisation" })).toBeVisible();
    await expectAccessible(admin);
    await saveScreenshot(admin, "second-factor-team");
    await admin.getByRole("button", { name: "Reset Victor Viewer's authenticator" }).click();
    const dialog = admin.getByRole("dialog", { name: "Reset Victor Viewer's authenticator?" });
    await dialog.getByRole("button", { name: "Reset authenticator" }).click();
    await expect(admin.getByText("Victor Viewer's authenticator was removed.")).toBeVisible();
    await admin.context().close();

    // The viewer (optional for the role) signs in on the password again.
    const again = await (await browser.newContext()).newPage();
    await signInAs(again.request, "viewer");
    await again.context().close();
  });

  test("approval policies: an admin changes them, and an old second factor is asked for again", async ({ page, signIn }) => {
    await signIn("admin");
    const auth = { authorization: `Bearer ${(await portalToken(page.request)).access_token}` };
    const original = (await (await page.request.get("/v1/approvals/policies", { headers: auth })).json()) as { policies: unknown[] };

    await page.goto("/approvals/policies");
    await expect(page.getByRole("heading", { name: "Approval policies" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save policies" })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "approval-policies");

    // Six minutes later, as far as step-up can tell.
    await sql(
      "UPDATE portal_sessions SET second_factor_at = now() - interval '6 minutes' WHERE user_id = (SELECT user_id FROM users WHERE email = $1) AND ended_at IS NULL",
      [USERS.admin],
    );
    await page.getByRole("button", { name: "Add a policy" }).click();
    const added = page.getByRole("listitem", { name: `Policy ${original.policies.length + 1}` });
    await added.getByLabel("Rail").selectOption("SWIFT");
    await added.getByLabel("Currency").fill("eur");
    await added.getByLabel("From amount").fill("12.345");
    await page.getByRole("button", { name: "Save policies" }).click();
    await expect(added.getByText("threshold must be a non-negative decimal with at most 2 decimal places")).toBeVisible();
    await added.getByLabel("From amount").fill("50000.00");
    await added.getByLabel("Approvers").selectOption("2");
    await page.getByRole("button", { name: "Save policies" }).click();

    const prompt = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(prompt.getByLabel("Authentication code")).toBeFocused();
    await expectAccessible(page);
    await saveScreenshot(page, "step-up-prompt");
    await prompt.getByLabel("Authentication code").fill("000000");
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await expect(prompt.getByText("That code does not match.")).toBeVisible();
    await prompt.getByLabel("Authentication code").fill(await totpCode(USERS.admin));
    await prompt.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Policies saved.")).toBeVisible();
    const saved = (await (await page.request.get("/v1/approvals/policies", { headers: auth })).json()) as { policies: unknown[] };
    expect(saved.policies).toContainEqual({ rail: "SWIFT", currency: "EUR", threshold: "50000.00", approvers: 2 });

    // Leave the policies as the other specs expect them (the session has just proven its code).
    expect((await page.request.put("/v1/approvals/policies", { headers: auth, data: original })).status()).toBe(200);
  });
});
