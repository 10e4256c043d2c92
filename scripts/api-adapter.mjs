// The API's production path (issue 23, docs/api-adapter.md): /v1, /v2 and the health endpoints are
// served by node:http straight from their route modules in the Next build, without Next's
// per-request machinery (its router, request stores and response pipe cost about ten times the
// pipeline's own work). Every route is the route file's own export, endpoint(operation, handler)
// (lib/server/entry/http/endpoint.ts), so auth, admission, idempotency, parsing, negotiation,
// errors, logging and metrics are the pipeline's, whichever server calls it. Nothing here is per
// route: the table is read from the build, so an operation added the usual way is served.
//
// The adapter answers only requests whose route it knows for certain; everything else (HEAD,
// OPTIONS, a path with %-escapes, dot segments or a trailing slash, the catch-alls' 404) goes to
// Next as before, so its answer to them cannot change. A method the route does not answer (or no
// route answers: TRACE, CONNECT, PROPFIND) is refused here with the API's 405 and error body, on
// the path as the router would resolve it: Next answered those with an empty 405 or a bare 500.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { API_PATH, writeApiError } from "./api-error.mjs";
import { acceptsGzip, compressible, createGzipStream, GZIP_MIN_BYTES, gzipped } from "./api-gzip.mjs";

const require = createRequire(import.meta.url);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const HEALTH = new Set(["/healthz", "/livez", "/readyz", "/metrics"]);
/** Paths the adapter may answer: plain segments only (no %-escape, no empty, `.` or `..` segment, no trailing slash). */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~!$&'()*+,;=:@-]+)+$/;
const BODILESS = new Set(["GET", "HEAD"]);
/**
 * The text a pipeline Response was made from (lib/server/entry/http/text-response.ts, the same registry key): written
 * as it is, without the body stream, which such a Response makes only when asked.
 */
const BODY_TEXT = Symbol.for("harbour.response-text");
/** Methods Next passes to a route (HEAD runs GET; OPTIONS is answered with Allow): anything else never reaches one. */
const ROUTABLE = new Set([...METHODS, "HEAD", "OPTIONS"]);

/** Whether a route's pathname (`/v1/accounts/[accountNumber]`) is one the adapter serves. */
export function isAdapterRoute(pathname) {
  return /^\/v[12](\/|$)/.test(pathname) || HEALTH.has(pathname);
}

function newNode() {
  return { fixed: new Map(), param: null, route: null };
}

/**
 * The route table: every route module's exported methods, placed by the route's own pathname
 * (a `[name]` segment is a parameter). A catch-all (`[...name]`) is left to Next: it ranks below
 * every other route there, so anything this table matches is what Next would have matched.
 */
export function routeTable(routes) {
  const root = newNode();
  const entries = [];
  for (const { pathname, userland } of routes) {
    if (!isAdapterRoute(pathname)) continue;
    const segments = pathname.split("/").slice(1);
    if (segments.some((s) => s.startsWith("[..."))) continue;
    let node = root;
    for (const segment of segments) {
      const param = /^\[(.+)\]$/.exec(segment);
      if (!param) {
        if (!node.fixed.has(segment)) node.fixed.set(segment, newNode());
        node = node.fixed.get(segment);
        continue;
      }
      node.param ??= { name: param[1], node: newNode() };
      if (node.param.name !== param[1]) throw new Error(`api-adapter: ${pathname} names its parameter ${param[1]}, another route ${node.param.name}`);
      node = node.param.node;
    }
    const handlers = {};
    for (const method of METHODS) {
      if (typeof userland[method] !== "function") continue;
      handlers[method] = userland[method];
      entries.push({ method, pathname, handler: userland[method] });
    }
    node.route = { pathname, handlers };
  }
  return { entries, lookup: (method, pathname) => lookup(root, method, pathname), allowed: (pathname) => allowed(root, pathname) };
}

/** Fixed segments before parameters at every level, backtracking, as Next ranks its routes. */
function find(node, segments, index, params) {
  if (index === segments.length) return node.route ? { route: node.route, params } : null;
  const segment = segments[index];
  const fixed = node.fixed.get(segment);
  const found = fixed ? find(fixed, segments, index + 1, params) : null;
  if (found || !node.param) return found;
  return find(node.param.node, segments, index + 1, { ...params, [node.param.name]: segment });
}

function lookup(root, method, pathname) {
  if (!PLAIN_PATH.test(pathname)) return null;
  const found = find(root, pathname.split("/").slice(1), 0, {});
  const handler = found?.route.handlers[method];
  return handler ? { handler, params: found.params } : null;
}

