import { describe, expect, it } from "vitest";
import { allowedMoves } from "@/lib/contract/payments/schema";

describe("allowedMoves (decisions §5, docs/ledger.md)", () => {
  it("lets ACH and SWIFT payments settle, fail and be reversed, and nothing after", () => {
    for (const rail of ["ACH", "SWIFT"] as const) {
      expect(allowedMoves(rail, "Pending")).toEqual(["Completed", "Failed"]);
      expect(allowedMoves(rail, "Completed")).toEqual(["Reversed"]);
      expect(allowedMoves(rail, "Failed")).toEqual([]);
      expect(allowedMoves(rail, "Reversed")).toEqual([]);
    }
  });

  it("gives an internal transfer no move: it is Completed when made, and a transfer back is a new transfer", () => {
    expect(allowedMoves("INTERNAL", "Completed")).toEqual([]);
    expect(allowedMoves("INTERNAL", "Pending")).toEqual([]);
  });

  it("lets a Scheduled payment of any rail be cancelled, or fail on its day, and nothing after (docs/scheduling.md)", () => {
    for (const rail of ["ACH", "SWIFT", "INTERNAL"] as const) {
      expect(allowedMoves(rail, "Scheduled")).toEqual(["Cancelled", "Failed"]);
      expect(allowedMoves(rail, "Cancelled")).toEqual([]);
    }
  });
});
