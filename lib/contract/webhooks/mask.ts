/**
 * How a custom header's value is shown once stored (API responses, the portal): sealed at rest, it is often a
 * receiver's API key. Values of 12 characters or more show their last four, enough to tell two keys apart;
 * shorter ones show nothing of themselves, since four characters would be a third of them or more.
 */
export const MASK = "****";
const SHOW_TAIL_FROM = 12;

export function maskHeaderValue(value: string): string {
  return value.length >= SHOW_TAIL_FROM ? `${MASK}${value.slice(-4)}` : MASK;
}
