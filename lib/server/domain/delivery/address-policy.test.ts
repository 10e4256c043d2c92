import { describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "@/lib/server/domain/delivery/address-policy";
import { checkUrlShape, DestinationRefused, destinationPolicyOf } from "@/lib/server/domain/delivery/destination-policy";
import { nextRetryDelayMs, RETRY_DELAYS_MS } from "@/lib/server/domain/delivery/retry-schedule";

const strict = { allowPrivateNetworks: false, requireHttps: false };

describe("forbiddenAddressReason", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "192.0.2.10",
    "::",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "fc00::1",
    "fd12::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "2001:db8::1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
  ])("refuses %s", (address) => {
    expect(forbiddenAddressReason(address)).not.toBeNull();
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe("checkUrlShape", () => {
  it.each(["http://127.1/", "http://2130706433/", "http://0x7f000001/", "http://0177.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://[::1]:8080/"])(
    "normalises and refuses the loopback spelling %s",
    (url) => {
      expect(() => checkUrlShape(url, strict)).toThrow(DestinationRefused);
    },
  );

  it.each(["ftp://127.0.0.1/", "file:///etc/passwd", "gopher://127.0.0.1/", "javascript:alert(1)", "/relative", "https://user:pw@127.0.0.1/"])(
    "refuses %s whatever the policy",
    (url) => {
      expect(() => checkUrlShape(url, { allowPrivateNetworks: true, requireHttps: false })).toThrow(DestinationRefused);
    },
  );

  it("requires https in production and refuses private targets there even when the flag says 1", () => {
    const production = destinationPolicyOf({ appEnv: "production", webhookAllowPrivateNetworks: true });
    expect(production).toEqual({ allowPrivateNetworks: false, requireHttps: true });
    expect(() => checkUrlShape("http://receiver.harbour.test/", production)).toThrow("must use https");
    expect(checkUrlShape("https://receiver.harbour.test/x", production).pathname).toBe("/x");
  });

  it("limits the length to 2048", () => {
    expect(() => checkUrlShape(`https://receiver.harbour.test/${"a".repeat(2021)}`, strict)).toThrow("2048");
  });
});

describe("retry schedule", () => {
  it("follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h scaled, with ±10 % jitter, then stops", () => {
    expect(RETRY_DELAYS_MS.map((_, i) => nextRetryDelayMs(i + 1, 1, () => 0.5))).toEqual([5e3, 3e5, 1.8e6, 7.2e6, 1.8e7, 3.6e7, 3.6e7]);
    expect(nextRetryDelayMs(1, 0.001, () => 0.5)).toBe(5);
    expect(nextRetryDelayMs(1, 1, () => 0)).toBe(4500);
    expect(nextRetryDelayMs(1, 1, () => 1)).toBe(5500);
    expect(nextRetryDelayMs(8, 1)).toBeNull();
  });
});
