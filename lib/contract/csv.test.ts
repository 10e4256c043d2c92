import { describe, it, expect } from "vitest";
import Papa from "papaparse";
import { csvLine, flattenRecord, flattenToCsv, toSnakeCase } from "@/lib/contract/csv";

/** Splits a two-row CSV into its header and data lines; valid only for cells without CR/LF. */
function rows(csv: string): [string, string] {
  const parts = csv.split("\r\n");
  expect(parts).toHaveLength(3);
  expect(parts[2]).toBe("");
  return [parts[0] ?? "", parts[1] ?? ""];
}

/** The single data cell for a one-column body. */
function dataCell(value: unknown): string {
  return rows(flattenToCsv({ v: value }))[1];
}

describe("toSnakeCase", () => {
  it("splits camelCase words with underscores", () => {
    expect(toSnakeCase("availableBalance")).toBe("available_balance");
    expect(toSnakeCase("displayName")).toBe("display_name");
    expect(toSnakeCase("balanceEffectiveDate")).toBe("balance_effective_date");
  });

  it("leaves already-snake_case keys unchanged", () => {
    expect(toSnakeCase("page_start")).toBe("page_start");
    expect(toSnakeCase("retry_after")).toBe("retry_after");
    expect(toSnakeCase("amount")).toBe("amount");
  });

  it("keeps digits attached to the word they follow", () => {
    expect(toSnakeCase("addressLine1")).toBe("address_line1");
    expect(toSnakeCase("line2Text")).toBe("line2_text");
    expect(toSnakeCase("iso4217")).toBe("iso4217");
  });

  it("keeps acronym runs together", () => {
    expect(toSnakeCase("accountIBAN")).toBe("account_iban");
    expect(toSnakeCase("HTTPStatus")).toBe("http_status");
    expect(toSnakeCase("BANK_ID")).toBe("bank_id");
  });
});

describe("flattenRecord", () => {
  it("names nested object fields by their snake_case path joined with _", () => {
    expect(flattenRecord({ availableBalance: { currency: "USD", amount: "1250.00" } })).toEqual([
      ["available_balance_currency", "USD"],
      ["available_balance_amount", "1250.00"],
    ]);
  });

  it("indexes array members as <array>_<index>_<field>", () => {
    const record = {
      owners: [
        { displayName: "Ada Lovelace", accountHolderType: "Primary" },
        { displayName: "Charles Babbage", accountHolderType: "Joint" },
      ],
      accountAttributes: [
        { name: "BANK_ID", value: "001" },
        { name: "CREDIT_INTEREST_RATE", value: 0.25 },
      ],
    };
    expect(flattenRecord(record)).toEqual([
      ["owners_0_display_name", "Ada Lovelace"],
      ["owners_0_account_holder_type", "Primary"],
      ["owners_1_display_name", "Charles Babbage"],
      ["owners_1_account_holder_type", "Joint"],
      ["account_attributes_0_name", "BANK_ID"],
      ["account_attributes_0_value", "001"],
      ["account_attributes_1_name", "CREDIT_INTEREST_RATE"],
      ["account_attributes_1_value", "0.25"],
    ]);
  });

  it("indexes arrays nested inside arrays", () => {
    expect(flattenRecord({ grid: [[1, 2], [3]] })).toEqual([
      ["grid_0_0", "1"],
      ["grid_0_1", "2"],
      ["grid_1_0", "3"],
    ]);
  });

  it("prefixes listing envelope columns with meta_pagination_ and data_<index>_", () => {
    const envelope = {
      meta: { pagination: { page_start: 1, page_size: 2, total_size: 5, page_token: "abc" } },
      data: [{ accountNumber: "1000001" }, { accountNumber: "1000002" }],
    };
    expect(flattenRecord(envelope).map(([column]) => column)).toEqual([
      "meta_pagination_page_start",
      "meta_pagination_page_size",
      "meta_pagination_total_size",
      "meta_pagination_page_token",
      "data_0_account_number",
      "data_1_account_number",
    ]);
  });

  it("renders null and undefined as empty cells but keeps their columns", () => {
    expect(flattenRecord({ nickname: null, accountType: undefined })).toEqual([
      ["nickname", ""],
      ["account_type", ""],
    ]);
  });

  it("renders booleans as true/false and numbers as JavaScript prints them", () => {
    expect(flattenRecord({ a: true, b: false, c: 12, d: 0.5, e: -3, f: 1e21 })).toEqual([
      ["a", "true"],
      ["b", "false"],
      ["c", "12"],
      ["d", "0.5"],
      ["e", "-3"],
      ["f", "1e+21"],
    ]);
  });

  it("renders non-finite numbers as empty cells, matching JSON's null", () => {
    expect(flattenRecord({ a: Number.NaN, b: Number.POSITIVE_INFINITY })).toEqual([
      ["a", ""],
      ["b", ""],
    ]);
  });

  it("renders strings as-is, without trimming", () => {
    expect(flattenRecord({ s: "  spaced  " })).toEqual([["s", "  spaced  "]]);
  });

  it("produces no columns for empty arrays and empty objects", () => {
    expect(flattenRecord({ owners: [], attrs: {}, id: "x" })).toEqual([["id", "x"]]);
  });

  it("flattens values with toJSON (Date) as JSON would serialise them", () => {
    expect(flattenRecord({ at: new Date("2026-01-02T03:04:05.678Z") })).toEqual([["at", "2026-01-02T03:04:05.678Z"]]);
  });

  it("names a top-level scalar column 'value'", () => {
    expect(flattenRecord("hello")).toEqual([["value", "hello"]]);
  });

  it("refuses circular structures instead of overflowing the stack", () => {
    const node: Record<string, unknown> = { a: 1 };
    node.self = node;
    expect(() => flattenRecord(node)).toThrow(TypeError);
  });

  it("allows the same object to appear twice when it is not a cycle", () => {
    const shared = { amount: "1.00" };
    expect(flattenRecord({ a: shared, b: shared })).toEqual([
      ["a_amount", "1.00"],
      ["b_amount", "1.00"],
    ]);
  });
});

