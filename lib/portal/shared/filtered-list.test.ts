import { describe, expect, it } from "vitest";
import { fetchEveryPage, listPageQuery, listViewQuery, pageFromUrl, type PageRequest } from "@/lib/portal/shared/filtered-list";

describe("a filtered, server-paged list", () => {
  it("reads page and size from the URL, falling back to the first page at the default size", () => {
    expect(pageFromUrl({ page: "3", size: "50" })).toEqual({ page: 3, size: 50 });
    expect(pageFromUrl({ page: "0", size: "7" })).toEqual({ page: 1, size: 25 });
    expect(pageFromUrl({ page: ["2", "9"] })).toEqual({ page: 2, size: 25 });
  });

  it("puts set filters under their URL names, and page and size only when not the defaults", () => {
    expect(listViewQuery({ page: 1, size: 25, filters: {} }, { accountNumber: "account" })).toBe("");
    expect(listViewQuery({ page: 2, size: 50, filters: { accountNumber: "1000123456", other: "x" } }, { accountNumber: "account" })).toBe(
      "?account=1000123456&page=2&size=50",
    );
  });

  it("sends the page token instead of the size: the token pins the size", () => {
    expect(listPageQuery({ rail: "ACH", status: "" }, { pageStart: 1, pageSize: 25 })).toEqual({ rail: "ACH", pageStart: 1, pageSize: 25 });
    expect(listPageQuery({}, { pageStart: 2, pageSize: 25, pageToken: "t" })).toEqual({ pageStart: 2, pageToken: "t" });
  });

  it("reads every page of one result set with the first page's token, dropping a row seen twice", async () => {
    const asked: PageRequest[] = [];
    const pages = [
      ["a", "b"],
      ["b", "c"],
    ];
    const rows = await fetchEveryPage(
      async (page) => {
        asked.push(page);
        return { data: pages[page.pageStart - 1]!, meta: { pagination: { total_size: 1500, page_token: "tok" } } };
      },
      undefined,
      (row) => row,
    );
    expect(rows).toEqual(["a", "b", "c"]);
    expect(asked).toEqual([
      { pageStart: 1, pageSize: 1000 },
      { pageStart: 2, pageSize: 1000, pageToken: "tok" },
    ]);
  });
});
