import "server-only";
import { BlockList, isIP } from "node:net";

/**
 * Which IP addresses an outbound webhook or callback may connect to
 * (decisions §7). Anything that reaches the bank's own network, the host, or
 * a cloud metadata service is refused, in every spelling an attacker might
 * use: IPv4, IPv6, and IPv6 forms that embed an IPv4 address.
 */
const FORBIDDEN_V4: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "unspecified/this-network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const FORBIDDEN_V6: Array<[string, number, string]> = [
  // ::/128 unspecified, ::1 loopback and the deprecated IPv4-compatible ::a.b.c.d block.
  ["::", 96, "unspecified/loopback/IPv4-compatible"],
  ["64:ff9b::", 96, "NAT64 (embeds an IPv4 address)"],
  ["64:ff9b:1::", 48, "local NAT64"],
  ["100::", 64, "discard-only"],
  ["2001:db8::", 32, "documentation"],
  ["2002::", 16, "6to4 (embeds an IPv4 address)"],
  ["fc00::", 7, "unique-local"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local (deprecated)"],
  ["ff00::", 8, "multicast"],
];

const V4_RULES = FORBIDDEN_V4.map(([net, prefix, label]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, "ipv4");
  return { list, label: `${label} (${net}/${prefix})` };
});

const V6_RULES = FORBIDDEN_V6.map(([net, prefix, label]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, "ipv6");
  return { list, label: `${label} (${net}/${prefix})` };
});

/** Strips the brackets URL hostnames put around IPv6 literals and any zone id. */
export function bareAddress(host: string): string {
  const unbracketed = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return unbracketed.split("%")[0]!;
}

/**
 * Why an address may not be contacted, or null when it is public. Node's
 * BlockList also matches IPv4-mapped IPv6 (`::ffff:127.0.0.1`,
 * `::ffff:7f00:1`) against the IPv4 rules. Anything that is not an IP
 * literal is refused: the caller must resolve names first.
 */
export function forbiddenAddressReason(address: string): string | null {
  const ip = bareAddress(address);
  const family = isIP(ip);
  if (family === 4) return V4_RULES.find((r) => r.list.check(ip, "ipv4"))?.label ?? null;
  if (family === 6) {
    const v6 = V6_RULES.find((r) => r.list.check(ip, "ipv6"));
    if (v6) return v6.label;
    // IPv4-mapped (::ffff:0:0/96): judged by the IPv4 address it carries.
    return V4_RULES.find((r) => r.list.check(ip, "ipv6"))?.label ?? null;
  }
  return "not an IP address";
}