describe("flattenToCsv", () => {
  it("emits one header row and one data row, each terminated by CRLF", () => {
    expect(flattenToCsv({ accountId: "A1", currency: "USD" })).toBe("account_id,currency\r\nA1,USD\r\n");
  });

  it("emits an empty header and data row for a body with no columns", () => {
    expect(flattenToCsv({})).toBe("\r\n\r\n");
  });

  describe("formula neutralisation", () => {
    it("prefixes a cell starting with = with a quote (=HYPERLINK)", () => {
      expect(flattenRecord({ v: '=HYPERLINK("http://evil","x")' })[0]?.[1]).toBe('=HYPERLINK("http://evil","x")');
      expect(dataCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    });

    it("prefixes a cell starting with @ (@SUM)", () => {
      expect(dataCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    });

    it("prefixes a cell starting with + that is not a plain number", () => {
      expect(dataCell("+cmd")).toBe("'+cmd");
    });

    it("prefixes a cell starting with - that is not a plain number (-1+1)", () => {
      expect(dataCell("-1+1")).toBe("'-1+1");
    });

    it("prefixes a cell starting with a tab", () => {
      expect(dataCell("\t=1")).toBe("'\t=1");
    });

    it("prefixes a cell starting with a carriage return, then quotes it", () => {
      expect(dataCell("\r=1")).toBe('"\'\r=1"');
    });

    it("leaves a plain negative decimal such as -12.50 untouched", () => {
      expect(dataCell("-12.50")).toBe("-12.50");
      expect(dataCell(-12.5)).toBe("-12.5");
    });

    it("leaves a plain signed integer such as +3 untouched", () => {
      expect(dataCell("+3")).toBe("+3");
    });

    it("neutralises number-like text that is not a plain number (exponent, trailing dot)", () => {
      expect(dataCell("-1e5")).toBe("'-1e5");
      expect(dataCell("-12.")).toBe("'-12.");
    });

    it("does not touch trigger characters that are not at the start", () => {
      expect(dataCell("a=b")).toBe("a=b");
      expect(dataCell("user@example.com")).toBe("user@example.com");
    });

    it("neutralises header cells too, since keys can be client supplied", () => {
      expect(rows(flattenToCsv({ "=cmd": "x" }))[0]).toBe("'=cmd");
    });
  });

  describe("RFC 4180 quoting", () => {
    it("quotes a cell containing a comma", () => {
      expect(dataCell("Smith, John")).toBe('"Smith, John"');
    });

    it("quotes a cell containing a double quote and doubles the quote", () => {
      expect(dataCell('say "hi"')).toBe('"say ""hi"""');
    });

    it("quotes a cell containing a line feed or carriage return", () => {
      expect(flattenToCsv({ v: "line1\nline2" })).toBe('v\r\n"line1\nline2"\r\n');
      expect(flattenToCsv({ v: "a\r\nb" })).toBe('v\r\n"a\r\nb"\r\n');
    });

    it("leaves cells without special characters unquoted", () => {
      expect(dataCell("plain text")).toBe("plain text");
    });

    it("round-trips through a standard CSV parser", () => {
      const body = {
        nickname: 'Joint "savings", 2026\nline two',
        owners: [{ displayName: "=evil()" }],
        availableBalance: { amount: "-12.50" },
      };
      const parsed = Papa.parse<string[]>(flattenToCsv(body), { newline: "\r\n", skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.data).toEqual([
        ["nickname", "owners_0_display_name", "available_balance_amount"],
        ['Joint "savings", 2026\nline two', "'=evil()", "-12.50"],
      ]);
    });
  });
});

describe("csvLine", () => {
  it("writes the same data line as flattenToCsv for the same cells: quoting, the formula guard, negative numbers, empty nulls", () => {
    const cells = { a: "plain", b: 'say "hi", then\r\nleave', c: "=SUM(A1)", d: "-12.50", e: null, f: "@home", g: "" };
    const csv = flattenToCsv(cells);
    expect(csvLine(Object.values(cells))).toBe(csv.slice(csv.indexOf("\r\n") + 2));
    expect(csvLine(["=1+1", null, "x,y"])).toBe(`'=1+1,,"x,y"\r\n`);
  });
});
