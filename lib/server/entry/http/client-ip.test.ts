import { describe, expect, it } from "vitest";
import { clientIpOf } from "@/lib/server/entry/http/client-ip";

const xff = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientIpOf (issue 19, item 8)", () => {
  it("without a trusted proxy: the socket's address, the only entry the server entry leaves", () => {
    expect(clientIpOf(xff("198.51.100.7"), { trustProxy: false, trustProxyHops: 1 })).toBe("198.51.100.7");
    expect(clientIpOf(xff("::ffff:198.51.100.7"), { trustProxy: false, trustProxyHops: 1 })).toBe("198.51.100.7");
    expect(clientIpOf(new Headers(), { trustProxy: false, trustProxyHops: 1 })).toBeNull();
  });

  it("behind trusted proxies: the right-most address not added by one of them, never what the client wrote", () => {
    // The client wrote "10.0.0.1" (an allowed address); the balancer appended what it saw; the entry the socket's.
    const list = "10.0.0.1, 203.0.113.9, 127.0.0.1";
    expect(clientIpOf(xff(list), { trustProxy: true, trustProxyHops: 1 })).toBe("203.0.113.9");
    // Two proxies of ours (a CDN, then the balancer): the CDN's entry is the client.
    expect(clientIpOf(xff("10.0.0.1, 203.0.113.9, 192.0.2.1, 127.0.0.1"), { trustProxy: true, trustProxyHops: 2 })).toBe("203.0.113.9");
    // Fewer entries than hops (a request that skipped a proxy): the left-most there is.
    expect(clientIpOf(xff("127.0.0.1"), { trustProxy: true, trustProxyHops: 2 })).toBe("127.0.0.1");
  });
});
