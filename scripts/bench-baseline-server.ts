// Baseline for `npm run bench`: bare node:http doing the same work as
// GET /v1/accounts/{n} (JWT verify, rate-limit write, the same query, JSON),
// without Next.js. Run with tsx; DATABASE_URL points at the bench database.
import http from "node:http";
import { getAccountOrThrow } from "@/lib/server/domain/accounts/service";
import { bearerToken } from "@/lib/server/core/auth/tokens";
import { admitRequest } from "@/lib/server/entry/http/rate-limit";
import { getRuntime } from "@/lib/server/entry/runtime";

const runtime = await getRuntime();
const port = Number(process.env.PORT ?? 3299);

http
  .createServer(async (req, res) => {
    try {
      const headers = new Headers(req.headers as Record<string, string>);
      const principal = await runtime.verifyToken(bearerToken(headers));
      await admitRequest(runtime.counterDb, principal, req.socket.remoteAddress ?? null, runtime.config.rateLimit);
      const accountNumber = decodeURIComponent((req.url ?? "").split("/").pop() ?? "");
      const body = JSON.stringify(await getAccountOrThrow(runtime.db, principal.clientId, accountNumber));
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  })
  .listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));
