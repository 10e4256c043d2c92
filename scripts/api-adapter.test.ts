import { beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/contract/api/registry";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { sourceRoutes } from "@/tests/route-files";
import { routeTable, type BuiltRoute, type RouteTable } from "./api-adapter.mjs";

// The production API is served by scripts/api-adapter.mjs from the route files; `next dev` serves the same files.
// These tests keep the two from drifting: every API route file is endpoint(operation, handler) of a registered
// operation, and the adapter's table over those files serves exactly the registered operations.
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** The unknown-path 404 of the API: Next keeps serving it (it ranks below every route), the adapter never matches it. */
const CATCH_ALL = "/v1/[...path]";
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
    const api = routes.filter((r) => /^\/v[12]\//.test(r.pathname) && r.pathname !== CATCH_ALL);
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