const decodeSegment = (segment) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The methods the route at `pathname` answers, with the path resolved as Next's router resolves it; null when none is there. */
function allowed(root, pathname) {
  let resolved;
  try {
    resolved = new URL(pathname, "http://adapter.invalid").pathname;
  } catch {
    return null;
  }
  const segments = resolved.split("/").slice(1).map(decodeSegment);
  if (segments.length > 1 && segments.at(-1) === "") segments.pop();
  const found = find(root, segments, 0, {});
  if (!found) return null;
  const methods = Object.keys(found.route.handlers);
  return [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
}

/**
 * The API's 405 (decisions §3 body, an Allow header) for a method the path's route does not answer, or any method
 * no route answers; true when it has answered. Without a table yet (the adapter still loading, or API_ADAPTER=0),
 * only the methods no route answers are refused.
 */
export function refuseMethod(table, req, res) {
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (!API_PATH.test(pathname)) return false;
  const methods = table?.allowed(pathname) ?? null;
  if (ROUTABLE.has(req.method) && (methods === null || methods.includes(req.method))) return false;
  const allow = (methods ?? []).join(", ");
  const message = methods ? `This path answers ${allow}, not ${req.method}.` : `No API path answers ${req.method}.`;
  writeApiError(res, 405, "METHOD_NOT_ALLOWED", message, { headers: { allow } });
  return true;
}

/** The API routes of a production build (`<distDir>/server/app-paths-manifest.json`), loaded as Next loads them. */
export async function loadBuiltRoutes(distDir) {
  const serverDir = path.resolve(distDir, "server");
  const manifest = JSON.parse(readFileSync(path.join(serverDir, "app-paths-manifest.json"), "utf8"));
  const routes = [];
  for (const [page, file] of Object.entries(manifest)) {
    if (!page.endsWith("/route")) continue;
    const pathname = page.slice(0, -"/route".length).replace(/\/\([^/]+\)/g, "") || "/";
    if (!isAdapterRoute(pathname)) continue;
    // One module at a time with the event loop free in between: the server answers (through Next) meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    const { routeModule } = require(path.join(serverDir, file));
    await routeModule.ensureUserland();
    routes.push({ pathname, userland: routeModule.userland });
  }
  return routes;
}

/**
 * The request body as a web stream, read as the route reads it. A route that stops early (the pipeline's
 * 1 MiB limit) cancels it: the rest is then read and dropped, as Node drops any body nobody reads, so the
 * 413 reaches the client and the connection stays usable (Readable.toWeb would destroy the socket).
 */
function bodyStream(req) {
  let open = true;
  return new ReadableStream(
    {
      start(controller) {
        req.pause();
        req.on("data", (chunk) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if (controller.desiredSize <= 0) req.pause();
        });
        req.once("end", () => open && ((open = false), controller.close()));
        req.once("error", (error) => open && ((open = false), controller.error(error)));
      },
      pull() {
        req.resume();
      },
      cancel() {
        open = false;
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** The Request a route sees: the same URL, method, headers and streamed body Next would give it. */
function toRequest(req, origin) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const init = { method: req.method, headers };
  if (!BODILESS.has(req.method)) Object.assign(init, { body: bodyStream(req), duplex: "half" });
  return new Request(origin + req.url, init);
}

/** Writes to `out` (the response, or the gzip stream in front of it) with backpressure; false once the client went. */
async function write(res, out, chunk) {
  if (res.destroyed) return false;
  if (!out.write(chunk)) await new Promise((resolve) => (out.once("drain", resolve), res.once("close", resolve)));
  return !res.destroyed;
}

/** A body of one piece (text, or bytes when gzip is wanted): one write, gzipped first when wanted and large enough. */
async function sendWhole(res, body, gzipWanted) {
  if (!gzipWanted || !body || body.byteLength < GZIP_MIN_BYTES) return void res.end(body);
  const zipped = await gzipped(body);
  res.setHeader("content-encoding", "gzip");
  res.removeHeader("content-length");
  res.end(zipped);
}

/**
 * Writes a route's Response: one write for a one-chunk body, else streamed, cancelled when the client goes. JSON and
 * CSV are gzipped when the client accepts it: a one-chunk body from GZIP_MIN_BYTES, a streamed one always.
 */
async function send(req, res, response) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  // The text first: asking a text answer for its body would make the stream it exists to avoid.
  const text = response[BODY_TEXT];
  if (typeof text !== "string" && !response.body) return void res.end();
  const gzipWanted = compressible(res) && acceptsGzip(req.headers["accept-encoding"]);
  if (typeof text === "string") return sendWhole(res, gzipWanted ? Buffer.from(text) : text, gzipWanted);
  const reader = response.body.getReader();
  const gone = () => {
    if (!res.writableFinished) reader.cancel().catch(() => {});
  };
  res.once("close", gone);
  let chunk = await reader.read();
  let next = chunk.done ? chunk : await reader.read();
  if (next.done) return sendWhole(res, chunk.value, gzipWanted);
  let out = res;
  if (gzipWanted) {
    res.setHeader("content-encoding", "gzip");
    res.removeHeader("content-length");
    out = createGzipStream();
    out.on("error", () => res.destroy());
    out.pipe(res);
  }
  while (!chunk.done && (await write(res, out, chunk.value))) {
    chunk = next;
    next = chunk.done ? chunk : await reader.read();
  }
  out.end();
}

function internalError(res) {
  if (res.headersSent) return void res.destroy();
  writeApiError(res, 500, "INTERNAL_ERROR", "An unexpected error occurred. Quote the correlationId when contacting support.");
}

/**
 * The adapter over a route table: `serve(req, res)` answers and returns true, or returns false
 * and leaves the request untouched for Next. `origin` is the URL origin Next gives its requests
 * (`http://<bind address>:<port>`; https when X-Forwarded-Proto says so, as Next does).
 */
export function apiAdapter(table, { hostname, port }) {
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  return function serve(req, res) {
    if (refuseMethod(table, req, res)) return true;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const match = table.lookup(req.method, query === -1 ? url : url.slice(0, query));
    if (!match) return false;
    const proto = String(req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
    let request;
    try {
      request = toRequest(req, `${proto}://${host}:${port}`);
    } catch {
      // A header undici refuses: Next has its own way with it.
      return false;
    }
    const settled = () => {
      // A body the route never read (refused before parsing): drop it so the connection can be reused.
      if (!req.complete) request.body?.cancel().catch(() => req.resume());
    };
    // A route may answer synchronously (/livez) or throw: both become the one promise.
    new Promise((resolve) => resolve(match.handler(request, { params: Promise.resolve(match.params) }))).then(
      (response) => send(req, res, response).then(settled, (error) => (console.error("[api-adapter] response failed:", error), res.destroy())),
      (error) => (console.error("[api-adapter] route failed:", error), internalError(res), settled()),
    );
    return true;
  };
}
