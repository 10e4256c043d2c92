import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, expectAccessible, expectFitsPhone, portalToken, saveScreenshot, signInAs, test, type DemoUser } from "../fixtures/portal";

/** Issue 22: the notification centre, end to end: a maker drafts, the approver sees the bell's count, opens, marks read. */

async function api(request: APIRequestContext, method: "GET" | "PUT" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  const { access_token } = await portalToken(request);
  return request.fetch(path, { method, headers: { authorization: `Bearer ${access_token}`, ...headers }, data: body });
}

async function pageFor(browser: Browser, user: DemoUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page.request, user);
  return page;
}

test("a treasurer's draft rings the approver's bell; the approver opens the list, marks it read, and chooses e-mail", async ({ browser }) => {
  test.slow();
  const admin = await pageFor(browser, "admin");
  const policies = { policies: [{ rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 }] };
  expect((await api(admin.request, "PUT", "/v1/approvals/policies", policies)).status()).toBe(200);
  await admin.context().close();

  const approver = await pageFor(browser, "approver");
  expect((await api(approver.request, "POST", "/v1/me/notifications/read-all")).status()).toBe(200);
  await approver.goto("/notifications");
  await expect(approver.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, none unread");

  const treasurer = await pageFor(browser, "treasurer");
  const units = 1000 + (Date.now() % 9000);
  const amount = `${units}.00`;
  /** As people read it: code, grouping (1,000 to 9,999). */
  const shown = `USD ${Math.floor(units / 1000)},${String(units % 1000).padStart(3, "0")}.00`;
  const drafted = await api(
    treasurer.request,
    "POST",
    "/v1/approvals/drafts",
    {
      rail: "ACH",
      request: {
        debtorAccount: { identification: "1000123456" },
        debitCurrency: "USD",
        instructedAmount: { amount, currency: "USD" },
        creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        remittanceInformation: ["Invoice 2201"],
      },
    },
    { "idempotency-key": crypto.randomUUID() },
  );
  expect(drafted.status()).toBe(201);
  await treasurer.context().close();

  await approver.reload();
  const bell = approver.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  const item = approver.getByRole("listitem").filter({ hasText: "A draft waits for your approval" }).first();
  await expect(item).toContainText(`ACH payment of ${shown} drafted by treasurer@acme.test`);
  await expect(item).toContainText("Unread");
  await expectAccessible(approver);
  await saveScreenshot(approver, "notifications");
  await expectFitsPhone(approver, "notifications");

  await item.getByRole("button", { name: /Mark read/ }).focus();
  await approver.keyboard.press("Enter");
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(item.getByRole("button", { name: /Mark read/ })).toHaveCount(0);

  await approver.getByLabel("Show").selectOption("unread");
  await expect(approver.getByText("Nothing unread", { exact: true })).toBeVisible();
  await expectAccessible(approver);

  const email = approver.getByRole("group", { name: "A draft waits for your approval" }).getByLabel("By e-mail too");
  await email.check();
  await approver.getByRole("button", { name: "Save preferences" }).click();
  await expect(approver.getByText("Your preferences are saved.")).toBeVisible();
  const saved = (await (await api(approver.request, "GET", "/v1/me/notification-preferences")).json()) as {
    preferences: { kind: string; inPortal: boolean; byEmail: boolean }[];
  };
  expect(saved.preferences.find((p) => p.kind === "ApprovalWaiting")).toEqual({ kind: "ApprovalWaiting", inPortal: true, byEmail: true });
  await saveScreenshot(approver, "notifications-preferences");
  await approver.context().close();
});
