// The production entry: Next's request handler behind node:http, so that the
// client address reaching the API is the socket's (X-Forwarded-For is only
// trusted with TRUST_PROXY=1), that uat-only portal pages answer a real 404 in
// production, and that a graceful stop also stops the embedded PostgreSQL this
// process may have started.
import http from "node:http";
import next from "next";
import { apiAdapter, loadBuiltRoutes, refuseMethod, routeTable } from "./api-adapter.mjs";
import { answerClientError, answerConnect } from "./client-error.mjs";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";
import { frontDoor } from "./front-door.mjs";

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const trustProxy = process.env.TRUST_PROXY === "1";
// Decisions §8: the sandbox exists only in uat. Its page refuses too, but by then the portal's
// loading skeleton has streamed with a 200; here the request goes to a path no route serves, so
// Next answers 404 with the app's not-found page. (A Next proxy.ts did the same at about 0.1 ms
// of CPU on every request, measured.)
const UAT_ONLY_PAGES = process.env.APP_ENV === "production" ? new Set(["/webhooks/sandbox"]) : new Set();

const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
// /v1, /v2 and the health endpoints go to the lean adapter (scripts/api-adapter.mjs, docs/api-adapter.md) once its
// routes are loaded, and to Next until then; API_ADAPTER=0 leaves every request to Next (the benchmark's "before").
// Until then (and with API_ADAPTER=0) a method no route answers still gets the API's 405, not Next's 500.
let serveApi = (req, res) => refuseMethod(null, req, res);
function loadApiAdapter() {
  if (process.env.API_ADAPTER === "0") return;
  loadBuiltRoutes(process.env.NEXT_DIST_DIR ?? ".next").then(
    (routes) => {
      const table = routeTable(routes);
      serveApi = apiAdapter(table, { hostname, port });
      console.log(`Harbour: the API adapter serves ${table.entries.length} operations and health endpoints`);
    },
    (error) => console.error("Harbour: the API adapter could not load its routes; Next serves the API:", error),
  );
}

// Shared with lib/server/core/lifecycle.ts (same shape): draining turns /readyz to 503, and the app
// registers what a graceful stop must close (the worker, then the pools).
const lifecycle = (globalThis[Symbol.for("harbour.lifecycle")] ??= { draining: false, shutdownHooks: [] });
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS || 10_000);
if (!Number.isSafeInteger(GRACE_MS) || GRACE_MS < 0) {
  console.error(`Invalid environment: SHUTDOWN_GRACE_MS must be a whole number of milliseconds, got ${process.env.SHUTDOWN_GRACE_MS}`);
  process.exit(1);
}
let inFlight = 0;

const server = http.createServer((req, res) => {
  inFlight++;
  res.once("close", () => inFlight--);
  // While draining, a request that still arrives on an open connection is served, and the
  // connection closed after it, so the balancer opens its next one to another instance.
  if (lifecycle.draining) res.setHeader("connection", "close");
  // Security headers, malformed paths, proxy headers, repeated Authorization (scripts/front-door.mjs).
  if (frontDoor(req, res, { trustProxy, production: process.env.APP_ENV === "production" })) return;
  const socketAddress = req.socket.remoteAddress ?? "";
  const forwarded = req.headers["x-forwarded-for"];
  req.headers["x-forwarded-for"] = trustProxy && forwarded ? `${Array.isArray(forwarded) ? forwarded.join(", ") : forwarded}, ${socketAddress}` : socketAddress;
  if (UAT_ONLY_PAGES.size > 0 && UAT_ONLY_PAGES.has((req.url ?? "").split("?")[0].replace(/\/$/, ""))) req.url = "/_not-in-this-environment";
  if (serveApi(req, res)) return;
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
// Node's own refusals (an oversized header's 431, a malformed request's 400, a request timeout's 408) carry the API's error body.
server.on("clientError", answerClientError);
server.on("connect", answerConnect);
server.listen(port, hostname, () => {
  console.log(`Harbour listening on http://localhost:${port} (APP_ENV=${process.env.APP_ENV ?? "uat"})`);
  // Open the database now rather than on the first request; load the adapter's routes once it has answered.
  fetch(`http://127.0.0.1:${port}/healthz`)
    .catch(() => {})
    .finally(loadApiAdapter);
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A graceful stop (docs/cluster.md, Stopping gracefully): not ready at once, no new connections,
 * in-flight requests finish within the grace, then the worker finishes or releases its
 * tasks with what is left of it, then the pools and the embedded PostgreSQL close.
 */
async function shutdown(signal) {
  const deadline = Date.now() + GRACE_MS;
  lifecycle.draining = true;
  console.log(`Harbour: ${signal}, draining (grace ${GRACE_MS} ms, ${inFlight} request(s) in flight)`);
  server.close();
  while (inFlight > 0 && Date.now() < deadline) {
    // Connections that went idle after their last response would otherwise stay open until keepAliveTimeout.
    server.closeIdleConnections();
    await sleep(50);
  }
  server.closeAllConnections();
  for (const hook of [...lifecycle.shutdownHooks].sort((a, b) => a.order - b.order)) {
    await hook.run(Math.max(0, deadline - Date.now())).catch((error) => console.error("Harbour: shutdown step failed:", error?.message ?? error));
  }
  if (!process.env.DATABASE_URL) await stopEmbeddedPostgres(process.env.DATA_DIR ?? "./.data");
  console.log("Harbour: stopped");
  process.exit(0);
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    shutdown(signal).catch((error) => {
      console.error("Harbour: shutdown failed:", error);
      process.exit(1);
    });
  });
}
