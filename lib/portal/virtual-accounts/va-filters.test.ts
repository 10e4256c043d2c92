import { describe, expect, it } from "vitest";
import type { TVirtualAccount } from "@/lib/contract/virtual-accounts/responses";
import { filterByAllocation, parseVaView, vaViewQuery } from "@/lib/portal/virtual-accounts/va-filters";

const account = (number: string, holder: string, category: TVirtualAccount["category"] = "CMS Sub Acct") =>
  ({ virtualAccountNumber: number, accountHolderName: holder, category }) as TVirtualAccount;

describe("virtual accounts view", () => {
  it("parses and writes the URL state, dropping defaults and junk", () => {
    const view = parseVaView({ page: "2", size: "50", currency: "bmd", allocation: "unallocated" });
    expect(view).toEqual({ page: 2, size: 50, currency: "BMD", allocation: "unallocated" });
    expect(vaViewQuery(view)).toBe("?page=2&size=50&currency=BMD&allocation=unallocated");
    expect(parseVaView({ page: "-1", size: "7", currency: "US", allocation: "x" })).toEqual({ page: 1, size: 25, currency: "", allocation: "all" });
    expect(vaViewQuery(parseVaView({}))).toBe("");
  });

  it("filters the loaded page by allocation state; real accounts only under all", () => {
    const rows = [account("1", "Jane"), account("2", "UNALLOCATED"), account("2000123001", "Acme", "CMS Settlement")];
    expect(filterByAllocation(rows, "all")).toHaveLength(3);
    expect(filterByAllocation(rows, "allocated").map((a) => a.virtualAccountNumber)).toEqual(["1"]);
    expect(filterByAllocation(rows, "unallocated").map((a) => a.virtualAccountNumber)).toEqual(["2"]);
  });
});
