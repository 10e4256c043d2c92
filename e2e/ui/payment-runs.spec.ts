import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, expectAccessible, saveScreenshot, test } from "../fixtures/portal";

/** Instruction ids are deduplicated per client: a run of its own each time the spec runs. */
const RUN = `R${Date.now().toString(36).slice(-7)}`;
const HEADER = "rail,instructionIdentification,debtorAccount,amount,currency,creditorAccount,creditorName,bankCode,remittance1";
/** Line 3 has an amount in exponent notation, line 4 a formula for a name: one is fixed, the other dropped. */
const CSV = [
  HEADER,
  `ACH,${RUN}-1,1000123456,12.34,USD,0987650001,Mary Rowe,BANK_A,Invoice 1`,
  `ACH,${RUN}-2,1000123456,1e3,USD,0987650002,Tom Smith,BANK_A,Invoice 2`,
  `ACH,${RUN}-3,1000123456,7.00,USD,0987650003,=cmd|' /C calc'!A0,BANK_A,Invoice 3`,
  `INTERNAL,${RUN}-4,1000123456,5.00,USD,1000123460,,,Sweep`,
].join("\r\n");

const text = async (download: Promise<Download>) => (await readFile((await (await download).path())!)).toString("utf8").replace(/^\ufeff/, "");

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a payment run from a CSV: a bad row flagged, one fixed and one dropped, sent, followed to Completed, results downloaded", async ({ page, signIn }) => {
  await signIn("treasurer");
  await page.goto("/payment-runs");
  await expect(page.getByRole("heading", { level: 1, name: "Payment runs" })).toBeVisible();
  const template = text(page.waitForEvent("download"));
  await page.getByRole("link", { name: "CSV template" }).click();
  expect((await template).split("\r\n")[0]).toMatch(/^rail,instructionIdentification,debtorAccount,amount,currency,/);
  await page.getByRole("link", { name: "New payment run" }).first().click();

  await page.getByLabel("Payment file").setInputFiles({ name: "suppliers.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(page.getByText("2 rows need fixing or dropping")).toBeVisible();
  const amount = page.getByLabel("Amount, line 3");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator('tr[data-line="3"]')).toContainText("at most 2 decimal places");
  await expect(page.locator('tr[data-line="4"]')).toContainText("a spreadsheet would run it as a formula");
  await expect(page.getByRole("button", { name: /^Send/ })).toHaveCount(0);
  await expectAccessible(page);
  await saveScreenshot(page, "payment-run-errors");

  await amount.fill("100.00");
  await page.getByRole("button", { name: "Drop line 4" }).click();
  await expect(page.getByText("every row is valid")).toBeVisible();
  const totals = page.getByRole("list", { name: "Total per currency" });
  await expect(totals).toContainText("117.34");
  await expect(totals).toContainText("3 payments");
  await expect(page.getByRole("table", { name: /each debit account/ })).toContainText("Enough");
  await page.getByLabel("Reference").fill(`Suppliers ${RUN}`);
  await saveScreenshot(page, "payment-run-ready");
  await page.getByRole("button", { name: "Send 3 payments" }).click();

  await expect(page.getByRole("progressbar", { name: "Run progress" })).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible();
  const results = page.getByRole("table", { name: /Results of run/ });
  await expect(results.locator("tbody tr")).toHaveCount(3);
  await expect(results.getByText("Created")).toHaveCount(3);
  await saveScreenshot(page, "payment-run-done");

  const csv = text(page.waitForEvent("download"));
  await page.getByRole("button", { name: "Results CSV" }).click();
  const lines = (await csv).trim().split("\r\n");
  expect(lines[0]).toBe("index,line,status,paymentId,transactionStatus,endToEndId,errorCode,errorMessage");
  expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual(["0,2,Created", "1,3,Created", "2,5,Created"]);
  const pain002 = text(page.waitForEvent("download"));
  await page.getByRole("button", { name: "pain.002 report" }).click();
  expect(await pain002).toContain("urn:iso:std:iso:20022:tech:xsd:pain.002.001.10");
  expect(await pain002).toContain(`${RUN}-2`);

  await page.getByRole("link", { name: "Open the run" }).click();
  await expect(page.getByRole("heading", { name: `Suppliers ${RUN}` })).toBeVisible();
  const payment = page
    .getByRole("table", { name: /Results of run/ })
    .getByRole("link")
    .first();
  await expect(payment).toHaveAttribute("href", /^\/payments\/.+/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "payment-run-phone");

  await page.getByRole("link", { name: "Payment runs" }).first().click();
  const row = page.locator("tbody tr", { hasText: `Suppliers ${RUN}` });
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("USD 117.34");
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "payment-runs-phone");
});
