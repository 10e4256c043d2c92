import "server-only";
import ipaddr from "ipaddr.js";
import { isIP } from "node:net";
import { IPV4_SPECIAL, IPV6_SPECIAL, type SpecialPurposeEntry } from "@/lib/server/domain/delivery/special-purpose";

/**
 * Which IP addresses an outbound webhook or callback may connect to
 * (decisions §7): judged against the IANA special-purpose registries
 * (special-purpose.ts). An address is refused when its most specific entry
 * is not globally reachable; IPv6 forms that carry an IPv4 address (mapped,
 * compatible, SIIT, NAT64, 6to4, Teredo) are judged by the IPv4 inside; and
 * IPv6 outside global unicast (2000::/3) is refused.
 */

type Rule = SpecialPurposeEntry & { range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

const rules = (table: readonly SpecialPurposeEntry[]): Rule[] =>
  table.map((entry) => ({ ...entry, range: ipaddr.parseCIDR(entry.cidr) })).sort((a, b) => b.range[1] - a.range[1]);

const V4_RULES = rules(IPV4_SPECIAL);
const V6_RULES = rules(IPV6_SPECIAL);
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/** Strips the brackets URL hostnames put around IPv6 literals and any zone id. */
export function bareAddress(host: string): string {
  const unbracketed = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return unbracketed.split("%")[0]!;
}

function mostSpecific(address: ipaddr.IPv4 | ipaddr.IPv6, table: Rule[]): Rule | undefined {
  // Sorted longest prefix first, so the first match is the most specific entry.
  return table.find((rule) => address.kind() === rule.range[0].kind() && address.match(rule.range));
}

const label = (rule: Rule) => `${rule.name} (${rule.cidr})`;

function judgeV4(address: ipaddr.IPv4): string | null {
  const rule = mostSpecific(address, V4_RULES);
  return rule && !rule.global ? label(rule) : null;
}

const v4FromBytes = (bytes: number[]) => new ipaddr.IPv4(bytes);

/** The IPv4 addresses an embedded-IPv4 IPv6 address carries (Teredo: its server and its obfuscated client). */
function embeddedV4(address: ipaddr.IPv6, form: NonNullable<SpecialPurposeEntry["embedded"]>): ipaddr.IPv4[] {
  const bytes = address.toByteArray();
  if (form === "6to4") return [v4FromBytes(bytes.slice(2, 6))];
  if (form === "teredo") return [v4FromBytes(bytes.slice(4, 8)), v4FromBytes(bytes.slice(12, 16).map((b) => b ^ 0xff))];
  return [v4FromBytes(bytes.slice(12, 16))];
}

function judgeV6(address: ipaddr.IPv6): string | null {
  const rule = mostSpecific(address, V6_RULES);
  if (rule?.embedded) {
    for (const inner of embeddedV4(address, rule.embedded)) {
      const reason = judgeV4(inner);
      if (reason) return `${label(rule)} carrying ${inner.toString()}, ${reason}`;
    }
    return null;
  }
  if (rule && !rule.global) return label(rule);
  if (!rule && !address.match(GLOBAL_UNICAST)) return "outside IPv6 global unicast (2000::/3)";
  return null;
}

/**
 * Why an address may not be contacted, or null when it is globally
 * reachable. Anything that is not an IP literal in a standard spelling is
 * refused: the caller must resolve names (and normalise URL hosts) first.
 */
export function forbiddenAddressReason(address: string): string | null {
  const ip = bareAddress(address);
  const family = isIP(ip);
  if (family === 0) return "not an IP address";
  const parsed = ipaddr.parse(ip);
  return parsed.kind() === "ipv4" ? judgeV4(parsed as ipaddr.IPv4) : judgeV6(parsed as ipaddr.IPv6);
}
