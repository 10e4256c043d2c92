import { readFile } from "node:fs/promises";
import type { APIRequestContext, Browser, Download, Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { expect, expectAccessible, portalToken, saveScreenshot, signInAs, test, type DemoUser } from "../fixtures/portal";

/**
 * A pain.001.001.09 file through the Payment runs page (issue 20), once at desktop width (1366) and once at phone width
 * (390): under a BATCH approval policy, the rows checked in the browser, the total per currency, "send for approval" as
 * one draft, a second person approving it in the portal, the run to Completed and its pain.002 read back; and with no
 * policy, a file whose rows the treasurer fixed and dropped, sent at once, whose pain.002 still answers the file.
 */

const ACCOUNT = "1000123456"; // Operating USD
const MONEY_MARKET = "1000123460"; // USD, the organisation's own: a transfer (INTERNAL)

/** The bank's day (Atlantic/Bermuda), the file's requested execution date. */
const bankToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Atlantic/Bermuda" }).format(new Date());

type Policy = { rail: string; currency: string; threshold: string; approvers: number };

async function api(request: APIRequestContext, method: "GET" | "PUT", path: string, body?: unknown) {
  const { access_token } = await portalToken(request);
  return request.fetch(path, { method, headers: { authorization: `Bearer ${access_token}` }, data: body });
}

async function pageFor(browser: Browser, user: DemoUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page.request, user);
  return page;
}

/** Two payment blocks: payroll by ACH, and a sweep to the organisation's own money-market account. */
function pain001(run: string, secondName = "Tom Smith"): string {
  const ach = (n: number, amount: string, name: string) =>
    `<CdtTrfTxInf><PmtId><EndToEndId>${run}-${n}</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">${amount}</InstdAmt></Amt>` +
    `<CdtrAgt><FinInstnId><ClrSysMmbId><MmbId>BANK_A</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>` +
    `<Cdtr><Nm>${name}</Nm></Cdtr><CdtrAcct><Id><Othr><Id>098765000${n}</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>Salary November</Ustrd></RmtInf></CdtTrfTxInf>`;
  const block = (id: string, transactions: string[]) =>
    `<PmtInf><PmtInfId>${id}</PmtInfId><PmtMtd>TRF</PmtMtd><ReqdExctnDt><Dt>${bankToday()}</Dt></ReqdExctnDt><Dbtr><Nm>Acme Corp</Nm></Dbtr>` +
    `<DbtrAcct><Id><Othr><Id>${ACCOUNT}</Id></Othr></Id></DbtrAcct><DbtrAgt><FinInstnId><BICFI>HRBRBMHM</BICFI></FinInstnId></DbtrAgt>` +
    `${transactions.join("")}</PmtInf>`;
  const sweep =
    `<CdtTrfTxInf><PmtId><EndToEndId>${run}-3</EndToEndId></PmtId><Amt><InstdAmt Ccy="USD">300.00</InstdAmt></Amt>` +
    `<Cdtr><Nm>Acme Corp</Nm></Cdtr><CdtrAcct><Id><Othr><Id>${MONEY_MARKET}</Id></Othr></Id></CdtrAcct><RmtInf><Ustrd>Sweep</Ustrd></RmtInf></CdtTrfTxInf>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>MSG-${run}</MsgId><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm><NbOfTxs>3</NbOfTxs><InitgPty><Nm>Acme Corp</Nm></InitgPty></GrpHdr>
${block(`PAYROLL-${run}`, [ach(1, "640.25", "Mary Rowe"), ach(2, "512.50", secondName)])}
${block(`SWEEP-${run}`, [sweep])}
</CstmrCdtTrfInitn></Document>`;
}

const text = async (download: Promise<Download>) => (await readFile((await (await download).path())!)).toString("utf8").replace(/^\ufeff/, "");

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
}

type Pain002 = {
  Document: {
    "@_xmlns": string;
    CstmrPmtStsRpt: {
      OrgnlGrpInfAndSts: { OrgnlMsgId: string; OrgnlNbOfTxs: number | string; GrpSts: string };
      OrgnlPmtInfAndSts: { OrgnlPmtInfId: string; TxInfAndSts: { OrgnlEndToEndId: string; TxSts: string; AcctSvcrRef?: string }[] }[];
    };
  };
};

/**
 * The run's pain.002 as the page downloads it, read with an XML parser: every transaction accepted, and the report
 * answering the file (its MsgId, the PmtInfIds of the blocks still in the run, the EndToEndIds sent).
 */
