import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/contract/api/registry";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { sourceRoutes } from "@/tests/route-files";
import { refuseMethod, routeTable, type BuiltRoute, type RouteTable } from "./api-adapter.mjs";
import { acceptsGzip } from "./api-gzip.mjs";

// The production API is served by scripts/api-adapter.mjs from the route files; `next dev` serves the same files.
// These tests keep the two from drifting: every API route file is endpoint(operation, handler) of a registered
// operation, and the adapter's table over those files serves exactly the registered operations.
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** The unknown-path 404s of the API: Next keeps serving it (it ranks below every route), the adapter never matches it. */
const CATCH_ALLS = new Set(["/v1/[...path]", "/v2/[...path]"]);
/**
 * Operations whose contract landed on main before their route files (the OpenAPI document names them; until the
 * routes land, they answer the catch-all's 404). Each entry names its issue; the list only ever shrinks.
 */
const REGISTERED_AHEAD_OF_ROUTES = new Set<string>([]);
const operationPathOf = (pathname: string) => pathname.replace(/\[([^\]]+)\]/g, "{$1}");

let routes: BuiltRoute[];
let table: RouteTable;

beforeAll(async () => {
  routes = await sourceRoutes();
  table = routeTable(routes);
}, 60_000);

describe("the API's route files", () => {
  it("are each endpoint(operation, handler) of a registered operation at the file's own path and method", () => {
    const registered = new Set<OperationSpec>(OPERATIONS);
    const api = routes.filter((r) => /^\/v[12]\//.test(r.pathname) && !CATCH_ALLS.has(r.pathname));
    expect(api.length).toBeGreaterThan(30);
    for (const { pathname, userland } of api) {
      const exported = METHODS.filter((m) => typeof userland[m] === "function");
      expect(exported.length, `${pathname} exports no method`).toBeGreaterThan(0);
      for (const method of exported) {
        const operation = (userland[method] as { operation?: OperationSpec }).operation;
        expect(operation, `${method} ${pathname} is not built with endpoint()`).toBeDefined();
        expect(registered.has(operation!), `${method} ${pathname}: ${operation!.id} is not in lib/contract/api/registry.ts`).toBe(true);
        expect(`${operation!.method} ${operation!.path}`).toBe(`${method} ${operationPathOf(pathname)}`);
      }
    }
  });
});

describe("the API adapter's route table", () => {
  it("serves exactly the registered operations, each with its own route's handler", () => {
    const api = table.entries.filter((e) => /^\/v[12]\//.test(e.pathname));
    const served = new Set(api.map((e) => `${e.method} ${operationPathOf(e.pathname)}`));
    expect(served.size).toBe(api.length);
    for (const entry of api) {
      const operation = (entry.handler as unknown as { operation: OperationSpec }).operation;
      expect(OPERATIONS, `${entry.method} ${entry.pathname}`).toContain(operation);
      expect(`${operation.method} ${operation.path}`).toBe(`${entry.method} ${operationPathOf(entry.pathname)}`);
    }
    const unserved = OPERATIONS.filter((o) => !served.has(`${o.method} ${o.path}`)).map((o) => o.id);
    expect(
      unserved.filter((id) => !REGISTERED_AHEAD_OF_ROUTES.has(id)),
      "registered operations no route file serves",
    ).toEqual([]);
  });

  it("serves the health endpoints, and nothing of the portal or /api", () => {
    const others = table.entries.filter((e) => !/^\/v[12]\//.test(e.pathname)).map((e) => `${e.method} ${e.pathname}`);
    expect(others.sort()).toEqual(["GET /healthz", "GET /livez", "GET /metrics", "GET /readyz"]);
  });

  it("matches a route's fixed segments before its parameters, and hands the parameters over", () => {
    const one = table.lookup("GET", "/v1/accounts/1000123456");
    expect(one?.params).toEqual({ accountNumber: "1000123456" });
    expect((one?.handler as unknown as { operation: OperationSpec }).operation.id).toBe("getAccount");
    const balances = table.lookup("POST", "/v1/virtual-accounts/balances");
    expect(balances?.params).toEqual({});
    expect((balances?.handler as unknown as { operation: OperationSpec }).operation.path).toBe("/v1/virtual-accounts/balances");
  });

  it("leaves to Next whatever it cannot answer exactly as Next would", () => {
    for (const [method, pathname] of [
      ["HEAD", "/v1/accounts"], // Next's HEAD from GET
      ["OPTIONS", "/v1/accounts"], // Next's Allow
      ["PUT", "/v1/accounts/1000123456"], // Next's 405 for a method the route lacks
      ["GET", "/v1/virtual-accounts/balances"], // the same: the fixed route wins the path, whatever its methods
      ["GET", "/v1/no/such/operation"], // the catch-all's 404
      ["GET", "/v1/accounts/"], // Next's trailing-slash redirect
      ["GET", "/v1//accounts"],
      ["GET", "/v1/accounts/%31000123456"], // %-escapes: Next decodes before it matches
      ["GET", "/v1/accounts/../accounts"],
      ["GET", "/dashboard"],
      ["GET", "/api/portal/status"],
    ] as const) {
      expect(table.lookup(method, pathname), `${method} ${pathname}`).toBeNull();
    }
  });
});

describe("gzip is chosen by Accept-Encoding", () => {
  it("accepts gzip when it is named or covered by *, with a q-value above 0", () => {
    for (const header of ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.5", "*", "deflate, *;q=0.1", "x-gzip", "GZIP"]) {
      expect(acceptsGzip(header), header).toBe(true);
    }
  });

  it("refuses gzip when it is absent, has q=0, or * has q=0 and gzip is not named", () => {
    for (const header of [undefined, "", "identity", "br, deflate", "gzip;q=0", "*;q=0", "gzip;q=0, *", "br, *;q=0"]) {
      expect(acceptsGzip(header), String(header)).toBe(false);
    }
  });
});

/** A raw request (fetch refuses TRACE and resolves dot segments itself). */
function send(port: number, method: string, path: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the API's 405 (issue 19, item 9: TRACE answered 500, a missing method a bare 405)", () => {
  let server: http.Server;
  let port: number;
  let current: RouteTable | null;

  beforeAll(async () => {
    server = http.createServer((req, res) => refuseMethod(current, req, res) || res.end("left to the route"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const expectApi405 = (res: { status: number; body: string }, where: string) => {
    expect(res.status, where).toBe(405);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body), where).toEqual(["error", "message", "code", "field", "details", "correlationId"]);
    expect(body, where).toMatchObject({ error: "Method Not Allowed", code: "METHOD_NOT_ALLOWED", field: null, details: null });
  };

  it("refuses TRACE on every /v1 and /v2 route with the error body and the route's Allow", async () => {
    current = table;
    const pathnames = new Set(table.entries.filter((e) => /^\/v[12]\//.test(e.pathname)).map((e) => e.pathname.replace(/\[[^\]]+\]/g, "x1")));
    for (const pathname of pathnames) {
      const res = await send(port, "TRACE", pathname);
      expectApi405(res, pathname);
      expect(res.allow, pathname).toContain("OPTIONS");
    }
    expect((await send(port, "TRACE", "/v1/accounts")).allow).toBe("GET, HEAD, OPTIONS");
  });

  it("refuses a method the route lacks, on the path as the router resolves it (dot segments, escapes, a trailing slash)", async () => {
    current = table;
    for (const [method, path] of [
      ["PATCH", "/v1/accounts"],
      ["PUT", "/v1/accounts/1000123456"],
      ["DELETE", "/v1/./accounts"],
      ["PATCH", "/v1/x/../accounts"],
      ["PATCH", "/v1/acc%6Funts/"],
      ["HEAD", "/v1/oauth/token"],
      ["SEARCH", "/v2/virtual-accounts"],
      ["PROPFIND", "/v1/no/such/operation"],
    ] as const) {
      const res = await send(port, method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      if (method !== "HEAD") expectApi405(res, `${method} ${path}`);
    }
    expect((await send(port, "PROPFIND", "/v1/no/such/operation")).allow).toBe("");
  });

  it("leaves to the route (or the catch-all's 404) every method a route answers, HEAD and OPTIONS included, and every path outside the API", async () => {
    current = table;
    for (const [method, path] of [
      ["GET", "/v1/accounts"],
      ["HEAD", "/v1/accounts"],
      ["OPTIONS", "/v1/oauth/token"],
      ["POST", "/v2/virtual-accounts"],
      ["GET", "/v1/no/such/operation"],
      ["TRACE", "/dashboard"],
    ] as const) {
      expect((await send(port, method, path)).status, `${method} ${path}`).toBe(200);
    }
  });

  it("before the route table has loaded, still refuses the methods no route answers", async () => {
    current = null;
    expectApi405(await send(port, "TRACE", "/v1/accounts"), "TRACE without a table");
    expect((await send(port, "PATCH", "/v1/accounts")).status).toBe(200);
  });
});
