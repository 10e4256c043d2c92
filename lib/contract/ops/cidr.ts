/**
 * IP allow-list entries (decisions §2): CIDRs in IPv4 or IPv6, checked here so a
 * form and the command line name the bad entry before anything is written.
 * Browser-safe: no node:net. Host bits must be zero (`10.0.0.0/8`, not
 * `10.0.0.1/8`), which is also what PostgreSQL's cidr type insists on.
 */

function ipv4Bits(address: string): string | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let bits = "";
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    bits += Number(part).toString(2).padStart(8, "0");
  }
  return bits;
}

function ipv6Bits(address: string): string | null {
  if (!/^[0-9a-fA-F:.]+$/.test(address)) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string | undefined): string[] | null => {
    if (!half) return [];
    const out: string[] = [];
    const items = half.split(":");
    for (const [i, item] of items.entries()) {
      if (i === items.length - 1 && item.includes(".")) {
        const v4 = ipv4Bits(item);
        if (!v4) return null;
        out.push(parseInt(v4.slice(0, 16), 2).toString(16), parseInt(v4.slice(16), 2).toString(16));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(item)) out.push(item);
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill("0"), ...tail];
  return all.map((g) => parseInt(g, 16).toString(2).padStart(16, "0")).join("");
}

/** A reason the text is not a CIDR, or null when it is one. */
export function cidrProblem(text: string): string | null {
  const [address = "", prefixText, extra] = text.split("/");
  if (extra !== undefined) return "must be an address and one /prefix";
  const bits = address.includes(":") ? ipv6Bits(address) : ipv4Bits(address);
  if (!bits) return `"${address}" is not an IPv4 or IPv6 address`;
  const prefix = prefixText === undefined ? bits.length : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= bits.length)) return `the prefix must be 0 to ${bits.length}`;
  if (bits.slice(prefix).includes("1")) return "has address bits set beyond the prefix";
  return null;
}
