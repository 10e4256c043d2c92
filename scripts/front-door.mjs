// What scripts/server.mjs does to every request before Next sees it, and to every response:
// the checks that must hold for all paths, including those Next answers before any route code.
import { randomFillSync } from "node:crypto";
import { API_PATH, writeApiError } from "./api-error.mjs";

/** Headers only a trusted proxy may set: they steer absolute URLs (next-auth, baseUrlOf) and the scheme. */
/** Read by lib/server/entry/portal/session.ts (requestPath). */
const REQUEST_PATH_HEADER = "x-harbour-request-path";
const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/** True when every %-escape of the path decodes to valid UTF-8 (Next answers a bare 500 otherwise). */
export function isDecodablePath(url) {
  const path = (url ?? "/").split("?")[0];
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server action posted from another origin. Next refuses it too, but with a 500 from
 * deep inside the render; refusing it here is a plain 403 and costs nothing.
 */
export function isCrossOriginServerAction(req, trustProxy) {
  if (req.method !== "POST" || req.headers["next-action"] === undefined) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const forwardedHost = trustProxy
    ? String(req.headers["x-forwarded-host"] ?? "")
        .split(",")[0]
        .trim()
    : "";
  try {
    return new URL(origin).host !== (forwardedHost || req.headers.host);
  } catch {
    return true;
  }
}

/**
 * The Content-Security-Policy of one response. Scripts run only with this response's nonce
 * (Next reads it from the request's own Content-Security-Policy header and puts it on every
 * script it renders); 'strict-dynamic' lets those scripts load the chunks they need. Styles
 * allow inline attributes (React's style props), never scripts.
 */
export function contentSecurityPolicy(nonce) {
  return CSP_BEFORE_NONCE + nonce + CSP_AFTER_NONCE;
}
const [CSP_BEFORE_NONCE, CSP_AFTER_NONCE] = [
  "default-src 'self'",
  "script-src 'self' 'nonce-\0' 'strict-dynamic'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]
  .join("; ")
  .split("\0");

/** The headers every response carries besides the CSP, made once (they never change while the server runs). */
function staticSecurityHeaders(production) {
  return Object.entries({
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Production is served over TLS (directly or by a terminating proxy): browsers must never fall back to http.
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  });
}
const STATIC_HEADERS = { true: staticSecurityHeaders(true), false: staticSecurityHeaders(false) };

/**
 * A fresh 128-bit nonce, base64. The random bytes are drawn from the system 4 KiB at a time and each 16 are used
 * once (as crypto.randomUUID caches its entropy): one randomBytes(16) per response was 5 % of a read's CPU.
 */
const NONCE_BYTES = 16;
const nonceEntropy = Buffer.alloc(256 * NONCE_BYTES);
let nonceOffset = nonceEntropy.length;
export function freshNonce() {
  if (nonceOffset === nonceEntropy.length) {
    randomFillSync(nonceEntropy);
    nonceOffset = 0;
  }
  const nonce = nonceEntropy.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * Runs before Next. Returns true when it has answered the request itself.
 * - /v1 and /v2 paths with malformed percent-encoding get the API's 400 error body.
 * - Authorization sent twice: Node keeps only the first; both are joined so the pipeline refuses.
 * - A server action posted from another origin gets a 403.
 * - X-Forwarded-Host/-Proto/Forwarded are dropped unless TRUST_PROXY=1.
 * - The request's path is handed to the app in x-harbour-request-path (whatever the client sent under that name).
 * - Every response carries the security headers, with a fresh CSP nonce.
 */
export function frontDoor(req, res, { trustProxy, production }) {
  const csp = contentSecurityPolicy(freshNonce());
  res.setHeader("Content-Security-Policy", csp);
  for (const [name, value] of STATIC_HEADERS[production]) res.setHeader(name, value);
  req.headers["content-security-policy"] = csp;
  // The path as asked, for the portal layout's sign-in redirect (layouts are not told it); never the client's own value.
  req.headers[REQUEST_PATH_HEADER] = req.url ?? "/";

  if (!trustProxy) for (const name of PROXY_HEADERS) delete req.headers[name];

  const authorizations = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === "authorization") authorizations.push(req.rawHeaders[i + 1]);
  if (authorizations.length > 1) req.headers.authorization = authorizations.join(", ");

  if (isCrossOriginServerAction(req, trustProxy)) {
    res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
    res.end("Forbidden: this form belongs to another site.");
    return true;
  }

  if (!isDecodablePath(req.url)) {
    if (API_PATH.test(req.url ?? "")) {
      writeApiError(res, 400, "VALIDATION_ERROR", "The request path holds malformed percent-encoding (each % must start a valid UTF-8 escape such as %20).", {
        field: "path",
        details: [{ field: "path", code: "MALFORMED_PERCENT_ENCODING", message: "malformed percent-encoding" }],
      });
    } else {
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
      res.end("Bad Request: the address holds malformed percent-encoding.");
    }
    return true;
  }
  return false;
}
