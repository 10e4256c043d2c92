import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { flattenToCsv } from "@/lib/contract/csv";
import type { ReadAccount } from "@/lib/portal/accounts/accounts-api";
import { accountsToCsv, accountsToTable, exportFileName } from "@/lib/portal/accounts/accounts-export";

const AS_OF = "2026-11-25T12:00:00.000Z";
const EXPORTED = "2026-11-25T12:00:05.000Z";
const read = (account: TAccountSummary): ReadAccount => ({ account, balanceAsOf: AS_OF });

function account(overrides: Partial<TAccountSummary> = {}): TAccountSummary {
  return {
    accountId: "ACC-1000123456",
    cif: "100200300",
    currency: "USD",
    accountSubType: "CORP-CHK",
    accountNumber: "1000123456",
    status: "Active",
    availableBalance: { currency: "USD", amount: "250000.00" },
    accountType: "Corporate",
    nickname: "Operating USD",
    owners: [{ displayName: "Acme Shipping Ltd.", accountHolderType: "Primary" }],
    accountAttributes: [
      { name: "BANK_ID", value: "HARBOUR" },
      { name: "CREDIT_INTEREST_RATE", value: 0.25 },
    ],
    ...overrides,
  };
}

function parse(csv: string): string[][] {
  const result = Papa.parse<string[]>(csv.trimEnd(), { header: false });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe("accountsToTable", () => {
  it("uses the API's CSV column names for account fields, one column per attribute name, and the two times", () => {
    const one = account();
    const { columns, rows } = accountsToTable([read(one)], EXPORTED);
    // The API's own CSV of the same account (GET /v1/accounts/{n}, Accept: text/csv), attributes aside.
    const [apiHeader, apiRow] = parse(flattenToCsv({ ...one, accountAttributes: [] }));
    const fields = columns.filter((c) => c !== "balance_as_of" && c !== "exported_at" && c === c.toLowerCase());
    expect(fields).toEqual(apiHeader!.filter((c) => c));
    expect(fields.map((c) => rows[0]![columns.indexOf(c)])).toEqual(apiRow!.slice(0, fields.length));
    expect(columns.slice(0, 7)).toEqual(["account_id", "cif", "currency", "account_sub_type", "account_number", "status", "available_balance_currency"]);
    expect(columns.slice(columns.indexOf("available_balance_amount"), columns.indexOf("available_balance_amount") + 2)).toEqual([
      "available_balance_amount",
      "balance_as_of",
    ]);
    expect(columns.slice(-3)).toEqual(["BANK_ID", "CREDIT_INTEREST_RATE", "exported_at"]);
    expect(rows[0]!.slice(-3)).toEqual(["HARBOUR", "0.25", EXPORTED]);
    expect(rows[0]![columns.indexOf("balance_as_of")]).toBe(AS_OF);
    expect(columns.some((c) => c.startsWith("data_") || c.startsWith("account_attributes_"))).toBe(false);
  });

  it("puts each attribute under its own name, whatever its position on the account", () => {
    const plain = account();
    const joint = account({
      accountId: "ACC-J",
      accountNumber: "9",
      accountAttributes: [
        { name: "JOINT_CIF", value: "100200399" },
        { name: "CREDIT_INTEREST_RATE", value: 0.5 },
      ],
    });
    const { columns, rows } = accountsToTable([read(plain), read(joint)], EXPORTED);
    const cell = (row: number, name: string) => rows[row]![columns.indexOf(name)];
    expect(cell(0, "CREDIT_INTEREST_RATE")).toBe("0.25");
    expect(cell(1, "CREDIT_INTEREST_RATE")).toBe("0.5");
    expect(cell(0, "JOINT_CIF")).toBe("");
    expect(cell(1, "JOINT_CIF")).toBe("100200399");
  });

  it("makes one header that covers every account, new columns next to their siblings", () => {
    const joint = account({
      accountId: "ACC-2",
      accountNumber: "2",
      nickname: null,
      accountType: null,
      owners: [
        { displayName: "Acme Shipping Ltd.", accountHolderType: "Primary" },
        { displayName: "Jane Tucker", accountHolderType: "Joint" },
      ],
    });
    const { columns, rows } = accountsToTable([read(account()), read(joint)], EXPORTED);
    const at = (name: string) => columns.indexOf(name);
    expect(at("owners_1_display_name")).toBe(at("owners_0_account_holder_type") + 1);
    expect(at("owners_1_account_holder_type")).toBe(at("owners_1_display_name") + 1);
    expect(rows[0]![at("owners_1_display_name")]).toBe("");
    expect(rows[1]![at("owners_1_display_name")]).toBe("Jane Tucker");
    // null is an empty cell, as in the API's CSV.
    expect(rows[1]![at("nickname")]).toBe("");
  });
});

describe("accountsToCsv", () => {
  it("keeps amounts exactly as the API sent them", () => {
    const big = account({ availableBalance: { currency: "USD", amount: "9007199254740993.07" } });
    const small = account({ accountId: "ACC-3", accountNumber: "3", availableBalance: { currency: "USD", amount: "0.10" } });
    const [header, ...rows] = parse(accountsToCsv([read(big), read(small)]));
    const amount = header!.indexOf("available_balance_amount");
    expect(rows.map((r) => r[amount])).toEqual(["9007199254740993.07", "0.10"]);
  });

  it("neutralises spreadsheet formulas but leaves signed numbers alone", () => {
    const hostile = account({
      nickname: '=HYPERLINK("http://evil","x")',
      accountType: "@SUM(A1)",
      accountSubType: "+cmd",
      availableBalance: { currency: "USD", amount: "-12.50" },
      accountAttributes: [{ name: "\tTAB", value: -3 }],
    });
    const [header, row] = parse(accountsToCsv([read(hostile)]));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("nickname")).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(cell("account_type")).toBe("'@SUM(A1)");
    expect(cell("account_sub_type")).toBe("'+cmd");
    expect(cell("available_balance_amount")).toBe("-12.50");
    // The attribute's name is a column header now: defused like any cell.
    expect(header).toContain("'\tTAB");
    expect(cell("'\tTAB")).toBe("-3");
  });

  it("writes RFC 4180: CRLF rows and quoted commas and quotes", () => {
    const csv = accountsToCsv([read(account({ nickname: 'Ops, "main"' }))]);
    expect(csv).toContain("\r\n");
    expect(csv).toContain('"Ops, ""main"""');
  });

  it("is empty when there are no accounts", () => {
    expect(accountsToCsv([])).toBe("");
  });
});

describe("exportFileName", () => {
  it("is dated in the bank's time zone", () => {
    // 02:30 UTC on 15 March is still 14 March in Bermuda (UTC-3 in March after DST, UTC-4 before).
    expect(exportFileName("acme", new Date("2026-03-15T02:30:00Z"))).toBe("harbour-accounts-acme-2026-03-14.csv");
    expect(exportFileName("a/b c", new Date("2026-07-01T12:00:00Z"))).toBe("harbour-accounts-a-b-c-2026-07-01.csv");
  });
});