async function expectPain002Answers(page: Page, file: { messageId: string; paymentInfoIds: string[]; endToEndIds: string[] }): Promise<void> {
  const download = text(page.waitForEvent("download"));
  await page.getByRole("button", { name: "pain.002 report" }).click();
  const report = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["OrgnlPmtInfAndSts", "TxInfAndSts"].includes(name) }).parse(
    await download,
  ) as Pain002;
  expect(report.Document["@_xmlns"]).toBe("urn:iso:std:iso:20022:tech:xsd:pain.002.001.10");
  const status = report.Document.CstmrPmtStsRpt;
  expect(status.OrgnlGrpInfAndSts.GrpSts).toBe("ACCP");
  expect(String(status.OrgnlGrpInfAndSts.OrgnlNbOfTxs)).toBe(String(file.endToEndIds.length));
  expect(status.OrgnlGrpInfAndSts.OrgnlMsgId).toBe(file.messageId);
  expect(status.OrgnlPmtInfAndSts.map((b) => b.OrgnlPmtInfId)).toEqual(file.paymentInfoIds);
  const transactions = status.OrgnlPmtInfAndSts.flatMap((b) => b.TxInfAndSts);
  expect(transactions.map((t) => t.OrgnlEndToEndId)).toEqual(file.endToEndIds);
  for (const t of transactions) {
    expect(["ACSP", "ACCC"]).toContain(t.TxSts);
    expect(t.AcctSvcrRef).toBeTruthy();
  }
}

/**
 * For the tests of a describe, the organisation's USD approval policies are `usd` (the policies other specs left in
 * other currencies stay), and afterwards what they were.
 */
function usdPoliciesDuring(usd: Policy[]): void {
  let before: Policy[] = [];
  test.beforeAll(async ({ browser }) => {
    const admin = await pageFor(browser, "admin");
    const res = await api(admin.request, "GET", "/v1/approvals/policies");
    expect(res.status()).toBe(200);
    before = ((await res.json()) as { policies: Policy[] }).policies;
    const policies = [...before.filter((p) => p.currency !== "USD"), ...usd];
    expect((await api(admin.request, "PUT", "/v1/approvals/policies", { policies })).status()).toBe(200);
    await admin.context().close();
  });
  test.afterAll(async ({ browser }) => {
    const admin = await pageFor(browser, "admin");
    expect((await api(admin.request, "PUT", "/v1/approvals/policies", { policies: before })).status()).toBe(200);
    await admin.context().close();
  });
}

const WIDTHS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

