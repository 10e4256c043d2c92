import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import type { Config } from "@/lib/server/core/config";
import { bareAddress, forbiddenAddressReason } from "@/lib/server/domain/delivery/address-policy";

/**
 * Where outbound deliveries may go. Taken as a value (not read from the
 * environment here) so tests can exercise both policies in one process.
 */
export type DestinationPolicy = {
  /** uat default: loopback and private targets are allowed (decisions §1, §7). */
  allowPrivateNetworks: boolean;
  /** production: only https. */
  requireHttps: boolean;
};

export const MAX_URL_LENGTH = 2048;

export function destinationPolicyOf(config: Pick<Config, "appEnv" | "webhookAllowPrivateNetworks">): DestinationPolicy {
  const production = config.appEnv === "production";
  // Outside uat private targets are never allowed, whatever the flag says.
  return { allowPrivateNetworks: !production && config.webhookAllowPrivateNetworks, requireHttps: production };
}

export class DestinationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DestinationRefused";
  }
}

/** The checks that need no DNS: scheme, length, no credentials, literal addresses. */
export function checkUrlShape(raw: string, policy: DestinationPolicy): URL {
  if (raw.length > MAX_URL_LENGTH) throw new DestinationRefused(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused("must be an absolute URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new DestinationRefused("must use http or https");
  if (policy.requireHttps && url.protocol !== "https:") throw new DestinationRefused("must use https");
  if (url.username || url.password) throw new DestinationRefused("must not contain credentials");
  if (!url.hostname) throw new DestinationRefused("must name a host");
  const host = bareAddress(url.hostname);
  if (isIP(host)) checkAddress(host, policy);
  return url;
}

export function checkAddress(address: string, policy: DestinationPolicy): void {
  if (policy.allowPrivateNetworks) return;
  const reason = forbiddenAddressReason(address);
  if (reason) throw new DestinationRefused(`resolves to a non-public address: ${reason}`);
}

/**
 * Subscription-time check: the URL's shape and every address its host
 * resolves to now. Delivery time checks again at connect (guarded lookup),
 * because DNS can change in between.
 */
export async function checkDestination(raw: string, policy: DestinationPolicy): Promise<URL> {
  const url = checkUrlShape(raw, policy);
  const host = bareAddress(url.hostname);
  if (policy.allowPrivateNetworks || isIP(host)) return url;
  let addresses: { address: string }[];
  try {
    addresses = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    throw new DestinationRefused("host name does not resolve");
  }
  for (const { address } of addresses) checkAddress(address, policy);
  return url;
}
