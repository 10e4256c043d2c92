import type { APIRequestContext, Page } from "@playwright/test";
import { bankLocalParts } from "../../lib/contract/time/bank-time";
import { formatBankDate } from "../../lib/contract/time/date-format";
import { expect, expectAccessible, expectFitsPhone, portalToken, saveScreenshot, test } from "../fixtures/portal";

/**
 * Scheduled payments in the portal (issue 21, docs/scheduling.md): "Pay on" on the ACH form shows the day the API will
 * use and its settlement, the result says "Scheduled for …", the payments list filtered to Scheduled has it with its
 * day, and its page cancels it; nothing is reserved at any point.
 */

const ACCOUNT = "1000123456"; // Operating USD
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

type Summary = { transactionId: string; status: string; executionDate?: string; valueDate: string; externalReference: string | null };

const reference = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`.slice(0, 16);

const DATE_SHOWN = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

/** The bank's date `days` after today (bank time), `YYYY-MM-DD`. */
function bankDateIn(days: number): string {
  const today = bankLocalParts(new Date()).date;
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function api(request: APIRequestContext) {
  const { access_token } = await portalToken(request);
  const headers = { authorization: `Bearer ${access_token}` };
  return {
    headers,
    available: async () => {
      const response = await request.get(`/v1/accounts/${ACCOUNT}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { availableBalance: { amount: string } }).availableBalance.amount;
    },
    byReference: async (ref: string) => {
      const response = await request.get(`/v1/payments?instructionIdentification=${ref}`, { headers });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { data: Summary[] }).data;
    },
  };
}

