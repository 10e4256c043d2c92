import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/server/core/config";

describe("parseConfig: the address links name (issue 19, item 8)", () => {
  it("production needs PUBLIC_BASE_URL or NEXTAUTH_URL: Host and X-Forwarded-Host must never decide links", () => {
    expect(() => parseConfig({ APP_ENV: "production" })).toThrow(/PUBLIC_BASE_URL/);
    expect(parseConfig({ APP_ENV: "production", PUBLIC_BASE_URL: "https://api.bank/" }).linkBaseUrl).toBe("https://api.bank");
    expect(parseConfig({ APP_ENV: "production", NEXTAUTH_URL: "https://portal.bank/api/auth" }).linkBaseUrl).toBe("https://portal.bank");
    expect(parseConfig({}).linkBaseUrl).toBeUndefined();
  });

  it("TRUST_PROXY_HOPS counts the proxies of ours in front, 1 by default", () => {
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "1", TRUST_PROXY_HOPS: "2" }).trustProxyHops).toBe(2);
    expect(() => parseConfig({ TRUST_PROXY_HOPS: "0" })).toThrow(/TRUST_PROXY_HOPS/);
  });
});
