import "server-only";
/**
 * The absolute base for links in responses and pages (statusUrl, resultUrl, the OpenAPI server, the portal's
 * API and webhook snippets): the configured one (PUBLIC_BASE_URL, else NEXTAUTH_URL's origin; production requires
 * one) whenever set, so neither Host nor X-Forwarded-Host can steer a link; else (uat) what the caller used to reach
 * us. The request URL itself cannot be used: behind our node:http entry it carries the bind address (0.0.0.0), not
 * the name the client dialled. Forwarded host and protocol count only behind a trusted proxy.
 */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export function baseUrlOf(headers: Headers, fallback: URL, options: { linkBaseUrl?: string; trustProxy: boolean }): string {
  if (options.linkBaseUrl) return options.linkBaseUrl;
  const forwardedHost = options.trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || headers.get("host") || "";
  if (!HOST.test(host)) return fallback.origin;
  const forwardedProto = options.trustProxy ? headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : fallback.protocol.replace(":", "");
  return `${proto}://${host}`;
}
