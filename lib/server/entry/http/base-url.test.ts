import { describe, expect, it } from "vitest";
import { baseUrlOf } from "@/lib/server/entry/http/base-url";

const bound = new URL("http://0.0.0.0:3000/v1/x");

describe("baseUrlOf", () => {
  it("uses the configured base whenever set: neither Host nor X-Forwarded-Host steers a link, even behind a trusted proxy", () => {
    const headers = new Headers({ host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "http" });
    expect(baseUrlOf(headers, bound, { linkBaseUrl: "https://api.bank", trustProxy: false })).toBe("https://api.bank");
    expect(baseUrlOf(headers, bound, { linkBaseUrl: "https://api.bank", trustProxy: true })).toBe("https://api.bank");
  });

  it("uses the Host the client dialled, not the bind address", () => {
    expect(baseUrlOf(new Headers({ host: "localhost:3000" }), bound, { trustProxy: false })).toBe("http://localhost:3000");
  });

  it("ignores forwarded host and protocol unless the proxy is trusted", () => {
    const headers = new Headers({ host: "10.0.0.5:3000", "x-forwarded-host": "api.bank", "x-forwarded-proto": "https" });
    expect(baseUrlOf(headers, bound, { trustProxy: false })).toBe("http://10.0.0.5:3000");
    expect(baseUrlOf(headers, bound, { trustProxy: true })).toBe("https://api.bank");
  });

  it("falls back to the request origin for a malformed Host", () => {
    expect(baseUrlOf(new Headers({ host: "a b/c" }), bound, { trustProxy: false })).toBe("http://0.0.0.0:3000");
  });
});
