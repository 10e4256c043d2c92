import "server-only";
/**
 * The caller's address. Our server entry (scripts/server.mjs) overwrites
 * X-Forwarded-For with the socket address unless TRUST_PROXY=1, in which case
 * it appends the socket address to the proxy's list; either way the first
 * entry is the address to trust.
 */
export function clientIpOf(headers: Headers): string | null {
  const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (!first) return null;
  // IPv4-mapped IPv6 from dual-stack sockets: compare as plain IPv4.
  return first.startsWith("::ffff:") && first.includes(".") ? first.slice(7) : first;
}
