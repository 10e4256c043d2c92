// The production entry: Next's request handler behind node:http, so that the
// client address reaching the API is the socket's (X-Forwarded-For is only
// trusted with TRUST_PROXY=1), that uat-only portal pages answer a real 404 in
// production, and that a graceful stop also stops the embedded PostgreSQL this
// process may have started.
import http from "node:http";
import next from "next";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";

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

const server = http.createServer((req, res) => {
  const socketAddress = req.socket.remoteAddress ?? "";
  const forwarded = req.headers["x-forwarded-for"];
  req.headers["x-forwarded-for"] =
    trustProxy && forwarded ? `${Array.isArray(forwarded) ? forwarded.join(", ") : forwarded}, ${socketAddress}` : socketAddress;
  if (UAT_ONLY_PAGES.size > 0 && UAT_ONLY_PAGES.has((req.url ?? "").split("?")[0].replace(/\/$/, ""))) req.url = "/_not-in-this-environment";
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`Harbour listening on http://localhost:${port} (APP_ENV=${process.env.APP_ENV ?? "uat"})`);
  // Open the database now rather than on the first request.
  fetch(`http://127.0.0.1:${port}/healthz`).catch(() => {});
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections?.();
    const embedded = process.env.DATABASE_URL ? Promise.resolve() : stopEmbeddedPostgres(process.env.DATA_DIR ?? "./.data");
    embedded.finally(() => process.exit(0));
  });
}
