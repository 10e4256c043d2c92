import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "@/lib/server/domain/delivery/address-policy";
import { guardedLookup, type Resolver } from "@/lib/server/domain/delivery/guarded-lookup";
import { ssrfCases } from "@/tests/ssrf-cases";

const strict = { allowPrivateNetworks: false, requireHttps: false };
const cases = ssrfCases();
const refused = cases.filter((c) => c.refused);

describe("SSRF guard: one case per IANA special-purpose registry entry", () => {
  it.each(cases.map((c) => [c.entry, c.address, c.refused] as const))("%s: %s refused=%s", (_, address, mustRefuse) => {
    expect(forbiddenAddressReason(address) !== null).toBe(mustRefuse);
  });

  it("judges every embedded-IPv4 spelling by the IPv4 inside", () => {
    for (const address of [
      "::ffff:0:10.0.0.1",
      "::ffff:0:a00:1",
      "::10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:101::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    ]) {
      expect(forbiddenAddressReason(address), address).not.toBeNull();
    }
    // Teredo whose server and client are public (2001:0:4136:e378:8000:63bf:f7f7:f7f7: client 8.8.8.8).
    expect(forbiddenAddressReason("2001:0:4136:e378:8000:63bf:f7f7:f7f7")).toBeNull();
    expect(forbiddenAddressReason("64:ff9b::808:808")).toBeNull();
  });

  it("refuses IPv6 outside global unicast and allows ordinary public addresses", () => {
    expect(forbiddenAddressReason("4000::1")).not.toBeNull();
    for (const ok of ["8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(forbiddenAddressReason(ok)).toBeNull();
  });
});

/** A resolver that answers every name with one address: DNS rebinding to whatever the table holds. */
const resolverFor =
  (address: string): Resolver =>
  (_host, _options, callback) =>
    callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]);

describe("SSRF guard at delivery time (the address the socket would connect to)", () => {
  it.each(refused.map((c) => [c.entry, c.address] as const))("refuses %s (%s) in the lookup, before any connect", async (_, address) => {
    const lookup = guardedLookup(strict, resolverFor(address));
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup("hooks.harbour.test", {}, (e) => resolve(e)));
    expect(error?.code).toBe("EREFUSEDDEST");
  });

  it("a socket given the guarded lookup never connects to a refused address", async () => {
    for (const { address } of refused.slice(0, 8)) {
      const socket = connect({ host: "hooks.harbour.test", port: 9, lookup: guardedLookup(strict, resolverFor(address)) });
      const outcome = await new Promise<string>((resolve) => {
        socket.once("connect", () => resolve("connected"));
        socket.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
      });
      socket.destroy();
      expect(outcome, address).toBe("EREFUSEDDEST");
    }
  });
});
