import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, portalToken, saveScreenshot, test } from "../fixtures/portal";

type VaList = {
  meta: { pagination: { total_size: number } };
  data: Array<{ virtualAccountNumber: string; accountHolderName: string; category: string; currency: string }>;
};

const HEADER =
  "accountHolderType,currency,unallocated,accountHolderName,accountName,clientReference,dob,nationality,addressLine1,city,postalCode,addressCountry";
/** Line 3 (the second row) has a `*` in the holder name, which the bank refuses. */
const CSV = [
  HEADER,
  "Individual,USD,,Mary Rowe,Rowe Tenancy Deposit,E2E-0001,1979-02-11,BM,,,,",
  "Individual,USD,,Tom*Smith,Smith Tenancy Deposit,E2E-0002,1990-07-30,GB,,,,",
  "Business,BMD,,Harbour Marine Ltd.,Harbour Marine Collections,E2E-0003,,,1 Front Street,Hamilton,HM 11,BM",
  "Individual,USD,true,,,E2E-POOL,,,,,,",
].join("\r\n");

async function listVirtualAccounts(page: Page): Promise<VaList> {
  const { access_token } = await portalToken(page.request);
  const response = await page.request.get("/v1/virtual-accounts?pageSize=100", { headers: { authorization: `Bearer ${access_token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as VaList;
}

test.describe("virtual accounts", () => {
  test("lists virtual accounts with totals and balances, and filters by currency and allocation", async ({ page, signIn }) => {
    await signIn("treasurer");
    const api = await listVirtualAccounts(page);
    await page.goto("/virtual-accounts");
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(api.data.length);
    await expect(page.getByText(`Showing 1–${api.data.length} of ${api.meta.pagination.total_size}`)).toBeVisible();
    await expect(page.getByText("All virtual accounts in USD")).toBeVisible();
    await expect(page.getByText("All virtual accounts in BMD")).toBeVisible();
    // The seeded USD virtual accounts hold 1,500.00 and 0.00.
    await expect(page.locator("li", { hasText: "All virtual accounts in USD" })).toContainText("1,500.00");
    await expect(page.getByRole("figure").filter({ hasText: "USD" }).getByText("Tucker Tenancy Deposit")).toBeVisible();

    // Counted from the API: earlier specs (an approved batch upload) may have added accounts to the demo's.
    const unallocated = api.data.filter((a) => a.accountHolderName === "UNALLOCATED").length;
    expect(unallocated).toBeGreaterThan(0);
    await page.getByLabel("Allocation").selectOption("unallocated");
    await expect(page.getByText(new RegExp(`The allocation filter applies to the \\d+ accounts on this page: ${unallocated} match`))).toBeVisible();
    await expect(rows).toHaveCount(unallocated);
    for (const row of await rows.all()) await expect(row).toContainText("Unallocated");
    await page.getByLabel("Allocation").selectOption("all");
    await page.getByLabel("Currency", { exact: true }).selectOption("BMD");
    await expect(page).toHaveURL(/currency=BMD/);
    await expect(page.getByText("Only BMD accounts, across every page.")).toBeVisible();
    // The demo client has one BMD virtual account (Island Freight) and no BMD settlement or parent account.
    await expect(rows).toHaveCount(api.data.filter((a) => a.currency === "BMD").length);
    await expect(page.locator("tbody tr", { hasText: "Island Freight Collections" })).toContainText("BMD");
    for (const row of await rows.all()) await expect(row).toContainText("BMD");
  });

  test("uploads a CSV: a bad row is shown and fixed, the job runs to 100%, the results download", async ({ page, signIn }) => {
    await signIn("treasurer");
    const before = await listVirtualAccounts(page);
    await page.goto("/virtual-accounts");
    await expect(page.locator("tbody tr").first()).toContainText(/\d{10}/);

    const templateDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "CSV template" }).click();
    const template = (await readFile((await (await templateDownload).path())!)).toString("utf8");
    expect(template.replace(/^\ufeff/, "").split("\r\n")[0]).toMatch(/^accountHolderType,currency,unallocated,accountHolderName,accountName/);

    await page.getByRole("button", { name: "Upload CSV batch" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload virtual accounts" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("CSV file").setInputFiles({ name: "tenants.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });

    await expect(dialog.getByText("1 row needs attention.")).toBeVisible();
    const badRow = dialog.locator('tr[data-line="3"]');
    await expect(badRow).toContainText("may contain only");
    const nameInput = dialog.getByLabel("Holder name, line 3");
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("button", { name: /Create/ })).toBeDisabled();
    await expectAccessible(page);
    await saveScreenshot(page, "va-upload-error");

    await nameInput.fill("Tom Smith");
    await expect(dialog.getByText("All rows are ready.")).toBeVisible();
    await expect(badRow).not.toContainText("may contain only");
    // The holder type can be chosen per row.
    await expect(dialog.getByLabel("Holder type, line 3")).toHaveValue("Individual");
    await dialog.getByRole("button", { name: "Create 4 virtual accounts" }).click();

    const progress = dialog.getByRole("progressbar", { name: "Batch progress" });
    await expect(progress).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
    await expect(dialog.getByText("4 of 4 processed")).toBeVisible();
    await expect(dialog.getByText("Completed", { exact: true })).toBeVisible();
    const results = dialog.getByRole("table", { name: /Results of job/ });
    await expect(results.locator("tbody tr")).toHaveCount(4);
    await expect(results.getByText("Created")).toHaveCount(4);
    await saveScreenshot(page, "va-upload-done");

    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download results CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^harbour-virtual-accounts-job-[0-9a-f-]{36}\.csv$/);
    const lines = (await readFile((await file.path())!))
      .toString("utf8")
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("index,line,status,virtualAccountNumber,clientReference,errorCode,errorMessage");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual(["0,2,Created", "1,3,Created", "2,4,Created", "3,5,Created"]);
    for (const line of lines.slice(1)) expect(line.split(",")[3]).toMatch(/^88\d{10}$/);

    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(dialog).toBeHidden();
    const after = await listVirtualAccounts(page);
    expect(after.meta.pagination.total_size).toBe(before.meta.pagination.total_size + 4);
    await expect(page.getByText(`of ${after.meta.pagination.total_size}`)).toBeVisible();
    // The list itself: the closed dialog may keep its results table in the page, out of sight.
    await expect(page.getByRole("table", { name: /^Virtual accounts, page/ })).toContainText("Smith Tenancy Deposit");
  });

  test("a currency the bank has not provisioned is refused by the API and marked on its row", async ({ page, signIn }) => {
    await signIn("admin");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/virtual-accounts");
    await page.getByRole("button", { name: "Upload CSV batch" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload virtual accounts" });
    const csv = ["currency,unallocated,clientReference", "USD,true,POOL-A", "EUR,true,POOL-B"].join("\n");
    await dialog.getByLabel("CSV file").setInputFiles({ name: "pool.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(dialog.getByText("All rows are ready.")).toBeVisible();
    await dialog.getByRole("button", { name: "Create 2 virtual accounts" }).click();
    await expect(dialog.getByText(/The bank refused 1 row: see the marked cells/)).toBeVisible();
    const currency = dialog.getByLabel("Currency, line 3");
    await expect(currency).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.locator('tr[data-line="3"]')).toContainText(/EUR|provisioned/);
    await expectAccessible(page);
    await saveScreenshot(page, "va-upload-refused-dark");
    await currency.fill("BMD");
    // The same Idempotency-Key: the 400 was not stored, so the corrected batch runs once.
    await dialog.getByRole("button", { name: "Create 2 virtual accounts" }).click();
    await expect(dialog.getByRole("progressbar", { name: "Batch progress" })).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
    await expect(dialog.getByRole("table", { name: /Results of job/ }).getByText("Created")).toHaveCount(2);
  });

  test("allocates an unallocated account, then shows its holder read-only; the client reference stays editable", async ({ page, signIn }) => {
    await signIn("treasurer");
    await page.goto("/virtual-accounts?allocation=unallocated");
    await page.getByRole("link", { name: "Not yet allocated" }).first().click();
    await expect(page.getByRole("heading", { name: "Unallocated virtual account" })).toBeVisible();
    const form = page.getByRole("region", { name: "Allocate this account" });

    // Every rule shows before anything is sent.
    await form.getByRole("button", { name: "Allocate account" }).click();
    await expect(form.getByText("Account holder name is required to allocate the account")).toBeVisible();
    await expect(form.getByText("Date of birth is required for an allocated Individual")).toBeVisible();
    await form.getByLabel("Account holder name").fill("Ann_Lee");
    await form.getByLabel("Account name").fill("Lee Tenancy Deposit");
    await form.getByLabel("Date of birth").fill("2015-01-01");
    await form.getByLabel("Nationality").fill("BM");
    await form.getByRole("button", { name: "Allocate account" }).click();
    await expect(form.getByText(/Account holder name may contain only/)).toBeVisible();
    await expect(form.getByText("Date of birth must be at least 18 years ago")).toBeVisible();
    await expectAccessible(page);
    await saveScreenshot(page, "va-allocate-form");

    await form.getByLabel("Account holder name").fill("Ann Lee");
    await form.getByLabel("Date of birth").fill("1988-03-14");
    await form.getByRole("button", { name: "Allocate account" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toContainText("Lee Tenancy Deposit");
    await expect(form).toBeHidden();
    const holder = page.getByRole("region", { name: "Holder" });
    for (const [label, value] of [
      ["Account holder name", "Ann Lee"],
      ["Account name", "Lee Tenancy Deposit"],
      ["Holder type", "Individual"],
      ["Date of birth", "1988-03-14"],
      ["Nationality", "BM"],
    ] as const) {
      const input = holder.getByLabel(label, { exact: true });
      await expect(input).toHaveValue(value);
      await expect(input).toHaveAttribute("readonly", "");
    }

    // An empty set-once field can still be filled once, then it is read-only too.
    await holder.getByLabel("Country of residence").fill("bm");
    await holder.getByRole("button", { name: "Set once" }).click();
    await expect(holder.getByLabel("Country of residence", { exact: true })).toHaveValue("BM");
    await expect(holder.getByLabel("Country of residence", { exact: true })).toHaveAttribute("readonly", "");

    const reference = page.getByRole("region", { name: "Client reference" });
    await reference.getByLabel("Client reference").fill("LEE-2026");
    await reference.getByRole("button", { name: "Save reference" }).click();
    await expect(reference.getByText("Client reference saved.")).toBeVisible();
    await expect(page.locator("dl")).toContainText("LEE-2026");
    await saveScreenshot(page, "va-allocated");

    // The API agrees: allocated, names fixed.
    const number = page.url().split("/").pop()!;
    const { access_token } = await portalToken(page.request);
    const account = (await (await page.request.get(`/v1/virtual-accounts/${number}`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
      data: { accountHolderName: string; individual: { dob: string; nationality: string }; clientReference: string };
    };
    expect(account.data).toMatchObject({ accountHolderName: "Ann Lee", individual: { dob: "1988-03-14", nationality: "BM" }, clientReference: "LEE-2026" });
  });

  test("a viewer sees the accounts but no upload or allocation", async ({ page, signIn }) => {
    await signIn("viewer");
    await page.goto("/virtual-accounts");
    await expect(page.locator("tbody tr").first()).toContainText(/\d{10}/);
    await expect(page.getByRole("button", { name: "Upload CSV batch" })).toHaveCount(0);
    await page.goto("/virtual-accounts?allocation=unallocated");
    const link = page.getByRole("link", { name: "Not yet allocated" }).first();
    if (await link.count()) {
      await link.click();
      await expect(page.getByText("A treasurer or administrator can allocate this account")).toBeVisible();
      await expect(page.getByRole("button", { name: "Allocate account" })).toHaveCount(0);
    }
  });

  test("says so when a virtual account does not exist", async ({ page, signIn }) => {
    await signIn("viewer");
    await page.goto("/virtual-accounts/880000000999");
    await expect(page.getByText("No virtual account 880000000999")).toBeVisible();
  });
});
