import { describe, expect, it } from "vitest";
import {
  batchIssuesByRow,
  cellOfApiField,
  checkRow,
  countRowsWithErrors,
  parseAndValidate,
  parseUploadCsv,
  rowToItem,
} from "@/lib/portal/virtual-accounts/va-upload";
import { emptyCells, type RowCells } from "@/lib/portal/virtual-accounts/va-upload-columns";
import { templateCsv } from "@/lib/portal/virtual-accounts/va-upload-files";
import { ZCreateVirtualAccountsV2 } from "@/lib/contract/virtual-accounts/schema";

const cells = (values: Partial<RowCells>): RowCells => ({ ...emptyCells(), ...values });
const individual = { currency: "USD", accountHolderName: "Jane Tucker", accountName: "Tucker Deposit", dob: "1984-05-17", nationality: "BM" };

describe("rowToItem", () => {
  it("maps the flat columns to the v2 item, omitting empty cells and empty blocks", () => {
    expect(rowToItem(cells({ ...individual, clientReference: " T-1 " })).item).toEqual({
      currency: "USD",
      accountHolderName: "Jane Tucker",
      accountName: "Tucker Deposit",
      clientReference: "T-1",
      individual: { dob: "1984-05-17", nationality: "BM" },
    });
  });

  it("builds the business block with its registered address, upper-casing codes", () => {
    const { item } = rowToItem(
      cells({
        accountHolderType: "business",
        currency: "usd",
        accountHolderName: "Island Freight Ltd.",
        accountName: "Collections",
        addressLine1: "12 Front Street",
        city: "Hamilton",
        postalCode: "HM 11",
        addressCountry: "bm",
        countryOfIncorporation: "bm",
      }),
    );
    expect(item).toEqual({
      accountHolderType: "Business",
      currency: "USD",
      accountHolderName: "Island Freight Ltd.",
      accountName: "Collections",
      business: { registeredAddress: { addressLine1: "12 Front Street", city: "Hamilton", postalCode: "HM 11", country: "BM" }, countryOfIncorporation: "BM" },
    });
  });

  it("reads unallocated as yes/no words and refuses anything else", () => {
    expect(rowToItem(cells({ currency: "USD", unallocated: "Yes" })).item.unallocated).toBe(true);
    expect(rowToItem(cells({ currency: "USD", unallocated: "0" })).item.unallocated).toBe(false);
    expect(rowToItem(cells({ currency: "USD", unallocated: "maybe" })).errors.unallocated).toEqual(["must be true or false (or empty)"]);
  });
});

describe("checkRow", () => {
  it("accepts a complete Individual and returns the item the API parses", () => {
    const check = checkRow({ cells: cells(individual), parseErrors: [] });
    expect(check.errors).toEqual({});
    expect(ZCreateVirtualAccountsV2.safeParse({ items: [check.item] }).success).toBe(true);
  });

  it("puts each schema issue on its column", () => {
    const check = checkRow({ cells: cells({ ...individual, accountName: "Bad_name", dob: "2020-01-01", nationality: "XX" }), parseErrors: [] });
    expect(check.item).toBeNull();
    expect(Object.keys(check.errors).sort()).toEqual(["accountName", "dob", "nationality"]);
    expect(check.errors.dob?.[0]).toMatch(/18 years/);
  });

  it("requires the names unless unallocated, and the holder facts of an allocated holder", () => {
    expect(Object.keys(checkRow({ cells: cells({ currency: "USD" }), parseErrors: [] }).errors).sort()).toEqual([
      "accountHolderName",
      "accountName",
      "dob",
      "nationality",
    ]);
    expect(checkRow({ cells: cells({ currency: "USD", unallocated: "true" }), parseErrors: [] }).errors).toEqual({});
    const business = checkRow({
      cells: cells({ accountHolderType: "Business", currency: "USD", accountHolderName: "A Ltd", accountName: "A" }),
      parseErrors: [],
    });
    expect(business.errors.addressLine1?.[0]).toMatch(/required for an allocated Business/);
  });

  it("puts a block of the wrong type on its first filled cell", () => {
    const check = checkRow({
      cells: cells({ ...individual, accountHolderType: "Business", addressLine1: "1 Front St", city: "Hamilton", postalCode: "HM 11", addressCountry: "BM" }),
      parseErrors: [],
    });
    expect(check.errors.dob?.[0]).toMatch(/must be omitted for a Business holder/);
  });

  it("names an unknown holder type and a missing currency", () => {
    const check = checkRow({ cells: cells({ ...individual, accountHolderType: "Company", currency: "" }), parseErrors: [] });
    expect(Object.keys(check.errors).sort()).toEqual(["accountHolderType", "currency"]);
  });

  it("keeps the CSV line's own errors on the row", () => {
    expect(checkRow({ cells: cells(individual), parseErrors: ["has 3 fields; the header has 5"] }).errors.row).toEqual(["has 3 fields; the header has 5"]);
  });
});

