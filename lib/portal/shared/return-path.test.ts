import { describe, expect, it } from "vitest";
import { safeReturnPath } from "@/lib/portal/shared/return-path";

describe("safeReturnPath (open redirect after sign-in)", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeReturnPath("/accounts")).toBe("/accounts");
    expect(safeReturnPath("/payments?status=Pending#top")).toBe("/payments?status=Pending#top");
    expect(safeReturnPath("/accounts/%2F%2Fevil.example")).toBe("/accounts/%2F%2Fevil.example");
  });

  it("refuses every known trick to leave the origin", () => {
    const tricks = [
      "//evil.example",
      "/\t/evil.example",
      "/%09/evil.example".replace("%09", "\t"),
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\\/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/ /evil.example".replace(" ", "\u0000"),
      " //evil.example",
      "///evil.example",
      "/login?callbackUrl=//evil.example",
      // Dot segments resolved away leave "//" (issue 19, item 4).
      "/.//evil.example",
      "/./\\evil.example",
      "/x/..//evil.example",
      "/x/../\\evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "/a/b/../..//evil.example",
      "/.%2f/evil.example",
      "/./%5cevil.example",
      "",
      null,
      undefined,
    ];
    for (const trick of tricks) {
      const path = safeReturnPath(trick);
      // What a browser makes of the Location it is given (a relative reference against our page).
      expect(new URL(path, "https://portal.test/login").origin, JSON.stringify(trick)).toBe("https://portal.test");
      expect(new URL(path, "https://portal.test").origin, JSON.stringify(trick)).toBe("https://portal.test");
      expect(path.startsWith("//") || path.startsWith("/\\")).toBe(false);
    }
  });

  it("returns header-safe ASCII whatever was sent (CR, LF, multibyte)", () => {
    for (const raw of ["/accounts\r\nSet-Cookie: x=1", "/compte/é", "/日本", "/a\u2028b"]) {
      const path = safeReturnPath(raw);
      expect(path).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });
});
