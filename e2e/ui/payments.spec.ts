import type { APIRequestContext, Page } from "@playwright/test";
import { achRequest, completedAchPayment } from "../fixtures/payments";
import { expect, expectAccessible, expectFitsPhone, portalToken, saveScreenshot, test } from "../fixtures/portal";

type StatusRecord = {
  type: string;
  status: string;
  transactionId: string;
  externalReference: string | null;
  debitAmount: { amount: string; currency: string };
};
type StatusList = { meta: { pagination: { total_size: number } }; data: StatusRecord[] };

const ACCOUNT = "1000123456"; // Operating USD, 250,000.00

/** A fresh instruction id per run (the database is wiped at start, but runs on one server share it). */
const reference = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`.slice(0, 16);

/** Every payment of the account with this instructionIdentification, as the API lists them. */
async function paymentsWithReference(request: APIRequestContext, ref: string): Promise<StatusRecord[]> {
  const { access_token } = await portalToken(request);
  const response = await request.get(`/v1/accounts/${ACCOUNT}/payments?pageSize=1000`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as StatusList).data.filter((p) => p.externalReference === ref);
}

async function fillAch(page: Page, ref: string) {
  await page.getByLabel("Debit account").selectOption(ACCOUNT);
  await page.getByLabel("Amount (USD)").fill("12.34");
  await page.getByLabel("Beneficiary name").fill("Island Supplies Ltd");
  await page.getByLabel("Beneficiary account number").fill("20000001");
  await page.getByLabel("Beneficiary bank").selectOption("BANK_A");
  await page.getByRole("textbox", { name: "Line 1", exact: true }).fill("Invoice 1001");
  await page.getByLabel("Your reference").fill(ref);
}

test.describe("payments", () => {
  test("ACH: rules show inline before submit; a double click pays once; the status page shows it", async ({ page, signIn }) => {
    await signIn("treasurer");
    await page.goto("/dashboard");
    await page.getByRole("link", { name: /Make a payment/ }).click();
    await expect(page).toHaveURL(/\/payments/);
    await page.getByRole("link", { name: "New ACH payment" }).click();
    await expect(page.getByRole("heading", { name: "New ACH payment", level: 1 })).toBeVisible();
    const ref = reference("EACH");
    await fillAch(page, ref);

    // Too long, shown on leaving the field (the API's own schema, no request sent).
    const name = page.getByLabel("Beneficiary name");
    await name.fill("Island Supplies Limited Bermuda");
    await name.blur();
    await expect(page.getByText("name must be at most 22 characters")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    const line2 = page.getByRole("textbox", { name: "Line 2 Optional", exact: true });
    await line2.fill("x".repeat(36));
    await line2.blur();
    await expect(page.getByText("each remittance line must be at most 35 characters")).toBeVisible();
    // Submitting with errors sends nothing.
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/v1/payments/ach-local")) posts += 1;
    });
    await page.getByRole("button", { name: "Submit payment" }).click();
    await expect(name).toBeFocused();
    expect(posts).toBe(0);
    await expectAccessible(page);
    await saveScreenshot(page, "payment-ach-errors");

    await name.fill("Island Supplies Ltd");
    await line2.fill("Thank you");
    await expect(page.getByText("name must be at most 22 characters")).toHaveCount(0);
    await expect(page.getByText("each remittance line must be at most 35 characters")).toHaveCount(0);

    await page.getByRole("button", { name: "Submit payment" }).dblclick();
    const result = page.getByRole("status").filter({ hasText: "Payment accepted" });
    await expect(result).toBeVisible();
    await expect(result).toContainText("Settlement date");
    // The portal's one date style, not the API's ISO date (issue 11).
    await expect(result.locator("div", { has: page.locator("dt", { hasText: /^Settlement date$/ }) }).locator("dd")).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await expect(result).toContainText(ref);
    await expectAccessible(page);
    await saveScreenshot(page, "payment-ach-result");
    expect(posts).toBe(1); // the second click never left the browser

    const made = await paymentsWithReference(page.request, ref);
    expect(made).toHaveLength(1);
    expect(made[0]!.debitAmount).toEqual({ amount: "12.34", currency: "USD" });

    await page.getByRole("link", { name: "View payment status" }).click();
    await expect(page).toHaveURL(new RegExp(`/payments/${made[0]!.transactionId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(ref);
    const timeline = page.getByRole("list", { name: "Status timeline" });
    await expect(timeline).toContainText("Submitted");
    await expect(timeline).toContainText(made[0]!.status);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await expect(timeline).toContainText("Submitted");
      await expectAccessible(page);
      await saveScreenshot(page, `payment-status-${scheme}`);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // The account's payments list has it, linked to the same page.
    await page.goto(`/accounts/${ACCOUNT}`);
    // The Pending payment is already deducted from the available balance, not yet from the booked one (docs/ledger.md).
    await expect(page.getByText("Booked balance", { exact: true })).toBeVisible();
    await expect(page.getByText(/held for \d+ pending payments?: deducted from available, not yet from booked \(statements close on booked\)\./)).toBeVisible();
    const row = page.locator("tr", { hasText: ref });
    await expect(row).toHaveCount(1);
    // Who was paid and who submitted it, as in the all-accounts table (issue 11).
    await expect(row).toContainText("Island Supplies Ltd");
    await expect(row).toContainText("20000001");
    await expect(row).toContainText("treasurer@acme.test");
    await saveScreenshot(page, "account-payments");
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/payments/${made[0]!.transactionId}$`));
  });

  test("after a failed empty submit, a too-long remittance line says so as it is typed, and the fix clears it (issue 11)", async ({ page, signIn }) => {
    await signIn("treasurer");
    await page.goto("/payments/ach/new");
    await page.getByLabel("Debit account").selectOption(ACCOUNT);
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/v1/payments/ach-local")) posts += 1;
    });
    await page.getByRole("button", { name: "Submit payment" }).click();
    const line1 = page.getByRole("textbox", { name: "Line 1", exact: true });
    await expect(page.getByText("remittanceInformation needs at least 1 line")).toBeVisible();
    await expect(line1).toHaveAttribute("aria-invalid", "true");

    // Typed, not submitted: the message changes with each keystroke.
    await line1.pressSequentially("x".repeat(36));
    await expect(page.getByText("each remittance line must be at most 35 characters")).toBeVisible();
    await expect(page.getByText("remittanceInformation needs at least 1 line")).toHaveCount(0);
    await expect(line1).toHaveAttribute("aria-invalid", "true");
    await line1.press("Backspace");
    await expect(page.getByText("each remittance line must be at most 35 characters")).toHaveCount(0);
    await expect(line1).not.toHaveAttribute("aria-invalid", "true");
    // The other fields' messages from the submit still stand, and nothing was sent.
    await expect(page.getByText("name must not be empty")).toBeVisible();
    expect(posts).toBe(0);
  });

  test("SWIFT: inline rules, the FX quote and charges before submit, one payment for a double click", async ({ page, signIn }) => {
    await signIn("admin");
    await page.goto("/payments/swift/new");
    await expect(page.getByRole("heading", { name: "New SWIFT payment", level: 1 })).toBeVisible();
    const ref = reference("ESW");
    await page.getByLabel("Debit account").selectOption(ACCOUNT);
    await page.getByLabel("Beneficiary currency").selectOption("EUR");
    await page.getByLabel("Amount to debit (USD)").fill("1000.01");
    await page.getByText("OUR ·").click();
    const quote = page.getByTestId("swift-quote");
    await expect(quote).toContainText("1 USD = 0.9215 EUR");
    await expect(quote).toContainText("EUR 921.51"); // 1000.01 x 0.9215 = 921.509215 -> 921.51
    await expect(quote).toContainText("USD 35.00");
    await expect(quote).toContainText("USD 1,035.01");

    await page.getByLabel("Beneficiary name").fill("Kensington Trading GmbH");
    await page.getByLabel("IBAN or account number").fill("DE89 3704 0044 0532 0130 00");
    const bic = page.getByLabel("BIC (SWIFT code)");
    await bic.fill("COBADEF");
    await bic.blur();
    await expect(page.getByText("identification must be a BIC of 8 or 11 characters")).toBeVisible();
    const line1 = page.getByRole("textbox", { name: "Line 1", exact: true });
    await line1.fill("Order 55 for the autumn collection, part 1");
    await line1.blur();
    await expect(page.getByText("each remittance line must be at most 35 characters")).toBeVisible();
    await page.getByLabel("Your reference").fill(ref);
    await saveScreenshot(page, "payment-swift-errors");

    await bic.fill("cobadeffxxx");
    await line1.fill("Order 55, autumn collection");
    await expect(page.getByText("identification must be a BIC of 8 or 11 characters")).toHaveCount(0);
    await expect(page.getByText("each remittance line must be at most 35 characters")).toHaveCount(0);
    await saveScreenshot(page, "payment-swift-quote");

    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/v1/payments/swift")) posts += 1;
    });
    await page.getByRole("button", { name: "Submit payment" }).dblclick();
    const result = page.getByRole("status").filter({ hasText: "Payment accepted" });
    await expect(result).toBeVisible();
    expect(posts).toBe(1);
    await expect(result).toContainText("EUR 921.51");
    await expect(result).toContainText("0.9215");
    await expect(result).toContainText("USD 35.00");
    const made = await paymentsWithReference(page.request, ref);
    expect(made).toHaveLength(1);
    expect(made[0]!.type).toBe("SWIFT");
    await page.getByRole("link", { name: "View payment status" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(ref);
    await expect(page.getByText("1 USD = 0.9215 EUR")).toBeVisible();
    // The charge is on the page, not only in the quote (issue 24): type, charge and everything debited.
    const field = (label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
    await expect(field("Charges")).toHaveText(/^OUR: you pay all charges$/);
    await expect(field("Charge")).toHaveText(/^USD\s35\.00$/);
    await expect(field("Total debited")).toHaveText(/^USD\s1,035\.01$/);
    await expectFitsPhone(page, "payment-swift-status");

    // The lifecycle as it moves (forced through the uat sandbox): Completed, then Reversed.
    const { access_token } = await portalToken(page.request);
    for (const status of ["Completed", "Reversed"]) {
      const moved = await page.request.post(`/v1/sandbox/payments/${made[0]!.transactionId}/status`, {
        headers: { authorization: `Bearer ${access_token}` },
        data: { status },
      });
      expect(moved.status()).toBe(200);
    }
    await page.reload();
    const timeline = page.getByRole("list", { name: "Status timeline" });
    await expect(timeline.getByRole("listitem")).toHaveText([/^Submitted/, /^Pending/, /^Completed/, /^Reversed/]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reversed");
    await saveScreenshot(page, "payment-status-reversed");
  });

  test("a lost answer offers Retry with the same Idempotency-Key, and the retry does not pay twice", async ({ page, signIn }) => {
    await signIn("treasurer");
    await page.goto("/payments/ach/new");
    const ref = reference("ERTY");
    await fillAch(page, ref);
    const keys: string[] = [];
    let first = true;
    await page.route("**/v1/payments/ach-local", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      if (first) {
        first = false;
        await route.fetch(); // the bank makes the payment...
        await route.abort("connectionreset"); // ...and the answer never arrives
        return;
      }
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit payment" }).click();
    await expect(page.getByText("The payment could not be confirmed")).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "payment-retry");
    await page.getByRole("button", { name: "Retry" }).click();
    const result = page.getByRole("status").filter({ hasText: "Payment accepted" });
    await expect(result).toBeVisible();
    await expect(result).toContainText("replayed");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await paymentsWithReference(page.request, ref)).toHaveLength(1);
  });

  test("a reused reference leads to the existing payment, not a second one", async ({ page, signIn }) => {
    await signIn("treasurer");
    await page.goto("/payments/ach/new");
    const ref = reference("EDUP");
    await fillAch(page, ref);
    await page.getByRole("button", { name: "Submit payment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment accepted" })).toBeVisible();
    const [original] = await paymentsWithReference(page.request, ref);

    await page.getByRole("button", { name: "Make another payment" }).click();
    await fillAch(page, ref);
    await page.getByRole("button", { name: "Submit payment" }).click();
    const notice = page.getByRole("alert").filter({ hasText: `Already submitted: reference ${ref}` });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(original!.transactionId);
    await expectAccessible(page);
    await saveScreenshot(page, "payment-duplicate");
    await notice.getByRole("link", { name: "View existing payment" }).click();
    await expect(page).toHaveURL(new RegExp(`/payments/${original!.transactionId}$`));
    expect(await paymentsWithReference(page.request, ref)).toHaveLength(1);
  });

  test("a viewer sees payments but no pay button, and gets the 403 view on the forms", async ({ page, signIn }) => {
    await signIn("viewer");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Common tasks" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Make a payment/ })).toHaveCount(0);
    await page.goto(`/payments?account=${ACCOUNT}`);
    await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
    await expect(page.getByText(/Showing 1–|No payments yet/).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /New (ACH|SWIFT) payment/ })).toHaveCount(0);
    await page.goto(`/accounts/${ACCOUNT}`);
    await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
    await expect(page.getByRole("link", { name: /New (ACH|SWIFT) payment/ })).toHaveCount(0);
    for (const path of ["/payments/ach/new", "/payments/swift/new"]) {
      await page.goto(path);
      await expect(page.getByText("403 · Access denied")).toBeVisible();
      await expect(page.getByRole("button", { name: "Submit payment" })).toHaveCount(0);
    }
    await saveScreenshot(page, "payment-forbidden");
  });

  test("a completed payment returned by the beneficiary's bank shows Returned with the ISO reason code and its description", async ({ page, signIn }) => {
    await signIn("admin");
    const { access_token } = await portalToken(page.request);
    const auth = { authorization: `Bearer ${access_token}` };
    const id = await completedAchPayment(page.request, access_token, {
      instructedAmount: { amount: "9.00", currency: "USD" },
      remittanceInformation: ["Return me"],
      instructionIdentification: reference("ERET"),
    });
    const returned = await page.request.post(`/v1/sandbox/payments/${id}/return`, { headers: auth, data: { reasonCode: "AC04" } });
    expect(returned.status()).toBe(200);
    expect(await returned.json()).toMatchObject({ status: "Reversed", returnReason: { code: "AC04", description: "Closed account number" } });

    await page.goto(`/payments/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reversed");
    const timeline = page.getByRole("list", { name: "Status timeline" });
    await expect(timeline.getByRole("listitem")).toHaveText([/^Submitted/, /^Pending/, /^Completed/, /^Returned/]);
    await expect(timeline.getByRole("listitem").last()).toContainText("Returned by the beneficiary's bank: AC04 Closed account number.");
    const field = (label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
    await expect(field("Returned by the beneficiary's bank")).toHaveText("AC04 Closed account number");
    await expect(field("Status")).toHaveText("Reversed");
    await expectAccessible(page);
    await saveScreenshot(page, "payment-returned");
    await expectFitsPhone(page, "payment-returned");
  });

  test("in uat an admin moves a payment through the sandbox, and a reversal gives the funds back; a treasurer has no such control", async ({
    page,
    signIn,
  }) => {
    await signIn("admin");
    const { access_token } = await portalToken(page.request);
    const auth = { authorization: `Bearer ${access_token}` };
    const available = async () => {
      const response = await page.request.get(`/v1/accounts/${ACCOUNT}`, { headers: auth });
      return ((await response.json()) as { availableBalance: { amount: string } }).availableBalance.amount;
    };
    const before = await available();
    const created = await page.request.post("/v1/payments/ach-local", { headers: auth, data: achRequest({ remittanceInformation: ["Sandbox lifecycle"] }) });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await available()).not.toBe(before);

    await page.goto(`/payments/${id}`);
    const sandbox = page.getByRole("region", { name: "Sandbox" });
    await expect(sandbox.getByRole("button")).toHaveText(["Mark completed", "Mark failed"]);
    await sandbox.getByRole("button", { name: "Mark completed" }).click();
    await expect(sandbox.getByRole("button")).toHaveText(["Reverse"]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Completed");
    await sandbox.getByRole("button", { name: "Reverse" }).click();
    await expect(sandbox.getByText("Reversed is final: the lifecycle allows no further move.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reversed");
    expect(await available()).toBe(before);
    await expectAccessible(page);
    await saveScreenshot(page, "payment-sandbox-moves");

    await page.context().clearCookies();
    await signIn("treasurer");
    await page.goto(`/payments/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Reversed");
    await expect(page.getByRole("region", { name: "Sandbox" })).toHaveCount(0);
  });
});
