import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import { expect, portalToken, test } from "../fixtures/portal";

type Summary = { accountId: string; accountNumber: string; nickname: string | null; status: string; availableBalance: { currency: string; amount: string } };

test.describe("reconciliation CSV", () => {
  test.beforeEach(async ({ signIn }) => signIn("treasurer"));

  test("downloads every account, one row each, matching the API", async ({ page }) => {
    const { access_token } = await portalToken(page.request);
    const api = (await (await page.request.get("/v1/accounts?pageSize=1000", { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
      meta: { pagination: { total_size: number } };
      data: Summary[];
    };

    // Five per page on screen: the export must still cover every page.
    await page.goto("/accounts?size=5");
    await expect(page.locator("tbody tr")).toHaveCount(5);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download reconciliation CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^harbour-accounts-acme-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText(`Exported ${api.data.length} accounts.`)).toBeVisible();

    const text = (await readFile(await download.path())).toString("utf8").replace(/^\ufeff/, "");
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const header = parsed.meta.fields ?? [];
    expect(header.slice(0, 5)).toEqual(["account_id", "cif", "currency", "account_sub_type", "account_number"]);
    expect(header).toContain("available_balance_amount");
    expect(header).toContain("owners_1_display_name");
    expect(header.some((h) => h.startsWith("data_") || h.startsWith("account_attributes_"))).toBe(false);
    // Attributes by name (the joint account's JOINT_CIF never lands under another account's rate), and the two times.
    expect(header).toEqual(expect.arrayContaining(["CREDIT_INTEREST_RATE", "balance_as_of", "exported_at"]));

    expect(parsed.data).toHaveLength(api.meta.pagination.total_size);
    const byNumber = new Map(parsed.data.map((row) => [row.account_number, row]));
    for (const account of api.data) {
      const row = byNumber.get(account.accountNumber);
      expect(row, account.accountNumber).toBeDefined();
      expect(row!.account_id).toBe(account.accountId);
      expect(row!.available_balance_amount).toBe(account.availableBalance.amount);
      expect(row!.available_balance_currency).toBe(account.availableBalance.currency);
      expect(row!.status).toBe(account.status);
      expect(row!.nickname).toBe(account.nickname ?? "");
      expect(Date.parse(row!.balance_as_of!)).not.toBeNaN();
      expect(Date.parse(row!.exported_at!)).not.toBeNaN();
    }
  });

  test("offers the API's own CSV of the page on screen", async ({ page }) => {
    await page.goto("/accounts?size=5");
    await expect(page.locator("tbody tr")).toHaveCount(5);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "This page in the API's CSV format (for integrators)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("accounts-api-page-1.csv");
    const [header, row] = Papa.parse<string[]>((await readFile(await download.path())).toString("utf8").trim()).data;
    expect(header).toContain("meta_pagination_page_size");
    expect(row![header!.indexOf("meta_pagination_page_size")]).toBe("5");
    expect(header).toContain("data_4_account_number");
    expect(header).not.toContain("data_5_account_number");
  });
});
