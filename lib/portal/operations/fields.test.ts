import { describe, expect, it } from "vitest";
import { lines, optional, rootField, splitList } from "@/lib/portal/operations/fields";

describe("operations form fields", () => {
  it("splits lists typed with commas, spaces or new lines", () => {
    expect(splitList("10.0.0.0/8, 2001:db8::/32\n192.168.1.0/24")).toEqual(["10.0.0.0/8", "2001:db8::/32", "192.168.1.0/24"]);
    expect(splitList("  ")).toEqual([]);
  });
  it("treats an empty optional field as absent", () => {
    expect(optional("  ")).toBeUndefined();
    expect(optional(" x ")).toBe("x");
  });
  it("puts an item's issue on its list field", () => {
    expect(rootField("ipAllowList[2]")).toBe("ipAllowList");
    expect(rootField("owners[0].displayName")).toBe("owners");
    expect(rootField(null)).toBeNull();
  });
});

describe("textarea lines", () => {
  it("keeps each non-blank line, trimmed", () => {
    expect(lines(" Acme Ltd \r\n\n J. Smith:Joint\n")).toEqual(["Acme Ltd", "J. Smith:Joint"]);
    expect(lines(undefined)).toEqual([]);
  });
});
