import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText } from "@/lib/contract/http/storable-text";

describe("storable text", () => {
  it("accepts any well-formed text, including paired surrogates (emoji)", () => {
    for (const ok of ["", "Acme Ltd.", "Zoë Ñandú", "日本語", "💷 rent", "\t\n"]) expect(isStorableText(ok)).toBe(true);
  });

  it("refuses NUL and unpaired surrogates, wherever they sit", () => {
    for (const bad of ["a\u0000b", "\ud800", "x\udc00", "\udc00\ud800", "end\ud83d"]) expect(isStorableText(bad)).toBe(false);
    expect(findUnstorableText(JSON.parse('{"a":{"items":[{"name":"ok"},{"name":"\\ud800"}]}}'))).toEqual({
      path: ["a", "items", 1, "name"],
      reason: "unpaired UTF-16 surrogate",
    });
    expect(findUnstorableText({ "k\u0000": 1 })).toEqual({ path: ["k\u0000"], reason: "NUL character" });
    expect(findUnstorableText({ a: [1, true, null, { b: "fine" }] })).toBeNull();
  });
});
