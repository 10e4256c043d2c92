import { z } from "zod";

/**
 * The headers a client may have the bank send with its webhook deliveries and
 * virtual-account batch callbacks (spec §4.7, §4.8; decisions §7): one list of
 * reserved names and one schema for both. Browser-safe: zod only.
 */

export const MAX_CUSTOM_HEADERS = 10;
export const MAX_HEADER_NAME = 50;
export const MAX_HEADER_VALUE = 500;

/**
 * Names the bank sets itself (decisions §7), plus hop-by-hop and framing
 * headers: letting a client set Transfer-Encoding or Connection would let it
 * change how the request is framed on the wire.
 */
const RESERVED_HEADERS = new Set([
  "host",
  "content-type",
  "content-length",
  "authorization",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "proxy-authorization",
  "proxy-connection",
  "user-agent",
]);

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, space and tab: no CR/LF (header injection), no NUL. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

export function reservedHeaderReason(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.startsWith("svc-")) return "Svc-* headers are set by the bank";
  if (RESERVED_HEADERS.has(lower)) return `${name} is set by the bank`;
  return null;
}

/** A client's extra headers (webhook subscriptions, virtual-account batch callbacks). */
export const ZCustomHeaders = z
  .record(
    z.string().min(1).max(MAX_HEADER_NAME, `header names must be at most ${MAX_HEADER_NAME} characters`).regex(HEADER_NAME, "must be an HTTP header name"),
    z
      .string()
      .max(MAX_HEADER_VALUE, `header values must be at most ${MAX_HEADER_VALUE} characters`)
      .regex(HEADER_VALUE, "must be printable ASCII without line breaks"),
  )
  // Runs even when one entry is malformed, so the reserved names are reported in the same 400.
  .check(
    z.superRefine<Record<string, string>>(
      (headers, ctx) => {
        const names = Object.keys(headers);
        if (names.length > MAX_CUSTOM_HEADERS) ctx.addIssue({ code: "custom", message: `at most ${MAX_CUSTOM_HEADERS} headers` });
        const seen = new Set<string>();
        for (const name of names) {
          const reason = reservedHeaderReason(name);
          if (reason) ctx.addIssue({ code: "custom", path: [name], message: reason });
          if (seen.has(name.toLowerCase())) ctx.addIssue({ code: "custom", path: [name], message: "header names are case-insensitive: duplicate" });
          seen.add(name.toLowerCase());
        }
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value) },
    ),
  )
  .meta({ description: "Extra headers the bank sends (≤10; name ≤50, value ≤500)", example: { "X-Client-Ref": "erp-7" } });
