import { describe, expect, it } from "vitest";
import { bankText } from "@/lib/contract/payments/charsets";

const ok = (rail: "ACH" | "SWIFT" | "INTERNAL", v: string) => bankText(rail, 140, "name").safeParse(v).success;

describe("bank message character sets", () => {
  it("refuses bidi overrides, isolates, marks and zero-width characters on every rail", () => {
    for (const hostile of ["Acme\u202eLtd", "Pay\u200bee", "a\u2066b\u2069", "x\u200fy", "\ufeffBOM", "line\u2028sep", "tab\tname", "nul\u0000"]) {
      for (const rail of ["ACH", "SWIFT", "INTERNAL"] as const) expect(ok(rail, hostile), `${rail} ${JSON.stringify(hostile)}`).toBe(false);
    }
    const message = bankText("SWIFT", 140, "name").safeParse("Acme\u202eLtd").error?.issues[0]?.message;
    expect(message).toContain("invisible or direction-changing");
  });

  it("accepts each rail's own set", () => {
    expect(ok("ACH", "Harbour Supplies & Co. #42")).toBe(true);
    expect(ok("ACH", "Zoë")).toBe(false);
    expect(ok("SWIFT", "Rhein Logistik GmbH (Hamburg) 1/2 - ok?")).toBe(true);
    expect(ok("SWIFT", "Smith & Sons")).toBe(false);
    expect(ok("INTERNAL", "Zoë's rent 💷")).toBe(true);
  });
});
