import type { APIRequestContext, Browser } from "@playwright/test";
import pg from "pg";
import { embeddedUrl } from "../api/server-process";
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  expectFitsPhone,
  portalToken,
  saveScreenshot,
  signInAs,
  test,
  totpCode,
  USERS,
  type DemoUser,
} from "../fixtures/portal";
import { DATA_DIR } from "../fixtures/servers";

const ACCOUNT = "1000123456"; // Operating USD
const MONEY_MARKET = "1000123460"; // USD, Treasury money market
const reference = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`.slice(0, 16);

async function api(request: APIRequestContext, method: "GET" | "PUT" | "POST", path: string, body?: unknown) {
  const { access_token } = await portalToken(request);
  return request.fetch(path, { method, headers: { authorization: `Bearer ${access_token}` }, data: body });
}

const POLICIES = [
  { rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 },
  { rail: "INTERNAL", currency: "USD", threshold: "5000.00", approvers: 1 },
];

/** The approver signs in as a person does: password, then the code their authenticator app shows. */
async function approverSignsIn(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Errors the browser reports from here on (a hydration mismatch is React #418: issue 24), read by the test.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/login?callbackUrl=%2Fapprovals");
  await page.getByLabel("Work email").fill(USERS.approver);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  await expectAccessible(page);
  await saveScreenshot(page, "sign-in-code");
  await code.fill(await totpCode(USERS.approver));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/approvals$/);
  return { page, errors };
}

/** A second person in a browser of their own. */
async function pageFor(browser: Browser, user: DemoUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page.request, user);
  return page;
}

test.describe("dual control", () => {
  test.beforeAll(async ({ browser }) => {
    const admin = await pageFor(browser, "admin");
    const res = await api(admin.request, "PUT", "/v1/approvals/policies", { policies: POLICIES });
    expect(res.status()).toBe(200);
    await admin.context().close();
  });

  test("a treasurer drafts above the threshold; an approver approves; the payment exists once", async ({ page, signIn, browser }) => {
    // Two people, a sign-in with a code and the draft read whole at two widths: more than the default minute on a loaded machine.
    test.slow();
    await signIn("treasurer");
    await page.goto("/payments/ach/new");
    const ref = reference("EAPR");
    await page.getByLabel("Debit account").selectOption(ACCOUNT);
    await page.getByLabel("Amount (USD)").fill("1500.00");
    await page.getByLabel("Beneficiary name").fill("Island Supplies Ltd");
    await page.getByLabel("Beneficiary account number").fill("20000001");
    await page.getByLabel("Beneficiary bank").selectOption("BANK_A");
    await page.getByRole("textbox", { name: "Line 1", exact: true }).fill("Invoice 2001");
    await page.getByLabel("Your reference").fill(ref);
    // Said before submit, from the policy and the amount typed (issue 24).
    await expect(page.getByTestId("approval-forecast")).toContainText(/Needs approval: .* one approval for ACH payments of USD\s1,000\.00 or more/);
    await page.getByRole("button", { name: "Submit payment" }).dblclick();
    await expect(page.getByRole("heading", { name: "Sent for approval" })).toBeVisible();
    await page.getByRole("link", { name: "View the draft" }).click();
    await expect(page.getByText("Awaiting approval")).toBeVisible();
    // The maker's own draft: no approve button, and it says why.
    await expect(page.getByText("You drafted this payment, so another person must approve it.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
    const draftUrl = page.url();

    const { page: approver, errors } = await approverSignsIn(browser);
    await expect(approver.getByRole("link", { name: /Approvals/ }).getByLabel(/awaiting your approval/)).toBeVisible();
    const queued = approver.getByRole("link", { name: /1,500\.00 to Island Supplies Ltd/ });
    await expect(queued).toBeVisible();
    // The queue says when each draft lapses; the badge and the queue no longer share a cache entry (no React #418).
    await expect(queued).toContainText(/Expires .* (AST|ADT) unless approved/);
    // The mismatch came on about one load in eight: eight loads, so a shared key again fails here more often than not.
    for (let load = 1; load < 8; load++) {
      await approver.reload();
      await expect(queued).toBeVisible();
    }
    expect(errors.filter((e) => /#418|hydrat/i.test(e))).toEqual([]);
    await expectAccessible(approver);
    await saveScreenshot(approver, "approvals-queue");
    await expectFitsPhone(approver, "approvals-queue");
    await approver.goto(draftUrl);
    // The whole request, as the payment page shows a payment: never approved blind (issue 24).
    const row = (label: string) => approver.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
    await expect(row("Beneficiary")).toHaveText("Island Supplies Ltd");
    await expect(row("Beneficiary account")).toHaveText("20000001");
    await expect(row("Beneficiary bank code")).toHaveText("BANK_A");
    await expect(row("Beneficiary receives")).toHaveText(/^USD\s1,500\.00$/);
    await expect(row("Charges")).toHaveText("None on ACH");
    await expect(row("Remittance")).toHaveText("Invoice 2001");
    await expect(row("Your reference")).toHaveText(ref);
    await approver.getByLabel(/Comment/).fill("Matches invoice 2001");
    await expectAccessible(approver);
    await saveScreenshot(approver, "approvals-draft");
    await expectFitsPhone(approver, "approvals-draft");
    await approver.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(approver.getByText("Submitted")).toBeVisible();
    await expect(approver.getByText("“Matches invoice 2001”")).toBeVisible();
    const paymentId = (await approver.getByRole("link", { name: /^[0-9a-f-]{36}$/ }).textContent())!;

    const list = await api(approver.request, "GET", `/v1/accounts/${ACCOUNT}/payments?pageSize=1000`);
    const mine = ((await list.json()) as { data: { externalReference: string | null; transactionId: string; status: string }[] }).data.filter(
      (p) => p.externalReference === ref,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.transactionId).toBe(paymentId);
    await approver.getByRole("link", { name: paymentId }).click();
    await expect(approver.getByText("Pending").first()).toBeVisible();
    // The two people dual control exists to record are on the payment (decisions §11): its maker and its approver.
    const field = (label: string) => approver.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
    await expect(field("Drafted by")).toHaveText("treasurer@acme.test");
    await expect(field("Approved by")).toHaveText("approver@acme.test");
    await saveScreenshot(approver, "approvals-payment-attribution");
    await approver.context().close();
  });

  test("a treasurer's transfer between accounts above the threshold waits for an approver, then moves once", async ({ page, signIn, browser }) => {
    await signIn("treasurer");
    await page.goto("/payments/transfer/new");
    const ref = reference("EINT");
    await page.getByLabel("From account").selectOption(ACCOUNT);
    await page.getByLabel("To account").selectOption(MONEY_MARKET);
    await page.getByLabel("Amount (USD)").fill("6000.00");
    await page.getByLabel("Your reference").fill(ref);
    await page.getByRole("button", { name: "Transfer", exact: true }).dblclick();
    await expect(page.getByRole("heading", { name: "Sent for approval" })).toBeVisible();
    await expect(page.getByText(/for this transfer\. Nothing moves until then; if not approved by the end of the bank day/)).toBeVisible();
    await page.getByRole("link", { name: "View the draft" }).click();
    await expect(page.getByText("You drafted this transfer, so another person must approve it.")).toBeVisible();
    const draftUrl = page.url();

    const approver = await pageFor(browser, "approver");
    await approver.goto("/approvals");
    await expect(approver.getByRole("link", { name: new RegExp(`6,000\\.00 from ${ACCOUNT} to ${MONEY_MARKET}`) })).toBeVisible();
    await approver.goto(draftUrl);
    await expect(approver.getByText("Transfer between accounts drafted by")).toBeVisible();
    await expect(approver.getByText("Value date")).toBeVisible();
    await expectAccessible(approver);
    await saveScreenshot(approver, "approvals-transfer-draft");
    await approver.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(approver.getByText("Submitted")).toBeVisible();
    const paymentId = (await approver.getByRole("link", { name: /^[0-9a-f-]{36}$/ }).textContent())!;

    const list = await api(approver.request, "GET", `/v1/accounts/${ACCOUNT}/payments?pageSize=1000`);
    const mine = ((await list.json()) as { data: { externalReference: string | null; transactionId: string }[] }).data.filter(
      (p) => p.externalReference === ref,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.transactionId).toBe(paymentId);
    await approver.context().close();
  });

  test("a virtual-account batch reaching its threshold is drafted from the upload and approved into one job", async ({ page, signIn, browser }) => {
    // Only for this test: the upload tests of other specs must not meet a batch policy.
    const admin = await pageFor(browser, "admin");
    const batchPolicy = { rail: "VIRTUAL_ACCOUNT_BATCH", currency: "BMD", threshold: "3", approvers: 1 };
    expect((await api(admin.request, "PUT", "/v1/approvals/policies", { policies: [...POLICIES, batchPolicy] })).status()).toBe(200);
    try {
      await signIn("treasurer");
      await page.goto("/virtual-accounts");
      await page.getByRole("button", { name: "Upload CSV batch" }).click();
      const dialog = page.getByRole("dialog", { name: "Upload virtual accounts" });
      const tag = reference("DC");
      const csv = ["currency,unallocated,clientReference", ...["BMD", "BMD", "BMD", "USD"].map((c, i) => `${c},true,${tag}-${i}`)].join("\n");
      await dialog.getByLabel("CSV file").setInputFiles({ name: "pool.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await dialog.getByRole("button", { name: "Create 4 virtual accounts" }).click();
      await expect(dialog.getByRole("heading", { name: "Sent for approval" })).toBeVisible();
      await expect(dialog.getByText(/for this batch\. No account is created until then/)).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot(page, "approvals-batch-drafted");
      const draftPath = (await dialog.getByRole("link", { name: "View the draft" }).getAttribute("href"))!;

      const approver = await pageFor(browser, "approver");
      await approver.goto("/approvals");
      await expect(approver.getByRole("link", { name: /4 virtual accounts: 3 BMD, 1 USD/ }).first()).toBeVisible();
      await approver.goto(draftPath);
      await expect(approver.getByText("Accounts to create")).toBeVisible();
      await approver.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(approver.getByText("Submitted")).toBeVisible();
      await expect(approver.getByRole("progressbar", { name: "Batch progress" })).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
      await expect(approver.getByRole("table", { name: /Results of job/ }).getByText("Created")).toHaveCount(4);
      await expectAccessible(approver);
      await saveScreenshot(approver, "approvals-batch-submitted");
      await approver.context().close();
    } finally {
      await api(admin.request, "PUT", "/v1/approvals/policies", { policies: POLICIES });
      await admin.context().close();
    }
  });

  test("a draft past its cut-off shows Expired and is re-drafted in one click", async ({ page, signIn }) => {
    await signIn("treasurer");
    const res = await api(page.request, "POST", "/v1/approvals/drafts", {
      rail: "ACH",
      request: {
        debtorAccount: { identification: ACCOUNT },
        debitCurrency: "USD",
        instructedAmount: { amount: "2000.00", currency: "USD" },
        creditorAccount: { identification: "20000002", name: "Late Supplier" },
        creditorBank: { bankCode: "BANK_A", currency: "USD" },
        remittanceInformation: ["Invoice 3001"],
      },
    });
    expect(res.status()).toBe(201);
    const { draft } = (await res.json()) as { draft: { draftId: string } };
    // The cut-off is hours away in a test run: move this draft's past it, as the clock would.
    const db = new pg.Client(embeddedUrl(DATA_DIR));
    await db.connect();
    await db.query("UPDATE payment_drafts SET expires_at = now() - interval '1 minute' WHERE draft_id = $1", [draft.draftId]);
    await db.end();

    await page.goto(`/approvals/${draft.draftId}`);
    await expect(page.getByText("Expired", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "approvals-expired");
    await page.getByRole("button", { name: "Re-draft this payment" }).click();
    await expect(page).not.toHaveURL(new RegExp(draft.draftId));
    await expect(page.getByText("Awaiting approval")).toBeVisible();
  });

  test("a draft paying a saved payee shows the payee's details as the bank holds them and that they changed recently (issue 24, item 1)", async ({
    browser,
  }) => {
    const treasurer = await pageFor(browser, "treasurer");
    const { access_token } = await portalToken(treasurer.request);
    const headers = { authorization: `Bearer ${access_token}` };
    const name = `Lagoon ${reference("P")}`; // an ACH name fits 22 characters
    const payee = await treasurer.request.post("/v1/counterparties", {
      headers,
      data: { rail: "ACH", name, creditorAccount: { identification: "20007788990" }, creditorBank: { bankCode: "BANK_A", currency: "USD" } },
    });
    expect(payee.status(), await payee.text()).toBe(201);
    const { counterpartyId } = (await payee.json()) as { counterpartyId: string };
    const changed = await treasurer.request.patch(`/v1/counterparties/${counterpartyId}`, {
      headers,
      data: { creditorAccount: { identification: "20007788991" } },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    const request = {
      debtorAccount: { identification: ACCOUNT },
      debitCurrency: "USD",
      instructedAmount: { amount: "1200.00", currency: "USD" },
      counterpartyId,
      remittanceInformation: ["Mooring fees"],
    };
    const drafted = await treasurer.request.post("/v1/approvals/drafts", {
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      data: { rail: "ACH", request },
    });
    expect(drafted.status(), await drafted.text()).toBe(201);
    const { draft } = (await drafted.json()) as { draft: { draftId: string } };
    await treasurer.context().close();

    const approver = await pageFor(browser, "approver");
    await approver.goto(`/approvals/${draft.draftId}`);
    const row = (label: string) => approver.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
    for (const width of [1366, 390]) {
      await approver.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await expect(row("Saved payee")).toContainText(name);
      await expect(row("Saved payee")).toContainText("20007788991 · BANK_A · USD");
      await expect(row("Payee last changed")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M A[SD]T$/);
      await expect(row("Recent payee")).toContainText("Saved or changed in the last 30 days");
    }
    await expectFitsPhone(approver, "approvals-draft-payee");
    await approver.setViewportSize({ width: 1366, height: 768 });
    await expectAccessible(approver);
    await saveScreenshot(approver, "approvals-draft-payee");
    await approver.context().close();
  });
});
