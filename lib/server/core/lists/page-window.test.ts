import { describe, expect, it } from "vitest";
import { cursorAfter, formatOrderTs, parseOrderTs, planWindow } from "@/lib/server/core/lists/page-window";

const summary = { total: 1000, snapshotUs: 9_000n };

describe("planWindow", () => {
  it("counts from the snapshot bound without a cursor", () => {
    expect(planWindow(1, 100, summary, null)).toEqual({ upToUs: 9_000n, offset: 0 });
    expect(planWindow(4, 100, summary, null)).toEqual({ upToUs: 9_000n, offset: 300 });
  });

  it("seeks from the cursor for the next page and any later one", () => {
    const cursor = { page: 3, atUs: 5_000n, skip: 2 };
    expect(planWindow(4, 100, summary, cursor)).toEqual({ upToUs: 5_000n, offset: 2 });
    expect(planWindow(6, 100, summary, cursor)).toEqual({ upToUs: 5_000n, offset: 202 });
  });

  it("counts from the snapshot for the cursor's page or an earlier one", () => {
    const cursor = { page: 3, atUs: 5_000n, skip: 2 };
    expect(planWindow(3, 100, summary, cursor)).toEqual({ upToUs: 9_000n, offset: 200 });
    expect(planWindow(1, 100, summary, cursor)).toEqual({ upToUs: 9_000n, offset: 0 });
  });
});

describe("cursorAfter", () => {
  const window = { upToUs: 9_000n, offset: 200 };

  it("has no position after an empty page", () => {
    expect(cursorAfter(3, window, [])).toBeNull();
  });

  it("ends at the last row and counts the rows of its timestamp shown on the page", () => {
    expect(cursorAfter(3, window, [8_000n, 7_000n, 7_000n])).toEqual({ page: 3, atUs: 7_000n, skip: 2 });
    expect(cursorAfter(3, window, [8_000n, 8_000n, 7_000n])).toEqual({ page: 3, atUs: 7_000n, skip: 1 });
  });

  it("adds the skipped rows when the whole page shares the window's bound (a tie group longer than a page)", () => {
    expect(cursorAfter(4, { upToUs: 7_000n, offset: 5 }, [7_000n, 7_000n])).toEqual({ page: 4, atUs: 7_000n, skip: 7 });
  });

  it("gives up when the page is one timestamp below the bound (how many came before is unknown)", () => {
    expect(cursorAfter(3, window, [7_000n, 7_000n])).toBeNull();
  });

  it("walks a list with ties across page boundaries to exactly its rows (simulated against the SQL semantics)", () => {
    // Rows: timestamps with long tie groups; each row's id is its index in list order.
    const ts = [9, 9, 9, 8, 8, 7, 7, 7, 7, 7, 6, 5, 5, 4, 4, 4, 3, 2, 2, 1].map(BigInt);
    const page = (w: { upToUs: bigint; offset: number }, limit: number) =>
      ts
        .map((t, id) => ({ t, id }))
        .filter((r) => r.t <= w.upToUs)
        .slice(w.offset, w.offset + limit);
    for (const size of [1, 2, 3, 4, 7]) {
      let cursor = null;
      const seen: number[] = [];
      for (let p = 1; p <= Math.ceil(ts.length / size) + 1; p++) {
        const w = planWindow(p, size, { total: ts.length, snapshotUs: 9n }, cursor);
        const rows = page(w, size);
        seen.push(...rows.map((r) => r.id));
        cursor =
          cursorAfter(
            p,
            w,
            rows.map((r) => r.t),
          ) ?? cursor;
      }
      expect(seen).toEqual(ts.map((_, id) => id));
    }
  });
});

describe("order timestamps", () => {
  it("round-trip PostgreSQL's microsecond text exactly", () => {
    for (const text of ["2026-11-25T05:59:07.123456Z", "1970-01-01T00:00:00.000000Z", "2099-12-31T23:59:59.999999Z"]) {
      expect(formatOrderTs(parseOrderTs(text))).toBe(text);
    }
    expect(parseOrderTs("2026-11-25T05:59:07.000001Z") - parseOrderTs("2026-11-25T05:59:07.000000Z")).toBe(1n);
  });

  it("refuses text that is not one", () => {
    expect(() => parseOrderTs("2026-11-25 05:59:07")).toThrow();
  });
});
