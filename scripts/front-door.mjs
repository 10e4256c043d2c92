// What scripts/server.mjs does to every request before Next sees it, and to every response:
// the checks that must hold for all paths, including those Next answers before any route code.
import { randomBytes } from "node:crypto";
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
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(nonce, production) {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Production is served over TLS (directly or by a terminating proxy): browsers must never fall back to http.
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
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
  const nonce = randomBytes(16).toString("base64");
  const headers = securityHeaders(nonce, production);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  req.headers["content-security-policy"] = headers["Content-Security-Policy"];
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
