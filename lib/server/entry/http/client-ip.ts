import "server-only";
import { getConfig, type Config } from "@/lib/server/core/config";

/**
 * The caller's address. Our server entry (scripts/server.mjs) overwrites X-Forwarded-For with the socket address
 * unless TRUST_PROXY=1, in which case it appends the socket address to the proxies' list. Only the entries our own
 * proxies added can be believed: anything to their left was written by the client (an IP allow-list was bypassed by
 * trusting the left-most). So the address is the right-most one not added by a trusted hop: with TRUST_PROXY_HOPS
 * proxies in front, the entry that many places before the socket's.
 */
export function clientIpOf(headers: Headers, config: Pick<Config, "trustProxy" | "trustProxyHops"> = getConfig()): string | null {
  const hops = config.trustProxy ? config.trustProxyHops : 0;
  const list = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = list[Math.max(0, list.length - 1 - hops)];
  if (!address) return null;
  // IPv4-mapped IPv6 from dual-stack sockets: compare as plain IPv4.
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}
