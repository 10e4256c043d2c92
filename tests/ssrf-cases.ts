import ipaddr from "ipaddr.js";
import { IPV4_SPECIAL, IPV6_SPECIAL, type SpecialPurposeEntry } from "@/lib/server/domain/delivery/special-purpose";

/**
 * Test cases derived from the registries (special-purpose.ts), one or more
 * per entry: an address inside it and whether the guard must refuse it. For
 * embedded-IPv4 forms, one carrying loopback (refused) and one carrying a
 * public address (judged by it). Shared by the unit, integration and delivery tests.
 */
export type SsrfCase = { entry: string; address: string; refused: boolean };

const LOOPBACK = [127, 0, 0, 1];
const PUBLIC = [8, 8, 8, 8];

function inside(entry: SpecialPurposeEntry): number[] {
  const [network, prefix] = ipaddr.parseCIDR(entry.cidr);
  const bytes = network.toByteArray();
  // A host inside the block rather than its network address, when the block has more than one.
  if (prefix < bytes.length * 8) bytes[bytes.length - 1]! |= 1;
  return bytes;
}

function carrying(entry: SpecialPurposeEntry, v4: number[]): string {
  const bytes = inside(entry);
  if (entry.embedded === "6to4") bytes.splice(2, 4, ...v4);
  else if (entry.embedded === "teredo") {
    bytes.splice(4, 4, ...v4);
    bytes.splice(12, 4, ...v4.map((b) => b ^ 0xff));
  } else bytes.splice(12, 4, ...v4);
  return ipaddr.fromByteArray(bytes).toString();
}

export function ssrfCases(): SsrfCase[] {
  const cases: SsrfCase[] = [];
  for (const entry of [...IPV4_SPECIAL, ...IPV6_SPECIAL]) {
    if (entry.embedded) {
      cases.push({ entry: `${entry.name} ${entry.cidr} carrying 127.0.0.1`, address: carrying(entry, LOOPBACK), refused: true });
      cases.push({ entry: `${entry.name} ${entry.cidr} carrying 8.8.8.8`, address: carrying(entry, PUBLIC), refused: false });
    } else {
      cases.push({ entry: `${entry.name} ${entry.cidr}`, address: ipaddr.fromByteArray(inside(entry)).toString(), refused: !entry.global });
    }
  }
  return cases;
}