test.describe("a pain.001 payment run sent for approval", () => {
  // Three people sign in (two with an authenticator code, which may wait for the next 30-second step) and a run is made.
  test.describe.configure({ timeout: 300_000 });
  // A run of USD 1,000 or more waits for one approver.
  usdPoliciesDuring([{ rail: "BATCH", currency: "USD", threshold: "1000.00", approvers: 1 }]);

  for (const size of WIDTHS) {
    test(`at ${size.name} width (${size.width}): checked, totalled, drafted, approved by a second person, completed, pain.002 read back`, async ({
      page,
      signIn,
      browser,
    }) => {
      const run = `P${size.name[0]}${Date.now().toString(36).slice(-7)}`.toUpperCase();
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn("treasurer");
      await page.goto("/payment-runs/new");
      await expect(page.getByRole("heading", { level: 1, name: "New payment run" })).toBeVisible();
      await page.getByLabel("Payment file").setInputFiles({ name: "payroll.xml", mimeType: "application/xml", buffer: Buffer.from(pain001(run)) });

      // Every transaction checked in the browser, named by its EndToEndId.
      await expect(page.getByText("payroll.xml: 3 payments · every row is valid")).toBeVisible();
      await page.getByLabel("Show all rows").check();
      for (const n of [1, 2, 3]) await expect(page.getByRole("row", { name: new RegExp(`${run}-${n}`) })).toBeVisible();
      const totals = page.getByRole("list", { name: "Total per currency" });
      await expect(totals).toContainText("1,452.75");
      await expect(totals).toContainText("3 payments");
      await expect(page.getByRole("table", { name: /each debit account/ })).toContainText("Enough");
      await expectNoSidewaysScroll(page, "the reviewed pain.001");
      await expectAccessible(page);
      await saveScreenshot(page, `payment-run-pain001-review-${size.name}`);

      await page.getByRole("button", { name: "Send 3 payments for approval" }).click();
      const notice = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Sent for approval" }) });
      await expect(notice).toBeVisible();
      await expectNoSidewaysScroll(page, "the drafted notice");
      await saveScreenshot(page, `payment-run-pain001-drafted-${size.name}`);
      const draftPath = (await notice.getByRole("link", { name: "View the draft" }).getAttribute("href"))!;
      expect(draftPath).toMatch(/^\/approvals\/.+/);
      // Nothing is paid, and the maker cannot approve their own run.
      await page.goto(draftPath);
      await expect(page.getByText("You drafted this payment run, so another person must approve it.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);

      const approver = await pageFor(browser, "approver");
      await approver.setViewportSize({ width: size.width, height: size.height });
      await approver.goto("/approvals");
      await expect(approver.getByRole("link", { name: /3 payments: USD 1,452\.75/ }).first()).toBeVisible();
      await approver.goto(draftPath);
      const lines = approver.getByRole("table", { name: "Every payment of the run" });
      await expect(lines.locator("tbody tr")).toHaveCount(3);
      await expect(lines).toContainText(`${run}-3`);
      await expect(approver.getByRole("list", { name: "Total per currency" })).toContainText("1,452.75");
      await expectNoSidewaysScroll(approver, "the run's draft");
      await expectAccessible(approver);
      await saveScreenshot(approver, `payment-run-pain001-approve-${size.name}`);
      await approver.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(approver.getByText("Submitted")).toBeVisible();
      await approver.getByRole("link", { name: "Open the payment run" }).click();
      await expect(approver.getByRole("heading", { name: `MSG-${run}` })).toBeVisible();

      // The run, made from the approved draft, to the end.
      await expect(approver.getByRole("progressbar", { name: "Run progress" })).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
      await expect(approver.getByText("Completed", { exact: true }).first()).toBeVisible();
      const results = approver.getByRole("table", { name: /Results of run/ });
      await expect(results.locator("tbody tr")).toHaveCount(3);
      await expect(results.getByText("Created")).toHaveCount(3);
      await expectNoSidewaysScroll(approver, "the completed run");
      await saveScreenshot(approver, `payment-run-pain001-done-${size.name}`);

      // The pain.002: every EndToEndId of the file accepted. A run held for approval is made from the draft's rows and
      // the file's identifiers sent with them (docs/payment-runs.md, "A pain.001 sent as JSON rows"): the report answers
      // the file's MsgId and each of its PmtInfIds.
      await expectPain002Answers(approver, {
        messageId: `MSG-${run}`,
        paymentInfoIds: [`PAYROLL-${run}`, `SWEEP-${run}`],
        endToEndIds: [`${run}-1`, `${run}-2`, `${run}-3`],
      });

      // The maker sees the run in the list, completed, under the file's MsgId.
      await page.goto("/payment-runs");
      const row = page.locator("tbody tr", { hasText: `MSG-${run}` });
      await expect(row).toContainText("Completed");
      await expect(row).toContainText("USD 1,452.75");
      await expectNoSidewaysScroll(page, "the list of runs");
      await saveScreenshot(page, `payment-runs-pain001-list-${size.name}`);
      await approver.context().close();
    });
  }
});

test.describe("a pain.001 payment run whose rows were fixed and dropped, with no approval policy", () => {
  test.describe.configure({ timeout: 180_000 });
  // No USD policy: the run goes at once, as JSON rows (the file was changed), with the file's identifiers.
  usdPoliciesDuring([]);

  for (const size of WIDTHS) {
    test(`at ${size.name} width (${size.width}): a row fixed, one dropped, sent at once, its pain.002 answers the file's MsgId and PmtInfIds`, async ({
      page,
      signIn,
    }) => {
      const run = `E${size.name[0]}${Date.now().toString(36).slice(-7)}`.toUpperCase();
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn("treasurer");
      await page.goto("/payment-runs/new");
      // The second payroll line's creditor name is longer than ACH takes: the browser flags it.
      const file = pain001(run, "Thomas Alexander Smith-Worthington");
      await page.getByLabel("Payment file").setInputFiles({ name: "payroll.xml", mimeType: "application/xml", buffer: Buffer.from(file) });
      await expect(page.getByText("payroll.xml: 3 payments · 1 row needs fixing or dropping")).toBeVisible();
      await page.getByLabel(`Creditor name, ${run}-2`).fill("Tom Smith");
      await page.getByLabel("Show all rows").check();
      await page.getByRole("button", { name: `Drop ${run}-1` }).click();
      await expect(page.getByText("payroll.xml: 2 payments (1 dropped) · every row is valid")).toBeVisible();
      const totals = page.getByRole("list", { name: "Total per currency" });
      await expect(totals).toContainText("812.50");
      await expectNoSidewaysScroll(page, "the fixed pain.001");
      await expectAccessible(page);
      await saveScreenshot(page, `payment-run-pain001-fixed-${size.name}`);

      await page.getByRole("button", { name: "Send 2 payments", exact: true }).click();
      await expect(page.getByRole("progressbar", { name: "Run progress" })).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
      await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
      await expectNoSidewaysScroll(page, "the run sent at once");
      await saveScreenshot(page, `payment-run-pain001-fixed-done-${size.name}`);
      // Sent as rows, still the file's run: its MsgId, the PmtInfIds of both blocks still in it, the EndToEndIds sent.
      await expectPain002Answers(page, {
        messageId: `MSG-${run}`,
        paymentInfoIds: [`PAYROLL-${run}`, `SWEEP-${run}`],
        endToEndIds: [`${run}-2`, `${run}-3`],
      });
      await page.getByRole("link", { name: "Open the run" }).click();
      await expect(page.getByRole("heading", { name: `MSG-${run}` })).toBeVisible();
    });
  }
});
