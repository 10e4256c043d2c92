import { describe, expect, it } from "vitest";
import { parseHolidayCsv } from "@/lib/contract/ops/holidays-csv";
import { attributeFromText, ownerFromText, ZAccountOpen, ZAchCutoffSet, ZFxRateSet } from "@/lib/contract/ops/schema";

describe("holiday CSV (a year, all or nothing)", () => {
  it("reads a header and one holiday a line, quoted names, CRLF, a BOM and a trailing newline", () => {
    const parsed = parseHolidayCsv('\ufeffdate,name\r\n2030-01-01,"New Year\'s Day"\r\n2030-12-25,"Christmas, Day"\r\n', 2030);
    expect(parsed).toEqual({
      holidays: [
        { date: "2030-01-01", name: "New Year's Day" },
        { date: "2030-12-25", name: "Christmas, Day" },
      ],
      problems: [],
    });
  });

  it("names every bad line by its number: a wrong header, impossible dates, another year, duplicates, missing fields, empty names", () => {
    expect(parseHolidayCsv("when,what\n2030-01-01,x\n", 2030).problems).toEqual([{ line: 1, message: 'the first line must be the header "date,name"' }]);
    const { problems } = parseHolidayCsv(
      "date,name\n2030-02-29,Leap\n2031-01-01,Next year\n2030-05-01,May\n2030-05-01,May again\n2030-06-01\n2030-07-01,\n",
      2030,
    );
    expect(problems.map((p) => p.line)).toEqual([2, 3, 5, 6, 7]);
    expect(problems[0]!.message).toMatch(/not a day of the calendar/);
    expect(problems[1]!.message).toBe("date 2031-01-01 is not in 2030");
    expect(problems[2]!.message).toBe("date 2030-05-01 is already on line 4");
    expect(problems[3]!.message).toBe("expected 2 fields (date,name), found 1");
    expect(problems[4]!.message).toBe("name must not be empty");
  });

  it("refuses a file with no holidays at all", () => {
    expect(parseHolidayCsv("date,name\n", 2030).problems).toEqual([{ line: 2, message: "the file lists no holidays for 2030" }]);
  });
});

describe("owners, attributes, rates and the cut-off as typed", () => {
  it("reads owners as Name or Name:Joint, and attributes as NAME=value", () => {
    expect(ownerFromText("Acme Ltd")).toEqual({ displayName: "Acme Ltd", accountHolderType: "Primary" });
    expect(ownerFromText(" J. Smith : joint ")).toEqual({ displayName: "J. Smith", accountHolderType: "Joint" });
    expect(ownerFromText("Ratio 3:1 Ltd")).toEqual({ displayName: "Ratio 3:1 Ltd", accountHolderType: "Primary" });
    expect(ownerFromText("J. Smith:Jiont")).toEqual({ displayName: "J. Smith", accountHolderType: "Jiont" });
    expect(attributeFromText("COST_CENTRE = CC=104")).toEqual({ name: "COST_CENTRE", value: "CC=104" });
    expect(attributeFromText("FLAG")).toEqual({ name: "FLAG", value: "" });
  });

  it("refuses owners without a Primary, a bank attribute, a repeated attribute and a bad holder type, naming the field", () => {
    const base = { clientId: "acme", currency: "USD" };
    const issue = (input: Record<string, unknown>) => ZAccountOpen.safeParse({ ...base, ...input }).error?.issues[0];
    expect(issue({ owners: [{ displayName: "A", accountHolderType: "Joint" }] })).toMatchObject({
      path: ["owners"],
      message: "owners must include a Primary owner",
    });
    expect(issue({ owners: [ownerFromText("J. Smith:Jiont")] })?.message).toBe("accountHolderType must be Primary or Joint");
    expect(issue({ attributes: [{ name: "STATUS", value: "x" }] })?.message).toMatch(/must not be one the bank sets/);
    expect(issue({ attributes: [attributeFromText("A1=x"), attributeFromText("A1=y")] })?.message).toBe("attributes must not name an attribute twice");
    expect(issue({ owners: [ownerFromText("Acme")], attributes: [attributeFromText("COST_CENTRE=CC-1")] })).toBeUndefined();
  });

  it("takes rates that fit numeric(20, 10) and cut-offs before the 16:00 settlement run", () => {
    expect(ZFxRateSet.safeParse({ from: "USD", to: "EUR", rate: "9999999999.9999999999" }).success).toBe(true);
    expect(ZFxRateSet.safeParse({ from: "USD", to: "EUR", rate: "0.0000000000" }).success).toBe(false);
    expect(ZAchCutoffSet.safeParse({ time: "15:59" }).success).toBe(true);
    expect(ZAchCutoffSet.safeParse({ time: "9:00" }).success).toBe(false);
  });
});
