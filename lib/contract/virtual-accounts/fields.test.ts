import { describe, expect, it } from "vitest";
import { latestAdultDob, NAME_CHARACTERS } from "@/lib/contract/virtual-accounts/fields";
import { ZCreateVirtualAccountsV1 } from "@/lib/contract/virtual-accounts/schema";

describe("field rules", () => {
  it("computes the latest adult date of birth, leap days included", () => {
    expect(latestAdultDob("2026-11-23")).toBe("2008-11-23");
    expect(latestAdultDob("2028-02-29")).toBe("2010-02-28");
    // Born 29 February 2008: not 18 on 28 February 2026, 18 on 1 March.
    expect("2008-02-29" <= latestAdultDob("2026-02-28")).toBe(false);
    expect("2008-02-29" <= latestAdultDob("2026-03-01")).toBe(true);
  });

  it("allows exactly the spec §2.4 characters", () => {
    const allowed = `ABCxyz019 !"#$%&'()+,-./[\\]`;
    expect(NAME_CHARACTERS.test(allowed)).toBe(true);
    for (const ch of "*_@:;?{}<>=~^|`\t\né") expect(NAME_CHARACTERS.test(`a${ch}b`), JSON.stringify(ch)).toBe(false);
  });

  it("is usable in the browser to check one CSV row", () => {
    const row = { currency: "USD", accountHolderName: "Ann", accountName: "Ann" };
    expect(ZCreateVirtualAccountsV1.safeParse({ items: [row] }).success).toBe(true);
  });
});
