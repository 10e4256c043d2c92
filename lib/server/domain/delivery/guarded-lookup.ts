import "server-only";
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { checkAddress, DestinationRefused, type DestinationPolicy } from "@/lib/server/domain/delivery/destination-policy";

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The resolver behind the guard: the system's by default; tests pass one that answers a hostile address. */
export type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for http.request / net.connect that resolves the host and
 * refuses the connection when any resolved address is forbidden. The socket
 * then connects to exactly the address checked here, so a DNS answer that
 * changes between the subscription check and delivery (DNS rebinding) still
 * cannot reach a private address.
 */
export function guardedLookup(policy: DestinationPolicy, resolve: Resolver = dnsLookup): LookupFunction {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      try {
        for (const { address } of addresses) checkAddress(address, policy);
      } catch (refused) {
        const failure = refused as NodeJS.ErrnoException;
        failure.code = "EREFUSEDDEST";
        return callback(failure, "");
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new DestinationRefused("host name has no addresses") as NodeJS.ErrnoException, "");
      callback(null, first.address, first.family);
    });
  };
  return lookup as LookupFunction;
}