/** The value of a summary row (`<dt>label</dt><dd>value</dd>`) in the aside named `aside` ("Summary", "Quote"). */
const summaryValue = (page: Page, label: string, aside = "Summary") =>
  page
    .getByRole("complementary", { name: aside })
    .locator("div", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

test("a treasurer schedules an ACH payment 10 days ahead, finds it under Scheduled and cancels it; nothing is reserved", async ({ page, signIn }) => {
  await signIn("treasurer");
  const bank = await api(page.request);
  const before = await bank.available();
  const ref = reference("SCH");
  const requested = bankDateIn(10);

  await page.goto("/payments/ach/new");
  await expect(page.getByRole("heading", { name: "New ACH payment", level: 1 })).toBeVisible();
  await page.getByLabel("Debit account").selectOption(ACCOUNT);
  await page.getByLabel("Amount (USD)").fill("25.00");
  await page.getByLabel("Beneficiary name").fill("Island Supplies Ltd");
  await page.getByLabel("Beneficiary account number").fill("20000001");
  await page.getByLabel("Beneficiary bank").selectOption("BANK_A");
  await page.getByRole("textbox", { name: "Line 1", exact: true }).fill("Rent December");
  await page.getByLabel("Your reference").fill(ref);

  // Empty is today; the picker offers today to a year ahead, in bank time.
  const payOn = page.getByRole("textbox", { name: "Pay on Optional", exact: true });
  await expect(summaryValue(page, "Pay on")).toHaveText("Today");
  await expect(payOn).toHaveAttribute("type", "date");
  await expect(payOn).toHaveAttribute("min", bankDateIn(0));
  await payOn.fill(requested);
  // The day the API will use (the next business day when it is not one) and the settlement of that day, in the portal's style.
  const shownDay = (await summaryValue(page, "Pay on").textContent()) ?? "";
  expect(shownDay).toMatch(DATE_SHOWN);
  await expect(summaryValue(page, "Expected settlement")).toHaveText(DATE_SHOWN);
  const shownSettlement = (await summaryValue(page, "Expected settlement").textContent()) ?? "";
  await expect(page.getByRole("complementary", { name: "Summary" })).toContainText("Nothing is reserved until then; funds are checked on the day.");
  await expectAccessible(page);
  // From the top: a full-page capture scrolled to the field draws the sticky header over the form.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "scheduled-ach-form");
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `the form is ${overflow} px wider than a 390 px screen`).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "scheduled-ach-form-phone");
  await page.setViewportSize(DESKTOP);

  await page.getByRole("button", { name: "Submit payment" }).click();
  const result = page.getByRole("status").filter({ hasText: "Payment scheduled" });
  await expect(result).toBeVisible();
  await expect(result).toContainText(`Scheduled for ${shownDay}: nothing is reserved until then; funds are checked on the day.`);
  await saveScreenshot(page, "scheduled-ach-result");

  // The API made it Scheduled for exactly the day and settlement the form showed; nothing was reserved.
  const [made] = await bank.byReference(ref);
  expect(made).toMatchObject({ status: "Scheduled" });
  expect(formatBankDate(made!.executionDate!)).toBe(shownDay);
  expect(formatBankDate(made!.valueDate)).toBe(shownSettlement);
  expect(await bank.available()).toBe(before);

  // The payments list, filtered to Scheduled, has it with its day.
  await page.goto("/payments");
  await page.getByLabel("Status").selectOption("Scheduled");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/status=Scheduled/);
  const row = page.locator("table tbody tr", { hasText: ref });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Scheduled");
  await expect(row).toContainText(`for ${shownDay}`);
  await saveScreenshot(page, "scheduled-payments-list");

  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/payments/${made!.transactionId}$`));
  const card = page.getByRole("region", { name: `Scheduled for ${shownDay}` });
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await saveScreenshot(page, "scheduled-payment-detail");
  await expectFitsPhone(page, "scheduled-payment-detail");

  // Keyboard: the button opens the dialog, focus starts on the safe choice, Tab reaches the confirmation.
  await card.getByRole("button", { name: "Cancel this payment" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cancel this scheduled payment?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
  await expectAccessible(page);
  await saveScreenshot(page, "scheduled-payment-cancel-dialog");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancel payment" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "This payment is cancelled" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cancelled");
  await expect(page.getByRole("list", { name: "Status timeline" })).toContainText("Cancelled before its day");
  await saveScreenshot(page, "scheduled-payment-cancelled");

  const [cancelled] = await bank.byReference(ref);
  expect(cancelled!.status).toBe("Cancelled");
  expect(await bank.available()).toBe(before);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cancelled");
  await expect(page.getByRole("button", { name: "Cancel this payment" })).toHaveCount(0);
});

test("a viewer sees a Scheduled payment's day but no cancel button", async ({ page, signIn }) => {
  await signIn("treasurer");
  const { headers } = await api(page.request);
  const created = await page.request.post("/v1/payments/ach-local", {
    headers,
    data: {
      debtorAccount: { identification: ACCOUNT },
      debitCurrency: "USD",
      instructedAmount: { amount: "9.00", currency: "USD" },
      creditorAccount: { identification: "20000001", name: "Island Supplies Ltd" },
      creditorBank: { bankCode: "BANK_A", currency: "USD" },
      remittanceInformation: ["Scheduled for a viewer"],
      requestedExecutionDate: bankDateIn(20),
    },
  });
  expect(created.status()).toBe(201);
  const { id, transactionStatus } = (await created.json()) as { id: string; transactionStatus: string };
  expect(transactionStatus).toBe("Scheduled");

  await signIn("viewer");
  await page.goto(`/payments/${id}`);
  await expect(page.getByRole("region", { name: /^Scheduled for / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel this payment" })).toHaveCount(0);
});

test("SWIFT and transfer forms: a Saturday is paid the next business day, and the form says so", async ({ page, signIn }) => {
  await signIn("treasurer");
  // The first Saturday at least two days ahead (bank time).
  const saturday = [2, 3, 4, 5, 6, 7, 8].map(bankDateIn).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6)!;
  const moved = /^Sat, [A-Z][a-z]{2} \d{1,2}, \d{4} is not a business day: paid [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/;

  await page.goto("/payments/swift/new");
  await page.getByRole("textbox", { name: "Pay on Optional", exact: true }).fill(saturday);
  const payOn = summaryValue(page, "Pay on", "Quote");
  await expect(payOn).toHaveText(DATE_SHOWN);
  await expect(page.locator("#swift-pay-on-msg")).toHaveText(moved);
  await expect(page.getByRole("complementary", { name: "Quote" })).toContainText("is not a business day: paid");
  // SWIFT is valued a business day after the day it is made.
  const valued = summaryValue(page, "Expected value date", "Quote");
  await expect(valued).toHaveText(DATE_SHOWN);
  expect(await valued.textContent()).not.toBe(await payOn.textContent());

  await page.goto("/payments/transfer/new");
  await page.getByRole("textbox", { name: "Pay on Optional", exact: true }).fill(saturday);
  await expect(summaryValue(page, "Pay on", "Quote")).toHaveText(DATE_SHOWN);
  await expect(page.locator("#transfer-pay-on-msg")).toHaveText(moved);
  await expect(page.getByRole("complementary", { name: "Quote" })).toContainText("Completed on its day");
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "scheduled-transfer-form");
});
