import type { Browser } from "@playwright/test";
import { expect, expectAccessible, saveScreenshot, signInAs, test, type DemoUser } from "../fixtures/portal";

/** A second person in a browser of their own. */
async function pageFor(browser: Browser, user: DemoUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page.request, user);
  return page;
}

test.describe("audit log and users (administrators)", () => {
  test("an admin ends a user's sessions from Users, then finds it in the Audit log, filters kept in the URL", async ({ page, signIn, browser }) => {
    const treasurer = await pageFor(browser, "treasurer");
    await treasurer.goto("/dashboard");
    await expect(treasurer.getByRole("heading", { level: 1 })).toBeVisible();

    await signIn("admin");
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    const row = page.getByRole("row", { name: /treasurer@acme\.test/ });
    await expect(row).toContainText("Treasurer");
    await expectAccessible(page);
    await saveScreenshot(page, "users");

    await row.getByRole("button", { name: /End sessions of/ }).click();
    const dialog = page.getByRole("dialog", { name: /End every session of/ });
    await expect(dialog).toBeVisible();
    // The safe choice has focus; the keyboard confirms.
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "End sessions" }).click();
    await expect(page.getByText(/is signed out everywhere/)).toBeVisible();
    await expect(row).toContainText("Not signed in");

    // The treasurer's next page is the sign-in page.
    await treasurer.goto("/payments");
    await expect(treasurer).toHaveURL(/\/login/);
    await treasurer.context().close();

    await page.getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
    await page.getByLabel("Action (or its beginning)").fill("user.sessions_ended");
    await page.getByLabel("Who (email or actor)").fill("admin@acme.test");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/action=user\.sessions_ended/);
    const entry = page.getByRole("row", { name: /user\.sessions_ended/ }).first();
    await expect(entry).toContainText("admin@acme.test");
    await entry.getByText("Show").click();
    await expect(entry).toContainText("treasurer@acme.test");
    await expectAccessible(page);
    await saveScreenshot(page, "audit-log");

    // A search nothing matches: the empty state; Back returns to the previous search.
    await page.getByLabel("Target id").fill("no-such-target");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No entries match this search")).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel("Target id")).toHaveValue("");
    await expect(page.getByRole("row", { name: /user\.sessions_ended/ }).first()).toBeVisible();

    // The CSV of the filtered set.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV of this search" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^harbour-audit-log-acme-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText(/Exported \d+ entries/)).toBeVisible();
  });

  test("other roles have neither page: no navigation item, and a 403 view", async ({ page, signIn }) => {
    await signIn("treasurer");
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Users" })).toHaveCount(0);
    for (const path of ["/audit-log", "/users"]) {
      await page.goto(path);
      await expect(page.getByText("403 · Access denied")).toBeVisible();
    }
  });
});

test.describe("idle timeout", () => {
  test("a minute before the timeout a dialog offers to stay signed in; staying keeps the session", async ({ page, signIn }) => {
    // The browser's clock only: the server keeps its own time, so the session is still live when the dialog shows.
    await page.clock.install();
    await signIn("viewer");
    // The page's own report of activity sets the deadline (15 minutes from now): wait for it before moving the clock.
    const opened = page.waitForResponse((r) => r.url().endsWith("/api/portal/sessions/activity") && r.request().method() === "POST");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect((await opened).status()).toBe(200);
    await page.clock.runFor(2_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.fastForward("13:30");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.fastForward("00:40");
    const dialog = page.getByRole("dialog", { name: "Are you still there?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/signed out in \d+ seconds/);
    await expect(dialog.getByRole("button", { name: "Stay signed in" })).toBeFocused();
    await expectAccessible(page);
    await saveScreenshot(page, "idle-warning");

    const activity = page.waitForResponse((r) => r.url().endsWith("/api/portal/sessions/activity") && r.request().method() === "POST");
    await page.keyboard.press("Enter");
    expect((await activity).status()).toBe(200);
    await expect(dialog).toBeHidden();
    // The new deadline is 15 minutes from the click: no warning for a while.
    await page.clock.fastForward("10:00");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard/);
  });
});