describe("parseUploadCsv", () => {
  it("reads the template back without errors", () => {
    const upload = parseAndValidate(templateCsv());
    expect(upload.fileErrors).toEqual([]);
    expect(upload.rows).toHaveLength(3);
    expect(upload.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(countRowsWithErrors(upload.checks)).toBe(0);
  });

  it("matches headers loosely, strips a BOM and skips blank lines", () => {
    const { rows, fileErrors } = parseUploadCsv(
      "\ufeffCurrency,Account Holder Name,account_name,DOB,nationality\r\nUSD,Jane Tucker,Deposit,1984-05-17,BM\r\n\r\n",
    );
    expect(fileErrors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cells.accountHolderName).toBe("Jane Tucker");
    expect(rows[0]!.cells.dob).toBe("1984-05-17");
  });

  it("stops on unknown or repeated columns, a missing currency column, no rows or too many rows", () => {
    expect(parseUploadCsv("currency,colour\nUSD,red\n").fileErrors[0]).toMatch(/Unknown column "colour"/);
    expect(parseUploadCsv("currency,Currency\nUSD,USD\n").fileErrors[0]).toMatch(/appears twice/);
    expect(parseUploadCsv("accountName\nX\n").fileErrors).toContain('The file has no "currency" column.');
    expect(parseUploadCsv("currency\n").fileErrors).toContain("The file has no rows under its header.");
    expect(parseUploadCsv(`currency\n${"USD\n".repeat(1001)}`).fileErrors[0]).toMatch(/1,001 rows; one batch takes at most 1,000/);
  });

  it("flags a line with the wrong number of fields on its row", () => {
    const upload = parseAndValidate("currency,unallocated\nUSD,true\nUSD,true,extra\n");
    expect(upload.checks[0]!.errors).toEqual({});
    expect(upload.checks[1]!.errors.row).toEqual(["has 3 fields; the header has 2"]);
  });

  it("finds the one bad row among many", () => {
    const good = "USD,Jane Tucker,Deposit,1984-05-17,BM";
    const lines = Array.from({ length: 999 }, (_, i) => (i === 500 ? "USD,Jane*Tucker,Deposit,1984-05-17,BM" : good));
    const upload = parseAndValidate(`currency,accountHolderName,accountName,dob,nationality\n${lines.join("\n")}\n`);
    expect(countRowsWithErrors(upload.checks)).toBe(1);
    expect(upload.checks[500]!.errors.accountHolderName).toBeDefined();
    expect(upload.rows[500]!.line).toBe(502);
  });
});

describe("cellOfApiField", () => {
  it("maps the API's item paths to rows and columns", () => {
    expect(cellOfApiField("items[7].accountName")).toEqual({ index: 7, column: "accountName" });
    expect(cellOfApiField("items[2].individual.nationality")).toEqual({ index: 2, column: "nationality" });
    expect(cellOfApiField("items[0].business.registeredAddress.country")).toEqual({ index: 0, column: "addressCountry" });
    expect(cellOfApiField("items[3].currency")).toEqual({ index: 3, column: "currency" });
    expect(cellOfApiField("items[4]")).toEqual({ index: 4, column: "row" });
    expect(cellOfApiField("callbackUrl")).toBeNull();
  });

  it("puts a refused batch's issues on the rows they name, and counts those that name no row of the file", () => {
    const rows = parseUploadCsv(templateCsv()).rows;
    const { placed, unplaced } = batchIssuesByRow(
      [
        { field: "items[1].business.registeredAddress.city", message: "is required" },
        { field: "items[1].accountName", message: "is too long" },
        { field: "items[9].currency", message: "is not offered" },
        { field: null, message: "The batch was refused" },
      ],
      rows,
    );
    expect([...placed]).toEqual([[1, { city: ["is required"], accountName: ["is too long"] }]]);
    expect(unplaced).toBe(2);
  });
});
