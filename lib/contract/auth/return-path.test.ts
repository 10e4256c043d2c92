import { describe, expect, it } from "vitest";
import { safeReturnPath } from "@/lib/contract/auth/return-path";

describe("safeReturnPath (open redirect after sign-in)", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeReturnPath("/accounts")).toBe("/accounts");
    expect(safeReturnPath("/payments?status=Pending#top")).toBe("/payments?status=Pending#top");
    expect(safeReturnPath("/accounts/%2F%2F127.0.0.1:9")).toBe("/accounts/%2F%2F127.0.0.1:9");
  });

  it("refuses every known trick to leave the origin", () => {
    const tricks = [
      "//127.0.0.1:9",
      "/\t/127.0.0.1:9",
      "/%09/127.0.0.1:9".replace("%09", "\t"),
      "/\n/127.0.0.1:9",
      "/\r\n/127.0.0.1:9",
      "/\\127.0.0.1:9",
      "\\\\127.0.0.1:9",
      "/\\/127.0.0.1:9",
      "https://127.0.0.1:9",
      "javascript:alert(1)",
      "/ /127.0.0.1:9".replace(" ", "\u0000"),
      " //127.0.0.1:9",
      "///127.0.0.1:9",
      "/login?callbackUrl=//127.0.0.1:9",
      // Dot segments resolved away leave "//" (issue 19, item 4).
      "/.//127.0.0.1:9",
      "/./\\127.0.0.1:9",
      "/x/..//127.0.0.1:9",
      "/x/../\\127.0.0.1:9",
      "/%2e//127.0.0.1:9",
      "/%2E%2E//127.0.0.1:9",
      "/a/b/../..//127.0.0.1:9",
      "/.%2f/127.0.0.1:9",
      "/./%5c127.0.0.1:9",
      "",
      null,
      undefined,
    ];
    for (const trick of tricks) {
      const path = safeReturnPath(trick);
      // What a browser makes of the Location it is given (a relative reference against our page).
      expect(new URL(path, "https://127.0.0.1:3000/login").origin, JSON.stringify(trick)).toBe("https://127.0.0.1:3000");
      expect(new URL(path, "https://127.0.0.1:3000").origin, JSON.stringify(trick)).toBe("https://127.0.0.1:3000");
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
